// Reading a workbook's sheets into plain rows for ledger/import.ts (exceljs; load this module lazily).
import ExcelJS from 'exceljs';
import type { Cell, SheetData } from './import';
import { checkWorkbookZip, WorkbookError } from './zip-guard';

export { WorkbookError };

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v == null) return null;
  if (typeof v === 'object' && !(v instanceof Date)) {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return (v.result as Cell) ?? null;
    if ('text' in v) return String(v.text);
    return null;
  }
  return v as Cell;
}

/** The workbook's sheets; WorkbookError (code not_xlsx / too_large) before anything is inflated when the zip is no workbook or a bomb (zip-guard.ts). */
export async function readWorkbook(bytes: ArrayBuffer | Uint8Array): Promise<SheetData[]> {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  await checkWorkbookZip(u8);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(u8 as unknown as ArrayBuffer);
  } catch (e) {
    throw new WorkbookError('not_xlsx', `Not an Excel workbook (.xlsx): ${e instanceof Error ? e.message : String(e)}`);
  }
  const out: SheetData[] = [];
  wb.eachSheet((ws) => {
    const rows: Cell[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      const values = row.values as ExcelJS.CellValue[];
      rows[n - 1] = values.slice(1).map(cellValue);
    });
    for (let i = 0; i < rows.length; i++) if (!rows[i]) rows[i] = [];
    out.push({ name: ws.name, rows });
  });
  return out;
}
