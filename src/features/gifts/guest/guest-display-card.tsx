// The counter's "screen for the giver" card (issue 18): pair a second screen by a code (it then
// receives the entry being saved through the server), end it, or turn on the guest panel on this
// tablet when the server cannot be reached; optional Tamil read-back of each saved gift.
import { memo, useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDeviceTv, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { guestDisplayPath } from '../../../../contract/app-paths';
import { GuestEntryCard } from '../../../components/guest-entry-card';
import { ApiRequestError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { createGuestDisplay, guestDisplayState, revokeGuestDisplay } from '../../../lib/guest-api';
import { tamilVoice } from '../../../lib/speech';
import { useGuestFeed, type GuestFeed } from './guest-feed';

type Pairing = { id: string; code: string; codeExpiresAt: string; paired: boolean };
const storeKey = (counterId: string) => `moi.guest.${counterId}`;

function readPairing(counterId: string): Pairing | null {
  try {
    const s = localStorage.getItem(storeKey(counterId));
    return s ? (JSON.parse(s) as Pairing) : null;
  } catch {
    return null;
  }
}
function writePairing(counterId: string, p: Pairing | null) {
  try {
    if (p) localStorage.setItem(storeKey(counterId), JSON.stringify(p));
    else localStorage.removeItem(storeKey(counterId));
  } catch {
    // kept for this page only
  }
}

export const GuestDisplayCard = memo(function GuestDisplayCard({ feed, counterId, panel, onPanel, disabled }: {
  feed: GuestFeed; counterId: string; panel: boolean; onPanel: (on: boolean) => void; disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ta' ? 'ta' : 'en';
  useGuestFeed(feed, false);
  const [pairing, setPairing] = useState<Pairing | null>(() => readPairing(counterId));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [hasVoice, setHasVoice] = useState(() => !!tamilVoice());

  useEffect(() => {
    const p = readPairing(counterId);
    setPairing(p);
    feed.setDisplay(p?.paired ? p.id : null);
    return () => feed.setDisplay(null);
  }, [counterId, feed]);

  useEffect(() => {
    if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
    const update = () => setHasVoice(!!tamilVoice());
    window.speechSynthesis.addEventListener('voiceschanged', update);
    return () => window.speechSynthesis.removeEventListener('voiceschanged', update);
  }, []);

  // While the code is shown: ask every 2 s whether the screen has paired; a pairing gone (revoked elsewhere, expired) is forgotten.
  useEffect(() => {
    if (!pairing || pairing.paired) return;
    const id = setInterval(() => {
      guestDisplayState(pairing.id).then((s) => {
        if (!s.live) {
          writePairing(counterId, null);
          setPairing(null);
        } else if (s.paired) {
          const next = { ...pairing, paired: true };
          writePairing(counterId, next);
          setPairing(next);
          feed.setDisplay(pairing.id);
        }
      }, () => undefined);
    }, 2000);
    return () => clearInterval(id);
  }, [pairing, counterId, feed]);

  const pair = async () => {
    setBusy(true);
    setError(null);
    try {
      if (pairing) await revokeGuestDisplay(pairing.id).catch(() => undefined);
      const made = await createGuestDisplay(counterId);
      const p = { id: made.id, code: made.code, codeExpiresAt: made.codeExpiresAt, paired: false };
      writePairing(counterId, p);
      setPairing(p);
      feed.setDisplay(null);
    } catch (e) {
      const offline = e instanceof ApiRequestError && (e.status === 0 || e.status >= 500);
      setError(offline ? t('guest.serverAway') : t('guest.pairFailed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  const end = async () => {
    if (!pairing) return;
    const id = pairing.id;
    writePairing(counterId, null);
    setPairing(null);
    feed.setDisplay(null);
    await revokeGuestDisplay(id).catch(() => undefined);
  };

  const url = typeof location !== 'undefined' ? `${location.origin}${guestDisplayPath}` : guestDisplayPath;
  return (
    <Card withBorder padding="sm" data-testid="guest-card">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconDeviceTv size={20} aria-hidden />
          <Title order={4}>{t('guest.cardTitle')}</Title>
        </Group>
        <Text size="sm" c="dimmed">{t('guest.cardHint')}</Text>
        {pairing && !pairing.paired && (
          <Stack gap={2} data-testid="guest-code-box">
            <Text size="sm">{t('guest.codeIs', { url })}</Text>
            <Text fw={800} fz={36} ff="monospace" lts={6} data-testid="guest-code">{pairing.code}</Text>
            <Text size="xs" c="dimmed">{t('guest.codeExpires', { time: formatDate(pairing.codeExpiresAt, 'time', lang) })} · {t('guest.notPairedYet')}</Text>
          </Stack>
        )}
        {pairing?.paired && <Text fw={700} c="teal" data-testid="guest-paired">✓ {t('guest.paired')}</Text>}
        {(error || (pairing?.paired && feed.serverAway)) && <Alert color="orange" variant="light" role="alert">{error ?? t('guest.serverAway')}</Alert>}
        <Group gap="xs">
          <Button size="compact-md" variant="light" onClick={() => void pair()} loading={busy} disabled={disabled}>{t('guest.newCode')}</Button>
          {pairing && <Button size="compact-md" variant="subtle" color="red" leftSection={<IconX size={14} />} onClick={() => void end()}>{t('guest.revoke')}</Button>}
        </Group>
        <Switch label={t('guest.panel')} description={t('guest.panelHint')} checked={panel} onChange={(e) => onPanel(e.currentTarget.checked)} />
        <Switch
          label={t('guest.speak')}
          description={hasVoice ? t('guest.speakHint') : t('guest.noVoice')}
          checked={feed.speak}
          disabled={!hasVoice}
          onChange={(e) => feed.setSpeak(e.currentTarget.checked)}
        />
      </Stack>
    </Card>
  );
});

/** The guest panel on this tablet: a large card for the giver, the entry being saved only. */
export const GuestPanel = memo(function GuestPanel({ feed }: { feed: GuestFeed }) {
  const { t } = useTranslation();
  useGuestFeed(feed);
  return (
    <div data-testid="guest-panel" aria-label={t('guest.panelTitle')} role="region">
      <GuestEntryCard entry={feed.entry} waitingText={t('guest.waiting')} />
    </div>
  );
});
