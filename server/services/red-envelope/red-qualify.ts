import type { Query } from '../../db/client';
import type { AnswerSheetRow } from '../../db/rows';
import { col, defineSql } from '../../db/sql';
import type { RedOwner } from './red-envelope-access';

/**
 * The sheets that qualify for a project's running envelope and wait for review: valid (status 1), answered
 * after the budget was paid in (id > after_sheet_id), meeting the rule (score ≥ min_score; among the first N
 * valid ones) and not decided yet (no payout row).
 */
const SHEETS = `
  FROM answer_sheets s JOIN red_envelopes e ON e.project_id = s.project_id
  WHERE s.project_id = $1 AND s.status = 1 AND s.id > e.after_sheet_id AND e.state = 'running'
    AND (e.qualify <> 'score' OR s.score >= e.min_score)
    AND (e.qualify <> 'first' OR (SELECT count(*) FROM answer_sheets o
         WHERE o.project_id = s.project_id AND o.status = 1 AND o.id > e.after_sheet_id AND o.id < s.id) < e.first_n)
    AND NOT EXISTS (SELECT 1 FROM red_envelope_payouts p WHERE p.project_id = s.project_id AND p.sheet_id = s.id)`;

/** A ballot's first vote row stands for the ballot (one ballot may name several players). */
const FIRST_ROW = (b: string) => `${b}.id = (SELECT min(f.id) FROM vote_ballots f WHERE f.vote_id = ${b}.vote_id AND f.ballot_id = ${b}.ballot_id)`;
/**
 * A vote's qualifying ballots, the same way: the ballot's first row valid (not voided), cast after the budget was
 * paid in, among the first N valid ballots for that rule, not decided yet. Votes have no score.
 */
const BALLOTS = `
  FROM vote_ballots s JOIN red_envelopes e ON e.vote_id = s.vote_id
  WHERE s.vote_id = $1 AND s.valid AND s.id > e.after_sheet_id AND e.state = 'running' AND ${FIRST_ROW('s')}
    AND (e.qualify <> 'first' OR (SELECT count(*) FROM vote_ballots o
         WHERE o.vote_id = s.vote_id AND o.valid AND o.id > e.after_sheet_id AND o.id < s.id AND ${FIRST_ROW('o')}) < e.first_n)
    AND NOT EXISTS (SELECT 1 FROM red_envelope_payouts p WHERE p.vote_id = s.vote_id AND p.sheet_id = s.id)`;

const QUALIFYING = (kind: RedOwner['kind']) => (kind === 'vote' ? BALLOTS : SHEETS);

export type PendingSheet = Pick<AnswerSheetRow, 'id' | 'public_id' | 'created_at' | 'score' | 'suspect' | 'suspect_reason' | 'wechat_openid' | 'user_id'>;
const COLUMNS = (kind: RedOwner['kind']) =>
  kind === 'vote'
    ? `s.id::int AS id, s.ballot_id AS public_id, s.created_at, NULL::float8 AS score, s.suspect, s.suspect_reason,
       CASE WHEN s.voter_key LIKE 'w:%' THEN substr(s.voter_key, 3) END AS wechat_openid, s.user_id`
    : 's.id, s.public_id, s.created_at, s.score, s.suspect, s.suspect_reason, s.wechat_openid, s.user_id';

export async function pendingSheets(query: Query, owner: RedOwner, page: number, pageSize: number): Promise<{ list: PendingSheet[]; total: number }> {
  const rows = await query<PendingSheet & { total: number }>(
    `SELECT ${COLUMNS(owner.kind)}, (count(*) OVER ())::int AS total ${QUALIFYING(owner.kind)} ORDER BY s.id LIMIT $2 OFFSET $3`,
    [owner.id, pageSize, (page - 1) * pageSize],
  );
  return { list: rows, total: rows[0]?.total ?? 0 };
}

const pendingCountSql = defineSql('red-qualify.pendingCount', { n: col.int }, (kind: RedOwner['kind']) => `SELECT count(*)::int AS n ${QUALIFYING(kind)}`, [
  ['project'],
  ['vote'],
]);

export async function pendingCount(query: Query, owner: RedOwner): Promise<number> {
  const [row] = await pendingCountSql.run(query, [owner.id], owner.kind);
  return row?.n ?? 0;
}

/** One sheet (a vote's ballot) by its public id (the ballot id), if it qualifies and waits. */
export async function pendingSheet(query: Query, owner: RedOwner, sheetPublicId: string): Promise<PendingSheet | null> {
  const key = owner.kind === 'vote' ? 's.ballot_id' : 's.public_id';
  const [row] = await query<PendingSheet>(`SELECT ${COLUMNS(owner.kind)} ${QUALIFYING(owner.kind)} AND ${key} = $2`, [owner.id, sheetPublicId]);
  return row ?? null;
}

/**
 * Who receives a sheet's envelope: its WeChat openid (what WeChat Pay's 商家转账 needs); without one, in the
 * sandbox only, the respondent's account or else the sheet (the vote's ballot) itself.
 */
export function payeeOf(sheet: Pick<PendingSheet, 'wechat_openid' | 'user_id' | 'public_id'>, kind: RedOwner['kind'] = 'project'): string {
  if (sheet.wechat_openid) return sheet.wechat_openid;
  if (sheet.user_id) return `user:${sheet.user_id}`;
  return kind === 'vote' ? `ballot:${sheet.public_id}` : `sheet:${sheet.public_id}`;
}

/** How the lists name a payee: 微信用户 oAbc…wxyz, 登录用户, 匿名答卷, 匿名投票. */
export function payeeLabel(payee: string): string {
  if (payee.startsWith('user:')) return '登录用户';
  if (payee.startsWith('sheet:')) return '匿名答卷';
  if (payee.startsWith('ballot:')) return '匿名投票';
  if (!payee) return '—';
  return `微信用户 ${payee.slice(0, 4)}…${payee.slice(-4)}`;
}
