// /counter/printer — this device's receipt printer (issue 28): how it is connected, pairing, paper
// width, darkness, printing on save, a test page and short help on which printers work where. The
// entry screen's "Printer settings" leads here; every page of the app reads the same settings.
import { Card } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell';
import { startPrintQueue } from '../../../lib/print/printer';
import { PrinterSettingsPanel } from './printer-settings';

export default function PrinterPage() {
  const { t } = useTranslation();
  // the test page prints from here; a venue printer is offered to a device that never chose one
  useEffect(() => startPrintQueue(), []);
  return (
    <PageShell title={t('pages.printer.title')}>
      <Card withBorder padding="lg" maw={720}>
        <PrinterSettingsPanel />
      </Card>
    </PageShell>
  );
}
