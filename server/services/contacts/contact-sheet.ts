import type { CellValue } from 'exceljs';
import { excel } from '../../lazy-packages';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from '../../../schemas/api/contacts';
import { badInput } from '../errors';

/**
 * An import file read into cell texts (getImportContact): the first sheet of an .xlsx (exceljs, the project's
 * Excel library) or a UTF-8 .csv. Row 1 names the columns; rows are numbered as the spreadsheet numbers them, so the
 * error report's 第N行 is the row the user sees. A date cell reads as 2024-05-01; a formula cell as its result.
 */
export interface TSheet {
  headers: string[];
  rows: { row: number; cells: string[] }[];
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return day(value);
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return value.result instanceof Date ? day(value.result) : String(value.result ?? '');
  if (typeof value === 'object' && 'error' in value) return '';
  return String(value);
}

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const ExcelJS = await excel();
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badInput(CONTACT_MESSAGES.file, 'file');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badInput(CONTACT_MESSAGES.fileEmpty, 'file');
  const rows: string[][] = [];
  // Rows beyond the limit (plus the header) are not read: the count alone refuses the file.
  const last = Math.min(sheet.rowCount, CONTACT_LIMITS.importRows + 2);
  for (let r = 1; r <= last; r++) {
    const cells: string[] = [];
    const row = sheet.getRow(r);
    for (let c = 1; c <= Math.min(row.cellCount, 200); c++) cells.push(cellText(row.getCell(c).value).trim());
    rows.push(cells);
  }
  if (sheet.rowCount > last) rows.push(['…']);
  return rows;
}

/** RFC 4180: commas, quoted cells with "" for a quote, CRLF or LF between rows. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (text[i + 1] === '"') cell += text[++i];
      else quoted = false;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += ch;
  }
  if (cell !== '' || row.length) endRow();
  return rows.map((r) => r.slice(0, 200).map((c) => c.trim()));
}

function csvText(bytes: Buffer): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  if (text.includes('\uFFFD')) throw badInput(CONTACT_MESSAGES.fileEncoding, 'file');
  return text;
}

/** The file's header and non-empty rows; more than CONTACT_LIMITS.importRows rows is refused. */
export async function readSheet(fileName: string, base64: string): Promise<TSheet> {
  const bytes = Buffer.from(base64, 'base64');
  if (!bytes.length) throw badInput(CONTACT_MESSAGES.file, 'file');
  const isCsv = /\.csv$/i.test(fileName);
  const all = isCsv ? csvRows(csvText(bytes)) : await xlsxRows(bytes);
  const [head = [], ...rest] = all;
  const rows = rest.map((cells, i) => ({ row: i + 2, cells })).filter((r) => r.cells.some(Boolean));
  if (!rows.length || !head.some(Boolean)) throw badInput(CONTACT_MESSAGES.fileEmpty, 'file');
  if (rows.length > CONTACT_LIMITS.importRows) throw badInput(CONTACT_MESSAGES.tooManyRows, 'file');
  const width = Math.max(head.length, ...rows.map((r) => r.cells.length));
  const headers = Array.from({ length: width }, (_, i) => head[i] || `第${i + 1}列`);
  return { headers, rows };
}
