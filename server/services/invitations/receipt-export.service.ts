import { excel } from '../../lazy-packages';
import { RECEIPT_EXPORT_LIMIT, RECEIPT_MESSAGES, RECEIPT_STATE_NAMES, type TReceiptFilter, type TReceiptState } from '../../../schemas/api/receipts';
import type { TInvitationChannelName } from '../../../schemas/api/invitations';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { badInput } from '../errors';
import { safeCell } from '../report/report-export';
import { escapeLike, FILTERS, RECEIPTS } from './receipts.service';

/**
 * 导出 on /SMSReceipt.html (activity/contact/exportContactReceipt): the rows the page's filter shows, as an .xlsx
 * answered in base64 like the address book's export. The report power (1 manage, 3 view) exports, as every list
 * export of the project does (chain, check-in, bookings): the receipts name people and their addresses. Text cells
 * pass safeCell (a name "=1+1" stays text); times are written in Asia/Shanghai.
 */
const exportSql = (filter: TReceiptFilter) =>
  defineSql(
    `receipts.export.${filter}`,
    {
      name: col.text,
      address: col.text,
      channel: col.text.as<TInvitationChannelName>(),
      state: col.text.as<TReceiptState>(),
      reason: col.text.orNull(),
      createdAt: col.timestamp,
      sentAt: col.timestamp.orNull(),
      openedAt: col.timestamp.orNull(),
      answeredAt: col.timestamp.orNull(),
      count: col.bigint,
    },
    `SELECT r.name, r.address, r.channel, r.state, r.reason, r.created_at AS "createdAt", r.sent_at AS "sentAt",
            r.opened_at AS "openedAt", r.answered_at AS "answeredAt", r.count
       FROM (${RECEIPTS}) r
      WHERE ($2::text IS NULL OR r.channel = $2) AND ($3::text IS NULL OR r.name ILIKE $3 ESCAPE '\\' OR r.address ILIKE $3 ESCAPE '\\')
        ${filter === 'all' ? '' : `AND ${FILTERS[filter]}`}
      ORDER BY r.created_at DESC, r.contact_id DESC LIMIT $4`,
  );
const EXPORT_SQL = Object.fromEntries((['all', ...Object.keys(FILTERS)] as TReceiptFilter[]).map((f) => [f, exportSql(f)])) as Record<
  TReceiptFilter,
  ReturnType<typeof exportSql>
>;

const CHANNEL_NAMES: Record<TInvitationChannelName, string> = { sms: '短信', email: '邮件' };
export const RECEIPT_EXPORT_HEADERS = ['姓名', '手机号/邮箱', '方式', '发送状态', '原因', '发送时间', '打开链接时间', '作答时间', '发送次数'];
const shanghai = (d: Date | null) => (d ? new Date(d).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '');

export interface ReceiptExportRequest {
  questionId: string;
  state: TReceiptFilter;
  channel?: TInvitationChannelName;
  keyword?: string;
}

export async function exportReceipts(query: Query, user: AuthUser | null, body: ReceiptExportRequest) {
  const { project } = await accessProject(query, user, body.questionId, 'report');
  const keyword = body.keyword ? escapeLike(body.keyword) : null;
  const rows = await EXPORT_SQL[body.state].run(query, [project.id, body.channel ?? null, keyword, RECEIPT_EXPORT_LIMIT + 1]);
  if (!rows.length) throw badInput(RECEIPT_MESSAGES.exportEmpty);
  if (rows.length > RECEIPT_EXPORT_LIMIT) throw badInput(RECEIPT_MESSAGES.exportTooMany);
  const ExcelJS = await excel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('邀请回执');
  sheet.addRow(RECEIPT_EXPORT_HEADERS);
  for (const r of rows) {
    sheet.addRow([
      safeCell(r.name),
      safeCell(r.address),
      CHANNEL_NAMES[r.channel],
      RECEIPT_STATE_NAMES[r.state],
      safeCell(r.reason ?? ''),
      shanghai(r.sentAt ?? r.createdAt),
      shanghai(r.openedAt),
      shanghai(r.answeredAt),
      Number(r.count),
    ]);
  }
  sheet.columns.forEach((column) => (column.width = 20));
  const title = project.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 60) || '项目';
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return { fileName: `邀请回执-${title}.xlsx`, xlsx: buffer.toString('base64'), count: rows.length };
}
