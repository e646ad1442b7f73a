import ExcelJS from 'exceljs';
import { TRANSFER_MESSAGES } from '../../../schemas/api/transfer';
import { MAX_SHEET_ROWS, sheetHeader, subjectRows, type SheetRow } from '../../../schemas/transfer/subject-sheet';
import type { TSubject } from '../../../schemas/subjects/registry';
import { badInput } from '../errors';

/** The subjects sheet as an .xlsx with the project's Excel library (exceljs), and the rows of an uploaded one. */
const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return String(value);
};

export async function subjectsWorkbook(subjects: readonly TSubject[]): Promise<Buffer> {
  const rows = subjectRows(subjects);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('题目');
  sheet.addRow(sheetHeader(rows)).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((c, i) => (c.width = i === 2 ? 40 : i < 5 ? 10 : 18));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The first sheet's rows after the header, numbered as Excel numbers them; empty rows are skipped. */
export async function subjectSheetRows(base64: string): Promise<SheetRow[]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  } catch {
    throw badInput(TRANSFER_MESSAGES.notXlsx, 'content');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badInput(TRANSFER_MESSAGES.xlsxEmpty, 'content');
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const cells: string[] = [];
    sheet.getRow(r).eachCell({ includeEmpty: true }, (cell) => cells.push(cellText(cell.value).trim()));
    if (!cells.some(Boolean)) continue;
    rows.push({ line: r, cells });
    if (rows.length > MAX_SHEET_ROWS) throw badInput(TRANSFER_MESSAGES.tooManyRows, 'content');
  }
  if (!rows.length) throw badInput(TRANSFER_MESSAGES.xlsxEmpty, 'content');
  return rows;
}
