// Printing one piece of the page alone (a receipt, a close sheet, a handover slip): print CSS hides
// everything but `.moi-print-root` while the body has `moi-printing`. The preview button shows the
// piece with an A4 / 80 mm roll choice and keeps the print copy in a portal on the body. Where the
// page offers the device's receipt printer (lib/print/direct-print-context) and the piece can be
// drawn as printer blocks (`doc`), the preview also prints it there (issue 28); the dialog stays.
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPrinter, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDirectPrinter } from '../../lib/print/direct-print-context';
import type { Block, PaperWidth } from '../../lib/print/raster-doc';

export type Paper = 'a4' | '80';
const PAGE: Record<Paper, string> = { a4: 'A4 portrait; margin: 15mm', '80': '80mm auto; margin: 0' };

/** window.print() with the body marked as printing (plus `only`, a class whose CSS hides other print roots). */
export function printAlone(only?: string): void {
  const classes = only ? ['moi-printing', only] : ['moi-printing'];
  document.body.classList.add(...classes);
  const done = () => {
    document.body.classList.remove(...classes);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  try {
    window.print();
  } finally {
    // Some browsers return from print() before printing; afterprint cleans up there.
    setTimeout(done, 1000);
  }
}

type Labels = { open: string; title: string; paper: string; a4: string; roll80: string; print: string };

/** "Print …": a preview with the paper choice; the printout is `render(paper)` alone. */
/** "Print on the receipt printer (80 mm)": queues the piece for the device's printer and says so. */
function DirectPrintButton({ doc }: { doc: (paper: PaperWidth) => Block[] }) {
  const { t } = useTranslation();
  const printer = useDirectPrinter();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  if (!printer) return null;
  const send = async () => {
    setState('sending');
    try {
      await printer.print(doc);
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      {/* the Tamil label is long: it wraps on a phone instead of being cut off */}
      <Button variant="light" leftSection={<IconReceipt size={16} />} loading={state === 'sending'} onClick={() => void send()}
        maw="100%" h="auto" mih={36} py={6} styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}>
        {t('print.onPrinter', { paper: printer.paper })}
      </Button>
      {state === 'sent' && <Text size="sm" c="teal" role="status">{t('print.sentToPrinter')}</Text>}
      {state === 'failed' && <Text size="sm" c="red" role="alert">{t('print.notSent')}</Text>}
    </>
  );
}

export function PrintPreviewButton({ labels, id, testId, rootClass, only, render, doc }: {
  labels: Labels;
  /** Prefix of the element ids in the preview. */
  id: string;
  testId: string;
  /** Extra class of the print root, and the body class that prints it alone (see printAlone). */
  rootClass?: string;
  only?: string;
  render: (paper: Paper) => ReactNode;
  /** The piece as receipt-printer blocks for a 58 or 80 mm roll (offered only where a printer is chosen). */
  doc?: (paper: PaperWidth) => Block[];
}) {
  const [opened, setOpened] = useState(false);
  const [paper, setPaper] = useState<Paper>('a4');
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconPrinter size={14} />} onClick={() => setOpened(true)}>{labels.open}</Button>
      {opened ? (
        <Modal opened onClose={() => setOpened(false)} title={labels.title} size="xl">
          <Stack>
            <Group gap="sm" wrap="wrap">
              <Text size="sm" id={`${id}-paper`}>{labels.paper}</Text>
              <SegmentedControl size="xs" value={paper} onChange={(v) => setPaper(v as Paper)} aria-labelledby={`${id}-paper`}
                data={[{ value: 'a4', label: labels.a4 }, { value: '80', label: labels.roll80 }]} />
              <Button leftSection={<IconPrinter size={16} />} onClick={() => printAlone(only)}>{labels.print}</Button>
              {doc ? <DirectPrintButton doc={doc} /> : null}
            </Group>
            <div className="moi-close-sheet-preview">{render(paper)}</div>
          </Stack>
          {createPortal(
            <div className={rootClass ? `moi-print-root ${rootClass}` : 'moi-print-root'} data-testid={testId}>
              <style>{`@page { size: ${PAGE[paper]}; }`}</style>
              {render(paper)}
            </div>,
            document.body,
          )}
        </Modal>
      ) : null}
    </>
  );
}
