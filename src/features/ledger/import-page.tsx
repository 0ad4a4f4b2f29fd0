// /ledger/import — bring an old moi book in from Excel or CSV: pick the file and sheet; the header row
// and columns are found (a title above the headers does not fool it) and can be changed; the past
// function's name and date (the rows' own dates when the book has a date column). The preview says
// how many rows and how much money will come in, beside the book's own total row and the total the
// host reads off the paper; titles, totals and blank rows are set aside with the reason, and every
// row that is left out can be fixed or ticked in place. Import needs the server (a file is big).
import { Alert, Badge, Button, Card, Checkbox, FileInput, Group, Progress, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { functionTypes, type FunctionType } from '../../../contract/entities';
import type { LedgerImportJob, LedgerImportResult } from '../../../contract/ledger';
import { MAX_INFLATED, WorkbookError } from '../../../ledger/zip-guard';
import {
  fileFingerprint, findHeader, guessColumns, importFields, parseAmount, parseCsv, parseSheet, summarize,
  type ColumnMap, type ImportField, type ParsedRow, type RowFix, type SheetData,
} from '../../../ledger/import';
import { DateField } from '../../components/date-field';
import { AdminPage } from '../../components/management/page';
import { apiFetch } from '../../lib/api';
import { formatDate, formatRupees } from '../../lib/format';
import classes from './import-page.module.css';

const SHOWN = 100;
const PHONE = '(max-width: 47.99em)';

const cellText = (c: unknown) => (c instanceof Date ? c.toISOString().slice(0, 10) : String(c ?? '').trim());

export default function ImportPage() {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(PHONE) ?? false;
  const [file, setFile] = useState<File | null>(null);
  const [sheets, setSheets] = useState<SheetData[] | null>(null);
  const [hash, setHash] = useState('');
  const [sheetIdx, setSheetIdx] = useState(0);
  const [headerRow, setHeaderRow] = useState(0);
  const [cols, setCols] = useState<ColumnMap>({});
  const [title, setTitle] = useState('');
  const [functionType, setFunctionType] = useState<FunctionType>('wedding');
  const [date, setDate] = useState('');
  const [paperTotal, setPaperTotal] = useState('');
  const [fixes, setFixes] = useState<Record<number, RowFix>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<LedgerImportResult | null>(null);
  /** The server's import job under way (issue 30): its progress, polled. */
  const [job, setJob] = useState<LedgerImportJob | null>(null);

  /** Find the header and columns of a sheet; the function's date from the rows' dates when none is typed yet. */
  const readSheet = (s: SheetData) => {
    const h = findHeader(s.rows);
    setHeaderRow(h.row);
    setCols(h.cols);
    setFixes({});
    const dates = summarize(parseSheet(s, h.cols, h.row), {}).dates;
    if (dates) setDate((cur) => cur || dates.common);
  };

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
      if (read[0]) readSheet(read[0]);
      setTitle((cur) => cur || f.name.replace(/\.[^.]+$/, ''));
    } catch (e) {
      // A workbook that is no zip, or a zip bomb, is refused before it is opened (ledger/zip-guard.ts).
      if (e instanceof WorkbookError) setError(e.code === 'too_large' ? t('ledger.import.tooLarge', { max: MAX_INFLATED / 1024 / 1024 }) : t('ledger.import.notXlsx'));
      else setError(t('ledger.import.unreadable', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  const sheet = sheets?.[sheetIdx] ?? null;
  const header = sheet?.rows[headerRow] ?? [];
  const parsed = useMemo(() => (sheet ? parseSheet(sheet, cols, headerRow) : []), [sheet, cols, headerRow]);
  const summary = useMemo(() => summarize(parsed, fixes), [parsed, fixes]);
  const sent = useMemo(() => new Set(summary.rows.map((r) => r.row)), [summary]);
  const problems = parsed.filter((r) => r.error && !r.setAside).length;
  const dup = parsed.filter((r) => r.duplicateOf != null).length;
  const setFix = (row: number, f: RowFix) => setFixes((cur) => ({ ...cur, [row]: { ...cur[row], ...f } }));
  const hasDates = (cols.date ?? -1) >= 0;
  const paper = paperTotal.trim() ? parseAmount(paperTotal) : null;
  const day = (d: string) => formatDate(d, 'date', i18n.language);

  const run = async () => {
    if (!title.trim() || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setError(t('ledger.import.needTitle'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // A job on the server (issue 30): stored in chunks and grouped off the request path; its progress is polled.
      const { jobId } = await apiFetch<{ jobId: string }>('/moi/ledger/import/jobs', {
        method: 'POST',
        timeoutMs: 120_000,
        json: {
          fileName: file?.name ?? 'book', fileHash: hash, title: title.trim(), functionType, date,
          rows: summary.rows.map(({ date: d, ...r }) => ({ sheet: sheet!.name, ...r, ...(d ? { date: d } : {}) })),
        },
      });
      for (;;) {
        const j = await apiFetch<LedgerImportJob>(`/moi/ledger/import/jobs/${jobId}`);
        setJob(j);
        if (j.status === 'done') { setResult(j.result); break; }
        if (j.status === 'failed') { setError(t('ledger.import.failed')); break; }
        await new Promise((r) => setTimeout(r, 1000));
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setJob(null);
      setBusy(false);
    }
  };

  const columnData = [{ value: '-1', label: t('ledger.import.notInFile') }, ...header.map((h, i) => ({ value: String(i), label: `${i + 1}: ${cellText(h)}` }))];
  const headerData = (sheet?.rows ?? []).slice(0, 15).map((r, i) => ({ value: String(i), label: `${i + 1}: ${(r ?? []).map(cellText).filter(Boolean).join(' · ').slice(0, 60)}` }));
  // What needs the host's eye first: set-aside rows (not blank), problems and repeats; then the rest.
  const attention = (r: ParsedRow) => (r.setAside ? r.setAside !== 'blank' : !!r.error || r.duplicateOf != null);
  const shown = [...parsed.filter(attention), ...parsed.filter((r) => !r.setAside && !attention(r))].slice(0, SHOWN);
  const setAsideText = (['total', 'title', 'blank'] as const).filter((k) => summary.setAside[k]).map((k) => t(`ledger.import.setAsideCount.${k}`, { count: summary.setAside[k] })).join(' · ');

  const compare = (label: string, amount: number, testId: string) => {
    const diff = summary.total - amount;
    return (
      <Text size="sm" data-testid={testId} c={diff ? 'red' : 'teal'}>
        {label}: {formatRupees(amount)} — {diff ? t(diff > 0 ? 'ledger.import.over' : 'ledger.import.under', { amount: formatRupees(Math.abs(diff)) }) : t('ledger.import.agrees')}
      </Text>
    );
  };

  const reason = (r: ParsedRow) => {
    const f = fixes[r.row] ?? {};
    const out: ReactNode[] = [];
    if (r.setAside === 'total') out.push(<Badge key="s" color="grape" variant="light">{r.totalOf === 'word' ? t('ledger.import.reason.totalWord') : t('ledger.import.reason.totalSum', { count: r.totalOf ?? 0 })}</Badge>);
    if (r.setAside === 'title') out.push(<Badge key="s" color="gray" variant="light">{t('ledger.import.reason.title')}</Badge>);
    if (r.error && !r.setAside) out.push(<Badge key="e" color={r.error === 'bad_mobile' || r.error === 'bad_date' ? 'orange' : 'red'} variant="light">{t(`ledger.import.error.${r.error}`)}</Badge>);
    if (r.duplicateOf != null) out.push(<Badge key="d" color="yellow" variant="light">{t('ledger.import.repeatOf', { row: r.duplicateOf })}</Badge>);
    if (r.error === 'bad_mobile') {
      out.push(<TextInput key="m" size="xs" mt={4} label={t('ledger.import.fixMobile', { row: r.row })} description={t('ledger.import.withoutMobile')} value={f.mobile ?? r.mobile} onChange={(e) => setFix(r.row, { mobile: e.currentTarget.value })} inputMode="tel" maw={220} />);
    }
    if (r.error === 'bad_date') {
      out.push(<TextInput key="t" size="xs" mt={4} label={t('ledger.import.fixDate', { row: r.row })} description={t('ledger.import.withoutDate')} value={f.date ?? r.date} onChange={(e) => setFix(r.row, { date: e.currentTarget.value })} maw={220} />);
    }
    return out;
  };

  return (
    <AdminPage title={t('pages.ledgerImport.title')} intro={t('ledger.import.intro')}>
      {error ? <Alert color="red">{error}</Alert> : null}
      {job ? (
        <Stack gap={4} data-testid="import-progress" aria-live="polite">
          <Text size="sm">{job.phase === 'storing' ? t('ledger.import.progressStoring', { done: job.done, total: job.total }) : t('ledger.import.progressMatching')}</Text>
          <Progress value={job.phase === 'storing' && job.total ? (100 * job.done) / job.total : 100} animated={job.phase !== 'storing'} aria-label={t('ledger.import.progressMatching')} />
        </Stack>
      ) : null}
      {result ? <Alert color="teal" data-testid="import-done">{t('ledger.import.done', { imported: result.imported, already: result.alreadyImported, dup: result.duplicates })}</Alert> : null}
      <Card withBorder radius="md">
        <Stack>
          <FileInput label={t('ledger.import.file')} placeholder={t('ledger.import.filePlaceholder')} styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }} accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" value={file} onChange={(f) => { void open(f); }} clearable maw={480} />
          {busy && !sheets ? <Text c="dimmed">{t('ledger.import.reading')}</Text> : null}
          {sheets && sheets.length > 1 ? (
            <Select label={t('ledger.import.sheet')} data={sheets.map((s, i) => ({ value: String(i), label: s.name }))} value={String(sheetIdx)} onChange={(v) => { const i = Number(v ?? 0); setSheetIdx(i); readSheet(sheets[i]); }} allowDeselect={false} maw={320} />
          ) : null}
          {sheet ? (
            <>
              <Select label={t('ledger.import.headerRow')} description={t('ledger.import.headerRowHint')} data={headerData} value={String(headerRow)} onChange={(v) => { const i = Number(v ?? 0); setHeaderRow(i); setCols(guessColumns(sheet.rows[i] ?? [])); setFixes({}); }} allowDeselect={false} maw={480} />
              <Text fw={600}>{t('ledger.import.columns')}</Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {importFields.map((f: ImportField) => (
                  <Select key={f} label={t(`ledger.import.field.${f}`)} data={columnData} value={String(cols[f] ?? -1)} onChange={(v) => setCols((c) => ({ ...c, [f]: Number(v ?? -1) }))} allowDeselect={false} />
                ))}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label={t('ledger.import.eventTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} required />
                <Select label={t('ledger.import.functionType')} data={functionTypes.map((f) => ({ value: f, label: t(`glossary.functionType.${f}`) }))} value={functionType} onChange={(v) => v && setFunctionType(v as FunctionType)} allowDeselect={false} />
                <DateField label={t('ledger.import.date')} value={date} onChange={setDate} required description={hasDates ? t('ledger.import.dateFromRows') : undefined} />
              </SimpleGrid>
            </>
          ) : null}
        </Stack>
      </Card>
      {sheet ? (
        <Stack gap="xs">
          <Card withBorder radius="md" data-testid="import-summary">
            <Stack gap={4}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700} size="lg" data-testid="import-total">{t('ledger.import.toImport', { count: summary.rows.length, total: formatRupees(summary.total) })}</Text>
                <Button onClick={() => { void run(); }} loading={busy} disabled={!summary.rows.length}>{t('ledger.import.start', { count: summary.rows.length })}</Button>
              </Group>
              <Text size="sm" c="dimmed" data-testid="import-counts">{t('ledger.import.counts', { good: summary.rows.length, bad: problems, dup })}</Text>
              {setAsideText ? <Text size="sm" data-testid="import-set-aside">{t('ledger.import.setAside', { list: setAsideText })}</Text> : null}
              {summary.leftOut ? <Text size="sm" data-testid="import-left-out">{t('ledger.import.leftOut', { count: summary.leftOut })}{summary.leftOutMoney ? ` · ${formatRupees(summary.leftOutMoney)}` : ''}</Text> : null}
              {summary.dates && hasDates ? <Text size="sm">{t('ledger.import.dates', { first: day(summary.dates.first), last: day(summary.dates.last) })}</Text> : null}
              {summary.bookTotal ? compare(t('ledger.import.bookTotal', { row: summary.bookTotal.row }), summary.bookTotal.amount, 'import-book-total') : null}
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput label={t('ledger.import.paperTotal')} description={t('ledger.import.paperTotalHint')} value={paperTotal} onChange={(e) => setPaperTotal(e.currentTarget.value)} inputMode="numeric" maw={260} />
              </Group>
              {paper != null ? compare(t('ledger.import.paperTotalShort'), paper, 'import-paper-total') : null}
            </Stack>
          </Card>
          <Text fw={600}>{t('ledger.import.preview')}</Text>
          <Table.ScrollContainer minWidth={phone ? 0 : 760} type="native">
            <Table striped className={classes.preview}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ledger.import.include')}</Table.Th>
                  <Table.Th>{t('ledger.import.row')}</Table.Th>
                  <Table.Th>{t('ledger.import.field.page')}</Table.Th>
                  <Table.Th>{t('ledger.import.field.name')}</Table.Th>
                  <Table.Th>{t('ledger.import.field.village')}</Table.Th>
                  <Table.Th className={classes.num}>{t('ledger.import.field.amount')}</Table.Th>
                  {hasDates ? <Table.Th>{t('ledger.import.field.date')}</Table.Th> : null}
                  <Table.Th>{t('ledger.import.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((r) => {
                  const f = fixes[r.row] ?? {};
                  const inBook = sent.has(r.row);
                  // A title or heading is not a gift: shown as written, nothing to tick or fill in.
                  const heading = r.setAside === 'title';
                  const needsName = !r.name && !heading;
                  const needsAmount = r.amount == null && !heading;
                  return (
                    <Table.Tr key={r.row} data-testid="import-row" data-row={r.row} data-set-aside={r.setAside ?? undefined} className={inBook ? undefined : classes.out}>
                      <Table.Td className={classes.include}><Checkbox aria-label={`${t('ledger.import.include')} ${t('ledger.import.row')} ${r.row}`} checked={inBook} disabled={heading} onChange={(e) => setFix(r.row, { include: e.currentTarget.checked })} /></Table.Td>
                      <Table.Td className={classes.where} data-label={t('ledger.import.row')}>{r.row}</Table.Td>
                      <Table.Td className={classes.page} data-label={t('ledger.import.field.page')}>{r.page}</Table.Td>
                      <Table.Td className={classes.name}>
                        {heading ? <Text span size="sm" fs="italic">{(sheet.rows[r.row - 1] ?? []).map(cellText).filter(Boolean).join(' · ')}</Text> : needsName
                          ? <TextInput size="xs" aria-label={`${t('ledger.import.field.name')} ${r.row}`} placeholder={t('ledger.import.field.name')} value={f.name ?? ''} onChange={(e) => setFix(r.row, { name: e.currentTarget.value, include: true })} />
                          : <Text span fw={600} size="sm">{[r.initial, r.name].filter(Boolean).join(' ')}</Text>}
                      </Table.Td>
                      <Table.Td className={classes.village}>{heading ? '' : r.village}</Table.Td>
                      <Table.Td className={classes.num}>
                        {needsAmount
                          ? <TextInput size="xs" w={120} ml="auto" aria-label={`${t('ledger.import.field.amount')} ${r.row}`} placeholder={t('ledger.import.field.amount')} value={f.amount ?? ''} onChange={(e) => setFix(r.row, { amount: e.currentTarget.value, include: true })} />
                          : r.amount != null ? formatRupees(r.amount) : ''}
                      </Table.Td>
                      {hasDates ? <Table.Td className={classes.date} data-label={t('ledger.import.field.date')}>{heading ? '' : /^\d{4}-\d{2}-\d{2}$/.test(r.date) ? day(r.date) : r.date}</Table.Td> : null}
                      <Table.Td className={classes.problem}>{reason(r)}</Table.Td>
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
