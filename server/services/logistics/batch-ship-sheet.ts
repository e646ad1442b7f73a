import type { CellValue, Worksheet } from 'exceljs';
import { excel } from '../../lazy-packages';
import { badInput } from '../errors';
import { LOGISTICS_MESSAGES } from '../../../schemas/logistics/carriers';

/** One row of a batch-shipping sheet as typed (checked afterwards, row by row). */
export interface SheetShipRow {
  row: number;
  orderNo: string;
  carrier: string;
  trackingNo: string;
}

const MAX_ROWS = 2_000;
const HEADERS: Record<string, keyof Omit<SheetShipRow, 'row'>> = {
  订单号: 'orderNo',
  订单编号: 'orderNo',
  快递公司: 'carrier',
  物流公司: 'carrier',
  快递: 'carrier',
  快递单号: 'trackingNo',
  运单号: 'trackingNo',
  物流单号: 'trackingNo',
};

const cellText = (value: CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return String(value);
};

async function firstSheet(base64: string): Promise<Worksheet> {
  const ExcelJS = await excel();
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  } catch {
    throw badInput('无法读取Excel文件，请上传.xlsx格式的文件', 'xlsx');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badInput('Excel文件中没有工作表', 'xlsx');
  return sheet;
}

/** The rows of a batch-shipping .xlsx (base64): its first row names the columns 订单号, 快递公司, 快递单号. */
export async function readShipSheet(base64: string): Promise<SheetShipRow[]> {
  const sheet = await firstSheet(base64);
  const columns = new Map<number, keyof Omit<SheetShipRow, 'row'>>();
  sheet.getRow(1).eachCell((cell, col) => {
    const field = HEADERS[cellText(cell.value).trim()];
    if (field && ![...columns.values()].includes(field)) columns.set(col, field);
  });
  if (columns.size < 3) throw badInput('Excel第一行须有“订单号”“快递公司”“快递单号”三列', 'xlsx');
  const rows: SheetShipRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row: SheetShipRow = { row: r, orderNo: '', carrier: '', trackingNo: '' };
    for (const [col, field] of columns) row[field] = cellText(sheet.getRow(r).getCell(col).value).trim().slice(0, 64);
    if (!row.orderNo && !row.carrier && !row.trackingNo) continue;
    rows.push(row);
    if (rows.length > MAX_ROWS) throw badInput(LOGISTICS_MESSAGES.tooMany, 'xlsx');
  }
  if (!rows.length) throw badInput(LOGISTICS_MESSAGES.noRows, 'xlsx');
  return rows;
}
