// The QR that leads a guest to their own moi form (/qr, issue 30 item 4): on a family's invitation
// (the ledger's invitations) or at the queue (an event's page). Drawn on the device (QrSvg), printed
// as a page of its own (the QR, who or what it is for, one line of help), shared or copied as a link.
import { useState, type MouseEvent } from 'react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconCopy, IconPrinter, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QrSvg } from './qr-svg';

/** The link as a person reads it (Tamil letters, not their percent-escapes). */
const readable = (link: string) => {
  try {
    return decodeURI(link);
  } catch {
    return link;
  }
};
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A printable page with the QR: a window of its own, so the app's screen is not printed around it. */
function printQr(svg: string, heading: string, caption: string, hint: string, lang: string) {
  const w = window.open('', '_blank', 'width=600,height=800');
  if (!w) return;
  w.document.write(`<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><title>${esc(heading)}</title>
<style>body{font-family:'Noto Sans Tamil','Noto Sans',sans-serif;text-align:center;margin:24px}svg{width:70mm;height:70mm}h1{font-size:20px;margin:0 0 8px}p{font-size:15px;margin:8px 0}</style></head>
<body><h1>${esc(heading)}</h1>${svg}<p><b>${esc(caption)}</b></p><p>${esc(hint)}</p></body></html>`);
  w.document.close();
  w.focus();
  w.print();
}

export function GiverFormQr({ link, caption, testId }: { link: string; caption: string; testId?: string }) {
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const print = (e: MouseEvent<HTMLButtonElement>) => {
    const svg = e.currentTarget.closest('[data-giver-form-qr]')?.querySelector('svg[data-qr]')?.outerHTML ?? '';
    printQr(svg, t('events.formQr.printTitle'), caption, t('events.formQr.scanHint'), i18n.language);
  };
  const share = () => void navigator.share({ title: t('events.formQr.printTitle'), text: `${caption} — ${t('events.formQr.scanHint')}`, url: link }).catch(() => undefined);
  const copy = () => void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => undefined);
  return (
    <Stack gap="xs" align="center" data-giver-form-qr="" data-testid={testId}>
      <div style={{ width: 240, maxWidth: '100%' }}>
        <QrSvg text={link} label={t('events.formQr.label')} width="100%" />
      </div>
      <Text fw={600} ta="center" style={{ overflowWrap: 'anywhere' }}>{caption}</Text>
      <Text size="sm" c="dimmed" ta="center">{t('events.formQr.scanHint')}</Text>
      <Text size="xs" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {t('events.formQr.link')}: <Anchor href={link} target="_blank" rel="noreferrer" data-testid="giver-form-link">{readable(link)}</Anchor>
      </Text>
      <Group gap="xs" justify="center">
        <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={print}>{t('events.formQr.print')}</Button>
        {canShare ? <Button variant="light" leftSection={<IconShare size={16} />} onClick={share}>{t('events.formQr.share')}</Button> : null}
        <Button variant="subtle" leftSection={<IconCopy size={16} />} onClick={copy}>{copied ? t('events.formQr.copied') : t('events.formQr.copy')}</Button>
      </Group>
    </Stack>
  );
}
