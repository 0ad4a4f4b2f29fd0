// The export dialog's "Villages in the book" (issue 27 item 5): the book's village pages with their
// figures (worked out by the book's own code from this device's gifts, so they are the PDF's, Excel's
// and CSV's), and two small forms — merge one village into another, rename one — whose rules are kept
// with the event through the outbox (offline too), so every device's book and the server's print them.
// The event's owners and admins change them; others see them read-only.
import { Alert, Box, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookVillageRule, Counter, MoiEvent } from '../../../contract/entities';
import { policy } from '../../../contract/policy';
import { addVillageRule } from '../../../report/villages';
import { updateBookVillages, useBookVillageFigures } from '../../data/report/book-villages';
import { useStoredEvent } from '../../data/report/giver-options';
import { usePolicyActor, useSignedInUser } from '../../data/gift-queries';
import { formatNumber, formatRupees } from '../format';

type Note = { kind: 'saved' | 'error'; text: string };

export function BookVillagesFields({ event, counters }: { event: MoiEvent; counters: Counter[] }) {
  const { t } = useTranslation();
  const stored = useStoredEvent(event.id) ?? event;
  const rules = stored.bookVillages ?? [];
  const user = useSignedInUser();
  const actor = usePolicyActor(user);
  const canEdit = !!actor && policy['event.bookVillages'](actor, stored, counters).ok;
  const [open, setOpen] = useState(false);
  const figures = useBookVillageFigures(event.id, open);
  const [note, setNote] = useState<Note | null>(null);
  const id = useId();

  const save = async (update: (current: BookVillageRule[]) => BookVillageRule[], done: string) => {
    setNote(null);
    try {
      await updateBookVillages(event.id, update);
      setNote({ kind: 'saved', text: done });
    } catch {
      setNote({ kind: 'error', text: t('report.bookVillages.failed') });
    }
  };
  const add = (rule: BookVillageRule) => save((cur) => addVillageRule(cur, rule, stored.villageAliases), t('report.bookVillages.saved', rule));
  const undo = (rule: BookVillageRule) => save((cur) => cur.filter((r) => r.from !== rule.from || r.to !== rule.to), t('report.bookVillages.undone', rule));

  // The village pages that have a name (the "village not given" page cannot be merged or renamed).
  const names = (figures ?? []).map((f) => f.village).filter(Boolean);

  return (
    <Stack gap="xs" data-testid="book-villages">
      <div>
        <Text size="sm" fw={500} id={`${id}-title`}>{t('report.bookVillages.title')}</Text>
        <Text size="xs" c="dimmed">{t('report.bookVillages.intro')}</Text>
      </div>
      <Group>
        <Button variant="light" size="xs" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={`${id}-panel`}>
          {t(open ? 'report.bookVillages.hide' : 'report.bookVillages.show')}
        </Button>
      </Group>
      {open ? (
        <Stack gap="sm" id={`${id}-panel`} role="region" aria-labelledby={`${id}-title`}>
          {figures === undefined ? <Text size="sm" c="dimmed">{t('report.bookVillages.reading')}</Text> : null}
          {figures && figures.length === 0 ? <Text size="sm" c="dimmed">{t('report.bookVillages.none')}</Text> : null}
          {figures && figures.length > 0 ? (
            // Fits a 390 px phone without sideways scrolling: fixed columns for the figures, the village's
            // names wrap; long lists scroll inside their own box.
            <Box mah={260} style={{ overflowY: 'auto' }}>
              <Table striped withTableBorder verticalSpacing={4} horizontalSpacing={6} fz="sm" layout="fixed" data-testid="book-village-figures">
                <colgroup><col /><col style={{ width: '5rem' }} /><col style={{ width: '5.75rem' }} /></colgroup>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('report.bookVillages.village')}</Table.Th>
                    <Table.Th ta="right">{t('report.bookVillages.gifts')}</Table.Th>
                    <Table.Th ta="right">{t('report.bookVillages.total')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {figures.map((f) => {
                    const others = f.spellings.map((s) => s.spelling).filter((s) => s && s !== f.village);
                    return (
                      <Table.Tr key={f.village || '-'}>
                        <Table.Td style={{ overflowWrap: 'break-word' }}>
                          {f.village || t('report.bookVillages.noVillage')}
                          {others.length ? <Text size="xs" c="dimmed">{t('report.bookVillages.alsoTyped', { names: others.join(', ') })}</Text> : null}
                        </Table.Td>
                        <Table.Td ta="right">{formatNumber(f.count)}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatRupees(f.subtotal)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Box>
          ) : null}
          {canEdit ? (
            <>
              <MergeForm names={names} onMerge={(from, to) => void add({ from, to })} />
              <RenameForm names={names} onRename={(from, to) => void add({ from, to })} />
            </>
          ) : (
            <Text size="xs" c="dimmed">{t('report.bookVillages.readOnly')}</Text>
          )}
          {note ? <Alert color={note.kind === 'error' ? 'red' : 'teal'} role="status" py={6}>{note.text}</Alert> : null}
        </Stack>
      ) : null}
      {rules.length ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('report.bookVillages.changes')}</Text>
          {rules.map((r) => (
            <Group key={`${r.from}\u0000${r.to}`} gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{t('report.bookVillages.rule', r)}</Text>
              {canEdit ? (
                <Button size="compact-xs" variant="subtle" onClick={() => void undo(r)} aria-label={t('report.bookVillages.undoLabel', r)}>
                  {t('report.bookVillages.undo')}
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function MergeForm({ names, onMerge }: { names: string[]; onMerge: (from: string, to: string) => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const same = !!from && from === to;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!from || !to || same) return;
    onMerge(from, to);
    setFrom(null);
    setTo(null);
    setTried(false);
  };
  return (
    <form onSubmit={submit} data-testid="village-merge">
      <Group align="flex-end" gap="xs">
        <Select label={t('report.bookVillages.mergeFrom')} data={names} value={from} onChange={setFrom} searchable clearable limit={50}
          placeholder={t('report.bookVillages.pick')} error={tried && !from ? t('report.bookVillages.pick') : undefined} style={{ flex: '1 1 10rem' }} />
        <Select label={t('report.bookVillages.mergeInto')} data={names.filter((n) => n !== from)} value={to} onChange={setTo} searchable clearable limit={50}
          placeholder={t('report.bookVillages.pick')} error={tried && (!to || same) ? t(same ? 'report.bookVillages.sameVillage' : 'report.bookVillages.pick') : undefined} style={{ flex: '1 1 10rem' }} />
        <Button type="submit" variant="default">{t('report.bookVillages.merge')}</Button>
      </Group>
    </form>
  );
}

function RenameForm({ names, onRename }: { names: string[]; onRename: (from: string, to: string) => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState('');
  const [tried, setTried] = useState(false);
  const name = to.trim().replace(/\s+/g, ' ');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!from || !name || name === from) return;
    onRename(from, name);
    setFrom(null);
    setTo('');
    setTried(false);
  };
  return (
    <form onSubmit={submit} data-testid="village-rename">
      <Group align="flex-end" gap="xs">
        <Select label={t('report.bookVillages.renameFrom')} data={names} value={from} onChange={(v) => { setFrom(v); if (v && !to) setTo(v); }} searchable clearable limit={50}
          placeholder={t('report.bookVillages.pick')} error={tried && !from ? t('report.bookVillages.pick') : undefined} style={{ flex: '1 1 10rem' }} />
        <TextInput label={t('report.bookVillages.renameTo')} value={to} onChange={(e) => setTo(e.currentTarget.value)} maxLength={200}
          error={tried && (!name || name === from) ? t('report.bookVillages.newNameRequired') : undefined} style={{ flex: '1 1 10rem' }} />
        <Button type="submit" variant="default">{t('report.bookVillages.rename')}</Button>
      </Group>
    </form>
  );
}
