// The printer's state on the entry screen: ready / printing / not connected with the receipts that
// wait (and Retry), receipts a closed tab may not have printed (Print again / Dismiss), and the way
// into the printer settings (the /counter/printer page).
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IconPrinter, IconPrinterOff, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useQueueSummary } from '../../../data/print-queue';
import { isDirect, retryNow, settleUnsure, usePrinterPhase, usePrinterSettings } from '../../../lib/print/printer';

export function PrinterStatus() {
  const { t } = useTranslation();
  const settings = usePrinterSettings();
  const phase = usePrinterPhase();
  const q = useQueueSummary();
  const direct = isDirect(settings.transport);
  const waiting = (q?.waiting ?? 0) + (q?.sending ?? 0);
  const offline = direct && phase === 'offline';
  const label = !direct ? t('print.state.none') : offline ? t('print.state.offline') : phase === 'printing' || waiting > 0 ? t('print.state.printing') : t('print.state.ready');
  return (
    <>
      <Group gap="xs" data-testid="printer-status" data-phase={direct ? (offline ? 'offline' : phase) : 'none'} data-waiting={waiting}>
        <Badge size="lg" variant="light" tt="none" color={!direct ? 'gray' : offline ? 'orange' : 'teal'}
          leftSection={offline || !direct ? <IconPrinterOff size={14} /> : <IconPrinter size={14} />}>{label}</Badge>
        <Button size="compact-sm" variant="subtle" leftSection={<IconSettings size={14} />} component={Link} to="/counter/printer">{t('print.settingsLink')}</Button>
      </Group>
      {offline && waiting > 0 && (
        <Alert color="orange" variant="light" p="xs" data-testid="printer-waiting">
          <Group gap="sm" justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" fw={600}>{t('print.savedNotPrinted')}</Text>
              <Text size="sm">{t('print.state.waiting', { count: waiting })}</Text>
            </div>
            <Button size="xs" color="orange" style={{ flexShrink: 0 }} onClick={() => void retryNow()}>{t('print.retry')}</Button>
          </Group>
        </Alert>
      )}
      {(q?.unsure ?? 0) > 0 && (
        <Alert color="yellow" variant="light" data-testid="printer-unsure" title={t('print.unsure', { count: q?.unsure ?? 0 })}>
          <Group gap="sm">
            <Button size="xs" onClick={() => void settleUnsure(true)}>{t('print.printAgain')}</Button>
            <Button size="xs" variant="subtle" onClick={() => void settleUnsure(false)}>{t('print.dismiss')}</Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
