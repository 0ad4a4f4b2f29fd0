// Pay-by-QR at the counter: a upi://pay link for the entered amount, drawn on the device (offline)
// with the qrcode package, so the giver scans the tablet with any UPI app.
import { useEffect, useState } from 'react';
import { Alert, Image, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../../lib/format';

/** upi://pay?pa=<vpa>&pn=<payee>&am=<amount>&cu=INR&tn=<note> (NPCI deep-link parameters). */
export function upiLink(p: { upiId: string; payee: string; amount: number; note: string }): string {
  const q = new URLSearchParams({ pa: p.upiId, pn: p.payee, am: String(p.amount), cu: 'INR', tn: p.note });
  return `upi://pay?${q.toString().replace(/\+/g, '%20')}`;
}

export function UpiQr({ upiId, payee, amount, note }: { upiId: string | null; payee: string; amount: number | null; note: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const link = upiId && amount ? upiLink({ upiId, payee, amount, note }) : null;
  useEffect(() => {
    let live = true;
    if (!link) {
      setSrc(null);
      return;
    }
    QRCode.toDataURL(link, { margin: 1, width: 240, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [link]);
  if (!upiId) return <Alert color="gray" variant="light">{t('gifts.upi.noUpiId')}</Alert>;
  if (!amount) return <Alert color="blue" variant="light">{t('gifts.upi.needAmount')}</Alert>;
  return (
    <Stack gap={4} align="center" data-testid="upi-qr" data-link={link ?? ''}>
      <Text fw={600} ta="center">{t('gifts.upi.title')}</Text>
      {src && <Image src={src} alt={t('gifts.upi.qrAlt', { amount: formatRupees(amount) })} w={200} h={200} />}
      <Text size="sm" c="dimmed" ta="center">{t('gifts.upi.payee', { payee })} · {formatRupees(amount)}</Text>
    </Stack>
  );
}
