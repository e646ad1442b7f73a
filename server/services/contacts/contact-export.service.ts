import { excel } from '../../lazy-packages';
import { BUILTIN_FIELD_NAMES, CONTACT_LIMITS, UNGROUPED_NAME } from '../../../schemas/api/contacts';
import type { Query } from '../../db/client';
import { safeCell } from '../report/report-export';
import { fieldDefs } from './contact-fields.service';
import { ownGroup } from './contact-groups.service';
import { CONTACT_COLUMNS, CONTACT_FROM, contactView, type ContactViewRow } from './contacts.service';

/** The last column: what the contact unsubscribed from (短信、邮件), empty when nothing. An import ignores it. */
const OPT_OUT_HEAD = '已退订';

/**
 * 导出 (activity/contact/exportContact): the book, or one group (0 = 未分组), as an .xlsx with every field. Text
 * cells pass safeCell (reliability rule 6: a name like "=1+1" gets a leading quote, so Excel shows it as text and
 * the import takes the quote off again); numbers stay numbers.
 */
export async function exportContacts(query: Query, userId: number, groupId?: number): Promise<{ fileName: string; xlsx: string; count: number }> {
  const group = groupId ? await ownGroup(query, userId, groupId) : null;
  const defs = await fieldDefs(query, userId);
  const rows = await query<ContactViewRow>(
    `SELECT ${CONTACT_COLUMNS} FROM ${CONTACT_FROM}
      WHERE c.user_id = $1 AND ($2::int IS NULL OR ($2 = 0 AND c.group_id IS NULL) OR c.group_id = $2) ORDER BY c.id LIMIT $3`,
    [userId, groupId ?? null, CONTACT_LIMITS.contacts],
  );
  const ExcelJS = await excel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('通讯录');
  const { name, phone, email, group: groupHead, createTime } = BUILTIN_FIELD_NAMES;
  sheet.addRow([name, phone, email, groupHead, ...defs.map((d) => d.name), createTime, OPT_OUT_HEAD].map(safeCell));
  for (const row of rows) {
    const c = contactView(row);
    const custom = defs.map((d) => {
      const v = c.fields[String(d.id)];
      return typeof v === 'number' ? v : safeCell(v ?? '');
    });
    const at = new Date(c.createTime).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
    const optedOut = [c.smsOptOut && '短信', c.emailOptOut && '邮件'].filter(Boolean).join('、');
    sheet.addRow([safeCell(c.name), c.phone, safeCell(c.email), safeCell(c.groupName), ...custom, at, optedOut]);
  }
  sheet.columns.forEach((col) => (col.width = 18));
  const label = groupId === 0 ? UNGROUPED_NAME : (group?.name ?? '全部');
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return { fileName: `通讯录-${label.replace(/[\\/:*?"<>|\r\n]+/g, '_')}.xlsx`, xlsx: buffer.toString('base64'), count: rows.length };
}
