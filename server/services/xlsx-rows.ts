import type { CellValue } from 'exceljs';
import { excel } from '../lazy-packages';
import { badInput } from './errors';

/** A cell's text as Excel shows it (rich text joined, a hyperlink's text, a formula's cached result). */
export const cellText = (value: CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return String(value);
};

export interface SheetRowsRules {
  /** The request field the file came in (named in the refusal). */
  field: string;
  /** Rows after the header at most. */
  max: number;
  messages: { unreadable: string; empty: string; tooMany: string };
}

/**
 * An uploaded .xlsx (base64): the first sheet's rows after the header as trimmed cell texts, numbered as Excel numbers
 * them; empty rows skipped. Not a workbook, no sheet, no rows or more than `max` rows: "400" with the caller's message.
 */
export async function readSheetRows(base64: string, rules: SheetRowsRules): Promise<{ line: number; cells: string[] }[]> {
  const ExcelJS = await excel();
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  } catch {
    throw badInput(rules.messages.unreadable, rules.field);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badInput(rules.messages.empty, rules.field);
  const rows: { line: number; cells: string[] }[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const cells: string[] = [];
    sheet.getRow(r).eachCell({ includeEmpty: true }, (cell) => cells.push(cellText(cell.value).trim()));
    if (!cells.some(Boolean)) continue;
    rows.push({ line: r, cells });
    if (rows.length > rules.max) throw badInput(rules.messages.tooMany, rules.field);
  }
  if (!rows.length) throw badInput(rules.messages.empty, rules.field);
  return rows;
}
