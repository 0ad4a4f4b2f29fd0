// /ledger/book — back-entry: type an old paper moi book (a past function) as fast as the counter:
// keyboard first (Enter in the amount adds the row and returns to the name), the page number kept on
// each row. What is typed stays on this device (a draft) until "Save the book" sends it as a past
// event of the host (POST /moi/ledger/import, sheet "paper"); saving the same draft again imports nothing twice.
import { Alert, Button, Card, CloseButton, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { functionTypes, type FunctionType } from '../../../contract/entities';
import type { LedgerImportResult } from '../../../contract/ledger';
import { DateField } from '../../components/date-field';
import { AdminPage } from '../../components/management/page';
import { apiFetch } from '../../lib/api';
import { formatRupees } from '../../lib/format';
import { uuidv7 } from '../../../contract/ids';

type Row = { page: string; name: string; initial: string; village: string; amount: number };
type Draft = { id: string; title: string; functionType: FunctionType; date: string; page: string; rows: Row[] };
const KEY = 'moi.ledger.paperBook';
const fresh = (): Draft => ({ id: uuidv7(), title: '', functionType: 'wedding', date: '', page: '1', rows: [] });

function loadDraft(): Draft {
  try {
    const d = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Draft | null;
    return d && Array.isArray(d.rows) ? d : fresh();
  } catch {
    return fresh();
  }
}

export default function BookPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(loadDraft);
  const [line, setLine] = useState({ name: '', initial: '', village: '', amount: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<LedgerImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => { localStorage.setItem(KEY, JSON.stringify(draft)); }, [draft]);

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const add = () => {
    const amount = Number(line.amount.replace(/[,\s₹]/g, ''));
    const e: Record<string, string> = {};
    if (!line.name.trim()) e.name = t('ledger.book.needName');
    if (!Number.isInteger(amount) || amount <= 0) e.amount = t('ledger.book.needAmount');
    setErrors(e);
    if (Object.keys(e).length) return;
    setDraft((d) => ({ ...d, rows: [...d.rows, { page: d.page, name: line.name.trim(), initial: line.initial.trim(), village: line.village.trim(), amount }] }));
    // The village often repeats down a page: it stays.
    setLine((l) => ({ name: '', initial: '', village: l.village, amount: '' }));
    nameRef.current?.focus();
  };
  const onAmountKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  const total = draft.rows.reduce((s, r) => s + r.amount, 0);
  const save = async () => {
    if (!draft.title.trim() || !/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) {
      setFailure(t('ledger.book.needTitle'));
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const r = await apiFetch<LedgerImportResult>('/moi/ledger/import', {
        method: 'POST',
        json: {
          fileName: t('ledger.book.fileName', { title: draft.title.trim() }), fileHash: `paper-${draft.id}`, title: draft.title.trim(),
          functionType: draft.functionType, date: draft.date,
          rows: draft.rows.map((r, i) => ({ sheet: 'paper', row: i + 1, page: r.page, name: r.name, initial: r.initial, village: r.village, mobile: '', amount: r.amount, note: '' })),
        },
      });
      setResult(r);
      setDraft(fresh());
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AdminPage title={t('pages.ledgerBook.title')} intro={t('ledger.book.intro')}>
      {result ? <Alert color="teal" withCloseButton onClose={() => setResult(null)} data-testid="book-saved">{t('ledger.import.done', { imported: result.imported, already: result.alreadyImported, dup: result.duplicates })}</Alert> : null}
      {failure ? <Alert color="red">{failure}</Alert> : null}
      <Card withBorder radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <TextInput label={t('ledger.book.functionTitle')} value={draft.title} onChange={(e) => set('title', e.currentTarget.value)} required />
          <Select label={t('ledger.book.functionType')} data={functionTypes.map((f) => ({ value: f, label: t(`glossary.functionType.${f}`) }))} value={draft.functionType} onChange={(v) => v && set('functionType', v as FunctionType)} allowDeselect={false} />
          <DateField label={t('ledger.book.date')} value={draft.date} onChange={(v) => set('date', v)} required />
          <TextInput label={t('ledger.book.page')} value={draft.page} onChange={(e) => set('page', e.currentTarget.value)} inputMode="numeric" maw={160} />
        </SimpleGrid>
      </Card>
      <Card withBorder radius="md">
        <form onSubmit={(ev) => { ev.preventDefault(); add(); }}>
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <TextInput ref={nameRef} name="name" label={t('ledger.book.name')} value={line.name} onChange={(e) => setLine({ ...line, name: e.currentTarget.value })} error={errors.name} autoComplete="off" required />
              <TextInput name="initial" label={t('ledger.book.initial')} value={line.initial} onChange={(e) => setLine({ ...line, initial: e.currentTarget.value })} autoComplete="off" />
              <TextInput name="village" label={t('ledger.book.village')} value={line.village} onChange={(e) => setLine({ ...line, village: e.currentTarget.value })} autoComplete="off" />
              <TextInput name="amount" label={t('ledger.book.amount')} value={line.amount} onChange={(e) => setLine({ ...line, amount: e.currentTarget.value })} onKeyDown={onAmountKey} error={errors.amount} inputMode="numeric" autoComplete="off" required />
            </SimpleGrid>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">{t('ledger.book.addHint')}</Text>
              <Button type="submit" variant="light">{t('ledger.book.add')}</Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Group justify="space-between" wrap="wrap">
        <Text fw={600} data-testid="book-count">{t('ledger.book.rows', { count: draft.rows.length, total: formatRupees(total) })}</Text>
        <Button onClick={() => { void save(); }} loading={saving} disabled={!draft.rows.length}>{t('ledger.book.save', { count: draft.rows.length })}</Button>
      </Group>
      <Text size="sm" c="dimmed">{t('ledger.book.draftKept')}</Text>
      {draft.rows.length === 0 ? <Text c="dimmed">{t('ledger.book.empty')}</Text> : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ledger.book.page')}</Table.Th>
                <Table.Th>{t('ledger.book.name')}</Table.Th>
                <Table.Th>{t('ledger.book.village')}</Table.Th>
                <Table.Th ta="right">{t('ledger.book.amount')}</Table.Th>
                <Table.Th><VisuallyHidden>{t('ledger.book.remove')}</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...draft.rows.entries()].reverse().map(([i, r]) => (
                <Table.Tr key={i} data-testid="book-row">
                  <Table.Td>{r.page}</Table.Td>
                  <Table.Td>{[r.initial, r.name].filter(Boolean).join(' ')}</Table.Td>
                  <Table.Td>{r.village}</Table.Td>
                  <Table.Td ta="right">{formatRupees(r.amount)}</Table.Td>
                  <Table.Td><CloseButton aria-label={t('ledger.book.removeRow', { name: r.name })} onClick={() => set('rows', draft.rows.filter((_, j) => j !== i))} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </AdminPage>
  );
}
