import type { Query } from '../../db/client';
import type { AnswerSheetRow } from '../../db/rows';
import { col, defineSql } from '../../db/sql';

/**
 * The sheets that qualify for a project's running envelope and wait for review: valid (status 1), answered
 * after the budget was paid in (id > after_sheet_id), meeting the rule (score ≥ min_score; among the first N
 * valid ones) and not decided yet (no payout row).
 */
const QUALIFYING = `
  FROM answer_sheets s JOIN red_envelopes e ON e.project_id = s.project_id
  WHERE s.project_id = $1 AND s.status = 1 AND s.id > e.after_sheet_id AND e.state = 'running'
    AND (e.qualify <> 'score' OR s.score >= e.min_score)
    AND (e.qualify <> 'first' OR (SELECT count(*) FROM answer_sheets o
         WHERE o.project_id = s.project_id AND o.status = 1 AND o.id > e.after_sheet_id AND o.id < s.id) < e.first_n)
    AND NOT EXISTS (SELECT 1 FROM red_envelope_payouts p WHERE p.project_id = s.project_id AND p.sheet_id = s.id)`;

export type PendingSheet = Pick<AnswerSheetRow, 'id' | 'public_id' | 'created_at' | 'score' | 'suspect' | 'suspect_reason' | 'wechat_openid' | 'user_id'>;
const COLUMNS = 's.id, s.public_id, s.created_at, s.score, s.suspect, s.suspect_reason, s.wechat_openid, s.user_id';

export async function pendingSheets(query: Query, projectId: number, page: number, pageSize: number): Promise<{ list: PendingSheet[]; total: number }> {
  const rows = await query<PendingSheet & { total: number }>(
    `SELECT ${COLUMNS}, (count(*) OVER ())::int AS total ${QUALIFYING} ORDER BY s.id LIMIT $2 OFFSET $3`,
    [projectId, pageSize, (page - 1) * pageSize],
  );
  return { list: rows, total: rows[0]?.total ?? 0 };
}

const pendingCountSql = defineSql('red-qualify.pendingCount', { n: col.int }, `SELECT count(*)::int AS n ${QUALIFYING}`);

export async function pendingCount(query: Query, projectId: number): Promise<number> {
  const [row] = await pendingCountSql.run(query, [projectId]);
  return row?.n ?? 0;
}

/** One sheet by its public id, if it qualifies and waits. */
export async function pendingSheet(query: Query, projectId: number, sheetPublicId: string): Promise<PendingSheet | null> {
  const [row] = await query<PendingSheet>(`SELECT ${COLUMNS} ${QUALIFYING} AND s.public_id = $2`, [projectId, sheetPublicId]);
  return row ?? null;
}

/**
 * Who receives a sheet's envelope: its WeChat openid (what WeChat Pay's 商家转账 needs); without one, in the
 * sandbox only, the respondent's account or else the sheet itself.
 */
export function payeeOf(sheet: Pick<PendingSheet, 'wechat_openid' | 'user_id' | 'public_id'>): string {
  if (sheet.wechat_openid) return sheet.wechat_openid;
  return sheet.user_id ? `user:${sheet.user_id}` : `sheet:${sheet.public_id}`;
}

/** How the lists name a payee: 微信用户 oAbc…wxyz, 登录用户, 匿名答卷. */
export function payeeLabel(payee: string): string {
  if (payee.startsWith('user:')) return '登录用户';
  if (payee.startsWith('sheet:')) return '匿名答卷';
  if (!payee) return '—';
  return `微信用户 ${payee.slice(0, 4)}…${payee.slice(-4)}`;
}
