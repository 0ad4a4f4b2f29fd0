// Printer settings (issue 28), per device (the /counter/printer page, printer-page.tsx): how the printer is connected, pairing, paper width,
// darkness, printing on save, a test page, and short help on which printers work where.
import { useEffect, useState } from 'react';
import { Alert, Button, Group, List, Radio, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBluetooth, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isDirect, pairPrinter, printsOnSave, setPrinterSettings, transportSupported, usePrinterSettings } from '../../../lib/print/printer';
import type { TransportKind } from '../../../lib/print/transports/types';
import type { Density } from '../../../lib/print/raster-doc';

// 'none' prints through the browser's dialog, the fallback everywhere (iOS has no other).
const KINDS: TransportKind[] = ['venue', 'bluetooth', 'serial', 'usb', 'none'];

export function PrinterSettingsPanel() {
  const { t } = useTranslation();
  const s = usePrinterSettings();
  const [venue, setVenue] = useState<boolean | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../../lib/print/transports/venue').then((m) => m.venueStatus()).then((v) => live && setVenue(v.configured), () => live && setVenue(false));
    return () => {
      live = false;
    };
  }, []);
  const pairable = s.transport === 'bluetooth' || s.transport === 'serial' || s.transport === 'usb';
  const pair = async () => {
    setError(null);
    try {
      await pairPrinter(s.transport as 'bluetooth' | 'serial' | 'usb');
    } catch (err) {
      // the chooser closed without a printer, or the browser refused
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const test = async () => {
    setNote(null);
    const { printTestPage } = await import('../../../lib/print/test-page');
    await printTestPage(t as unknown as (k: string, o?: Record<string, unknown>) => string);
    setNote(t('print.settings.testSent'));
  };
  return (
    <Stack gap="md" data-testid="printer-settings">
      <Text size="sm">{t('print.settings.intro')}</Text>
      <Radio.Group label={t('print.settings.transport')} value={s.transport} onChange={(v) => setPrinterSettings({ transport: v as TransportKind, chosen: true, deviceId: undefined, deviceName: undefined })}>
        <Stack gap={6} mt={4}>
          {KINDS.map((k) => <Radio key={k} value={k} label={t(`print.settings.transports.${k}`)} disabled={!transportSupported(k)} description={transportSupported(k) ? undefined : t('print.settings.unsupported')} />)}
        </Stack>
      </Radio.Group>
      {s.transport === 'venue' && venue !== null && (
        <Alert color={venue ? 'teal' : 'orange'} variant="light">{venue ? t('print.settings.venueReady') : t('print.settings.venueMissing')}</Alert>
      )}
      {pairable && (
        <Group gap="sm">
          <Button leftSection={<IconBluetooth size={16} />} onClick={() => void pair()}>{t('print.settings.pair')}</Button>
          <Text size="sm">{s.deviceName ? t('print.settings.paired', { name: s.deviceName }) : t('print.settings.notPaired')}</Text>
        </Group>
      )}
      {error && <Alert color="red" variant="light">{error}</Alert>}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="printer-paper">{t('print.settings.paper')}</Text>
        <SegmentedControl aria-labelledby="printer-paper" value={s.paper} onChange={(v) => setPrinterSettings({ paper: v as '58' | '80' })}
          data={[{ value: '58', label: t('print.settings.paper58') }, { value: '80', label: t('print.settings.paper80') }]} />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="printer-density">{t('print.settings.density')}</Text>
        <SegmentedControl aria-labelledby="printer-density" value={s.density} onChange={(v) => setPrinterSettings({ density: v as Density })}
          data={(['light', 'normal', 'dark'] as const).map((d) => ({ value: d, label: t(`print.settings.densities.${d}`) }))} />
      </Stack>
      <Switch label={t('print.settings.printOnSave')} checked={printsOnSave(s)} disabled={!isDirect(s.transport)} onChange={(e) => setPrinterSettings({ printOnSave: e.currentTarget.checked })} />
      <Group gap="sm">
        <Button variant="light" leftSection={<IconPrinter size={16} />} disabled={!isDirect(s.transport)} onClick={() => void test()}>{t('print.settings.test')}</Button>
        {note && <Text size="sm" c="teal" role="status">{note}</Text>}
      </Group>
      <Stack gap={4}>
        <Title order={5}>{t('print.settings.helpTitle')}</Title>
        <List size="sm" spacing={4}>
          <List.Item>{t('print.settings.helpAndroid')}</List.Item>
          <List.Item>{t('print.settings.helpWindows')}</List.Item>
          <List.Item>{t('print.settings.helpIos')}</List.Item>
        </List>
      </Stack>
    </Stack>
  );
}
