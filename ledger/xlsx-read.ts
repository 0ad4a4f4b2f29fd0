// Reading a workbook's sheets into plain rows for ledger/import.ts (exceljs; load this module lazily).
import ExcelJS from 'exceljs';
import type { Cell, SheetData } from './import';

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

export async function readWorkbook(bytes: ArrayBuffer | Uint8Array): Promise<SheetData[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) as unknown as ArrayBuffer);
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
