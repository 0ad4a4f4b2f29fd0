// Printing one piece of the page alone (a receipt, a close sheet, a handover slip): print CSS hides
// everything but `.moi-print-root` while the body has `moi-printing`. The preview button shows the
// piece with an A4 / 80 mm roll choice and keeps the print copy in a portal on the body.
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';

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
export function PrintPreviewButton({ labels, id, testId, rootClass, only, render }: {
  labels: Labels;
  /** Prefix of the element ids in the preview. */
  id: string;
  testId: string;
  /** Extra class of the print root, and the body class that prints it alone (see printAlone). */
  rootClass?: string;
  only?: string;
  render: (paper: Paper) => ReactNode;
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
