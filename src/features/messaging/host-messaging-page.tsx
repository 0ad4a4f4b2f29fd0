// /event/messaging — in an event's settings, the host family's numbers and how often they hear the
// totals (every N gifts, every M minutes, or only at the end), for the event's admins (issue 15).
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, NativeSelect, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hostRhythms, type HostMessaging } from '../../../contract/messaging';
import { AdminPage } from '../../components/management/page';
import { EventSelect } from '../../components/management/event-select';
import { RemoteStatus, apiErrorText } from '../../components/management/api-error';
import { useEventsLive } from '../../data/admin-queries';
import { getHostMessaging, saveHostMessaging } from '../../lib/messaging-api';
import { useEventParam } from '../../lib/use-event-param';
import { toApiError, useRemote } from '../../lib/use-remote';

function HostForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const remote = useRemote(() => getHostMessaging(eventId), [eventId]);
  const [h, setH] = useState<HostMessaging | null>(null);
  const [mobiles, setMobiles] = useState('');
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (remote.data) {
      setH(remote.data);
      setMobiles(remote.data.mobiles.join(', '));
    }
  }, [remote.data]);
  if (!h) return <RemoteStatus remote={remote} empty={false} emptyTitle="" />;
  return (
    <Card withBorder radius="md" maw={640}>
      <form onSubmit={(e) => {
        e.preventDefault();
        setMsg(null);
        const body = { ...h, mobiles: mobiles.split(/[,\s]+/).filter(Boolean) };
        saveHostMessaging(eventId, body).then(() => setMsg({ ok: true, text: t('messaging.host.saved') }), (err: unknown) => setMsg({ ok: false, text: apiErrorText(t, toApiError(err)) }));
      }}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('messaging.host.intro')}</Text>
          <TextInput label={t('messaging.host.mobiles')} value={mobiles} onChange={(e) => setMobiles(e.currentTarget.value)} placeholder="9876543210, 9123456789" inputMode="numeric" />
          <Group grow align="start">
            <NativeSelect label={t('messaging.host.channel')} value={h.channel} onChange={(e) => setH({ ...h, channel: e.currentTarget.value as HostMessaging['channel'] })}
              data={[{ value: 'whatsapp', label: t('messaging.channel.whatsapp') }, { value: 'sms', label: t('messaging.channel.sms') }]} />
            <NativeSelect label={t('messaging.host.lang')} value={h.lang} onChange={(e) => setH({ ...h, lang: e.currentTarget.value as HostMessaging['lang'] })}
              data={[{ value: 'ta', label: t('messaging.lang.ta') }, { value: 'en', label: t('messaging.lang.en') }]} />
          </Group>
          {/* Choices as radios: the Tamil "only at the end (closes and the day's total)" is too long for a phone's select box. */}
          <Radio.Group label={t('messaging.host.rhythm')} value={h.rhythm} onChange={(v) => setH({ ...h, rhythm: v as HostMessaging['rhythm'] })}>
            <Stack gap={6} mt={4}>
              {hostRhythms.map((r) => <Radio key={r} value={r} label={t(`messaging.host.rhythms.${r}`)} />)}
            </Stack>
          </Radio.Group>
          {h.rhythm === 'every_gifts' && <NumberInput label={t('messaging.host.everyGifts')} min={1} max={10000} value={h.everyGifts ?? ''} onChange={(v) => setH({ ...h, everyGifts: typeof v === 'number' ? v : null })} />}
          {h.rhythm === 'every_minutes' && <NumberInput label={t('messaging.host.everyMinutes')} min={5} max={1440} value={h.everyMinutes ?? ''} onChange={(v) => setH({ ...h, everyMinutes: typeof v === 'number' ? v : null })} />}
          <Group><Button type="submit">{t('messaging.host.save')}</Button></Group>
          {msg && <Alert color={msg.ok ? 'green' : 'red'} role="status">{msg.text}</Alert>}
        </Stack>
      </form>
    </Card>
  );
}

export default function HostMessagingPage() {
  const { t } = useTranslation();
  const events = useEventsLive();
  const [eventId, setEventId] = useEventParam(events);
  return (
    <AdminPage title={t('pages.hostMessaging.title')}>
      <Stack gap="md">
        {events && <EventSelect events={events} value={eventId} onChange={setEventId} />}
        {eventId && <HostForm key={eventId} eventId={eventId} />}
      </Stack>
    </AdminPage>
  );
}
