import { excel } from '../../lazy-packages';
import { WHITE_MAX_BATCH, WHITE_MESSAGES, type TWhiteAddResult } from '../../../schemas/api/whitelist';
import { nameRow, phoneRow } from '../../../schemas/whitelist/white-rules';
import type { Database, Query } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { readSheetRows } from '../xlsx-rows';
import { addRows, allEntries, whiteSettingsOf } from './white-entries.service';

/** importWhite and exportWhite: the list as an .xlsx, with the project's existing Excel library (exceljs). */
/** The first sheet's rows as cell texts, numbered as Excel numbers them (row 1 is the header and is skipped). */
const sheetRows = (base64: string) =>
  readSheetRows(base64, {
    field: 'xlsx',
    max: WHITE_MAX_BATCH,
    messages: { unreadable: WHITE_MESSAGES.xlsx, empty: WHITE_MESSAGES.xlsxEmpty, tooMany: WHITE_MESSAGES.tooManyLines },
  });

/** importWhite: an .xlsx (columns 手机号 [姓名], or 姓名 and the second field); refused rows name their Excel row. */
export async function importWhite(database: Database, user: AuthUser | null, body: { questionId: string; xlsx: string }): Promise<TWhiteAddResult> {
  // Power first: a stranger learns nothing from how a file reads.
  await accessProject(database.query, user, body.questionId, 'edit');
  const rows = await sheetRows(body.xlsx);
  return addRows(database, user, body.questionId, (mode, fieldLabel) =>
    rows.map(({ line, cells }) => ({
      line,
      text: cells.filter(Boolean).join(' '),
      read: mode === 'phone' ? phoneRow(cells.join('\t')) : nameRow(cells, fieldLabel),
    })),
  );
}

/** exportWhite: the current mode's entries with their answer status, as an .xlsx (base64). */
export async function exportWhite(query: Query, user: AuthUser | null, questionId: string): Promise<{ fileName: string; xlsx: string }> {
  const { project } = await accessProject(query, user, questionId, 'read');
  const { mode, fieldLabel } = whiteSettingsOf(project);
  const rows = await allEntries(query, project.id, mode);
  const ExcelJS = await excel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('白名单');
  const head = mode === 'phone' ? ['手机号', '姓名'] : mode === 'name' ? ['姓名', fieldLabel] : ['访问码'];
  sheet.addRow([...head, '作答状态', '作答次数', '最近作答时间']);
  for (const r of rows) {
    const who = mode === 'phone' ? [r.phone, r.name] : mode === 'name' ? [r.name, r.field] : [r.key];
    const at = r.answered_at ? new Date(r.answered_at).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '';
    sheet.addRow([...who, r.answer_count > 0 ? '已作答' : '未作答', r.answer_count, at]);
  }
  sheet.columns.forEach((c) => (c.width = 18));
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return { fileName: `${project.title || '问卷'}-答题白名单.xlsx`, xlsx: buffer.toString('base64') };
}
