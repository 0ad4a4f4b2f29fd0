// /ledger/import — bring an old moi book in from Excel or CSV: pick the file and sheet, the columns
// (guessed from the header), the past function's name and date; preview with each row's problem or
// repeat, fix a bad row's name or amount or leave it out; then import (online: a file is big).
import { Alert, Badge, Button, Card, Checkbox, FileInput, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { functionTypes, type FunctionType } from '../../../contract/entities';
import type { LedgerImportResult } from '../../../contract/ledger';
import { fileFingerprint, guessColumns, importFields, parseAmount, parseCsv, parseSheet, type ColumnMap, type ImportField, type ParsedRow, type SheetData } from '../../../ledger/import';
import { DateField } from '../../components/date-field';
import { AdminPage } from '../../components/management/page';
import { apiFetch } from '../../lib/api';
import { formatRupees } from '../../lib/format';

const SHOWN = 100;

type Fix = { name?: string; amount?: string; include?: boolean };

export default function ImportPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [sheets, setSheets] = useState<SheetData[] | null>(null);
  const [hash, setHash] = useState('');
  const [sheetIdx, setSheetIdx] = useState(0);
  const [cols, setCols] = useState<ColumnMap>({});
  const [title, setTitle] = useState('');
  const [functionType, setFunctionType] = useState<FunctionType>('wedding');
  const [date, setDate] = useState('');
  const [fixes, setFixes] = useState<Record<number, Fix>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<LedgerImportResult | null>(null);

  const open = async (f: File | null) => {
    setFile(f);
    setSheets(null);
    setResult(null);
    setError(null);
    setFixes({});
    if (!f) return;
    setBusy(true);
    try {
      const bytes = new Uint8Array(await f.arrayBuffer());
      const read = /\.csv$/i.test(f.name) || f.type === 'text/csv'
        ? [{ name: 'CSV', rows: parseCsv(new TextDecoder().decode(bytes)) }]
        : await (await import('../../../ledger/xlsx-read')).readWorkbook(bytes);
      setHash(fileFingerprint(bytes));
      setSheets(read);
      setSheetIdx(0);
      setCols(guessColumns(read[0]?.rows[0] ?? []));
      setTitle((cur) => cur || f.name.replace(/\.[^.]+$/, ''));
    } catch (e) {
      setError(t('ledger.import.unreadable', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  const sheet = sheets?.[sheetIdx] ?? null;
  const header = sheet?.rows[0] ?? [];
  const parsed = useMemo(() => (sheet ? parseSheet(sheet, cols) : []), [sheet, cols]);
  /** A row after the host's fixes: what will be sent, or null when left out. */
  const effective = (r: ParsedRow): ParsedRow | null => {
    const f = fixes[r.row];
    const name = f?.name ?? r.name;
    const amount = f?.amount !== undefined ? parseAmount(f.amount) : r.amount;
    const fixed = { ...r, name, amount, error: !name ? 'no_name' as const : amount == null ? 'bad_amount' as const : r.error === 'bad_mobile' ? r.error : null };
    const include = f?.include ?? (!r.error && r.duplicateOf == null);
    return include && !fixed.error ? fixed : null;
  };
  const toSend = parsed.map(effective).filter((r): r is ParsedRow => !!r);
  const bad = parsed.filter((r) => r.error).length;
  const dup = parsed.filter((r) => r.duplicateOf != null).length;
  const setFix = (row: number, f: Fix) => setFixes((cur) => ({ ...cur, [row]: { ...cur[row], ...f } }));

  const run = async () => {
    if (!title.trim() || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setError(t('ledger.import.needTitle'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult(await apiFetch<LedgerImportResult>('/moi/ledger/import', {
        method: 'POST',
        timeoutMs: 120_000,
        json: {
          fileName: file?.name ?? 'book', fileHash: hash, title: title.trim(), functionType, date,
          rows: toSend.map((r) => ({ sheet: sheet!.name, row: r.row, page: r.page, name: r.name, initial: r.initial, village: r.village, mobile: r.mobile.length === 10 ? r.mobile : '', amount: r.amount!, note: r.note })),
        },
      }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const columnData = [{ value: '-1', label: t('ledger.import.notInFile') }, ...header.map((h, i) => ({ value: String(i), label: `${i + 1}: ${String(h ?? '')}` }))];

  return (
    <AdminPage title={t('pages.ledgerImport.title')} intro={t('ledger.import.intro')}>
      {error ? <Alert color="red">{error}</Alert> : null}
      {result ? <Alert color="teal" data-testid="import-done">{t('ledger.import.done', { imported: result.imported, already: result.alreadyImported, dup: result.duplicates })}</Alert> : null}
      <Card withBorder radius="md">
        <Stack>
          <FileInput label={t('ledger.import.file')} placeholder={t('ledger.import.filePlaceholder')} styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }} accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" value={file} onChange={(f) => { void open(f); }} clearable maw={480} />
          {busy && !sheets ? <Text c="dimmed">{t('ledger.import.reading')}</Text> : null}
          {sheets && sheets.length > 1 ? (
            <Select label={t('ledger.import.sheet')} data={sheets.map((s, i) => ({ value: String(i), label: s.name }))} value={String(sheetIdx)} onChange={(v) => { const i = Number(v ?? 0); setSheetIdx(i); setCols(guessColumns(sheets[i].rows[0] ?? [])); }} allowDeselect={false} maw={320} />
          ) : null}
          {sheet ? (
            <>
              <Text fw={600}>{t('ledger.import.columns')}</Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {importFields.map((f: ImportField) => (
                  <Select key={f} label={t(`ledger.import.field.${f}`)} data={columnData} value={String(cols[f] ?? -1)} onChange={(v) => setCols((c) => ({ ...c, [f]: Number(v ?? -1) }))} allowDeselect={false} />
                ))}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label={t('ledger.import.eventTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} required />
                <Select label={t('ledger.import.functionType')} data={functionTypes.map((f) => ({ value: f, label: t(`glossary.functionType.${f}`) }))} value={functionType} onChange={(v) => v && setFunctionType(v as FunctionType)} allowDeselect={false} />
                <DateField label={t('ledger.import.date')} value={date} onChange={setDate} required />
              </SimpleGrid>
            </>
          ) : null}
        </Stack>
      </Card>
      {sheet ? (
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>{t('ledger.import.preview')} · <Text span c="dimmed" data-testid="import-counts">{t('ledger.import.counts', { good: toSend.length, bad, dup })}</Text></Text>
            <Button onClick={() => { void run(); }} loading={busy} disabled={!toSend.length}>{t('ledger.import.start', { count: toSend.length })}</Button>
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ledger.import.include')}</Table.Th>
                  <Table.Th>{t('ledger.import.row')}</Table.Th>
                  <Table.Th>{t('ledger.import.field.page')}</Table.Th>
                  <Table.Th>{t('ledger.import.field.name')}</Table.Th>
                  <Table.Th>{t('ledger.import.field.village')}</Table.Th>
                  <Table.Th>{t('ledger.import.field.amount')}</Table.Th>
                  <Table.Th>{t('ledger.import.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...parsed.filter((r) => r.error || r.duplicateOf != null), ...parsed.filter((r) => !r.error && r.duplicateOf == null)].slice(0, SHOWN).map((r) => {
                  const f = fixes[r.row] ?? {};
                  const eff = effective(r);
                  return (
                    <Table.Tr key={r.row} data-testid="import-row">
                      <Table.Td><Checkbox aria-label={`${t('ledger.import.include')} ${t('ledger.import.row')} ${r.row}`} checked={!!eff} onChange={(e) => setFix(r.row, { include: e.currentTarget.checked })} /></Table.Td>
                      <Table.Td>{r.row}</Table.Td>
                      <Table.Td>{r.page}</Table.Td>
                      <Table.Td>
                        {r.error === 'no_name'
                          ? <TextInput size="xs" aria-label={`${t('ledger.import.field.name')} ${r.row}`} value={f.name ?? ''} onChange={(e) => setFix(r.row, { name: e.currentTarget.value, include: true })} />
                          : [r.initial, r.name].filter(Boolean).join(' ')}
                      </Table.Td>
                      <Table.Td>{r.village}</Table.Td>
                      <Table.Td>
                        {r.error === 'bad_amount'
                          ? <TextInput size="xs" aria-label={`${t('ledger.import.field.amount')} ${r.row}`} value={f.amount ?? ''} onChange={(e) => setFix(r.row, { amount: e.currentTarget.value, include: true })} />
                          : r.amount != null ? formatRupees(r.amount) : ''}
                      </Table.Td>
                      <Table.Td>
                        {r.error ? <Badge color="red" variant="light">{t(`ledger.import.error.${r.error}`)}</Badge> : null}
                        {r.duplicateOf != null ? <Badge color="yellow" variant="light">{t('ledger.import.repeatOf', { row: r.duplicateOf })}</Badge> : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {parsed.length > SHOWN ? <Text size="sm" c="dimmed">{t('ledger.import.more', { shown: SHOWN, total: parsed.length })}</Text> : null}
        </Stack>
      ) : null}
    </AdminPage>
  );
}
