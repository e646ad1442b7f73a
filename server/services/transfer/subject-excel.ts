import { excel } from '../../lazy-packages';
import { TRANSFER_MESSAGES } from '../../../schemas/api/transfer';
import { MAX_SHEET_ROWS, sheetHeader, subjectRows, type SheetRow } from '../../../schemas/transfer/subject-sheet';
import type { TSubject } from '../../../schemas/subjects/registry';
import { readSheetRows } from '../xlsx-rows';

/** The subjects sheet as an .xlsx with the project's Excel library (exceljs), and the rows of an uploaded one. */
export async function subjectsWorkbook(subjects: readonly TSubject[]): Promise<Buffer> {
  const rows = subjectRows(subjects);
  const ExcelJS = await excel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('题目');
  sheet.addRow(sheetHeader(rows)).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((c, i) => (c.width = i === 2 ? 40 : i < 5 ? 10 : 18));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The first sheet's rows after the header, numbered as Excel numbers them; empty rows are skipped. */
export const subjectSheetRows = (base64: string): Promise<SheetRow[]> =>
  readSheetRows(base64, {
    field: 'content',
    max: MAX_SHEET_ROWS,
    messages: { unreadable: TRANSFER_MESSAGES.notXlsx, empty: TRANSFER_MESSAGES.xlsxEmpty, tooMany: TRANSFER_MESSAGES.tooManyRows },
  });
