import type { TRiskScreenInfo, TRiskScreenResult } from '../../../schemas/api/report';
import { QUOTA_BUY_PATHS, QUOTA_EMPTY_MESSAGES } from '../../../schemas/money/catalog';
import { REASON_SEPARATOR, RISK_IP_SHEETS, RISK_IP_WINDOW_MINUTES, RISK_REASONS } from '../../../schemas/money/risk-rules';
import type { Database, Query } from '../../db/client';
import type { ProjectRow } from '../../db/rows';
import { col, defineSql } from '../../db/sql';
import { conflict } from '../errors';
import { consumeQuota, quotasOf } from './quota.service';

/** A project's valid sheets the screening has not taken yet. */
const pendingSql = defineSql(
  'risk-screen.pending',
  { n: col.int },
  'SELECT count(*)::int AS n FROM answer_sheets WHERE project_id = $1 AND status = 1 AND risk_screened_at IS NULL',
);

/** The owner's risk quota row, locked: parallel screenings of the owner's projects take turns here. */
const lockQuotaSql = defineSql(
  'risk-screen.lockQuota',
  { remaining: col.int },
  `SELECT remaining FROM user_quotas WHERE user_id = $1 AND kind = 'risk' FOR UPDATE`,
);

/** Claims up to $2 unscreened valid sheets, oldest first; a sheet another screening holds is skipped, never taken twice. */
const claimSql = defineSql(
  'risk-screen.claim',
  { id: col.int },
  `WITH picked AS MATERIALIZED (
     SELECT id FROM answer_sheets WHERE project_id = $1 AND status = 1 AND risk_screened_at IS NULL
     ORDER BY created_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
   UPDATE answer_sheets a SET risk_screened_at = $3 FROM picked WHERE a.id = picked.id AND a.risk_screened_at IS NULL
   RETURNING a.id`,
);

/**
 * The rules, over the claimed sheets $2: each that applies adds its reason; a sheet with any is flagged suspect
 * (a reason it had, 手动标记 or a submit rule's, is kept in front). "Earlier" is by (created_at, id) among all the
 * project's sheets, valid or in the bin, read once with window functions (bench/risk-screen.ts: a correlated
 * search per sheet grew with the square of the project). Content is the stored answers compared as jsonb, so two
 * submissions (each its own submission id) of the same answers match. The address rule: the sheet $9 - 1 places
 * back among the address's sheets came less than $8 minutes before, i.e. at least $9 sheets within the window.
 */
const flagSql = defineSql(
  'risk-screen.flag',
  { id: col.int },
  `UPDATE answer_sheets a SET suspect = true, suspect_reason = concat_ws($3::text, CASE WHEN a.suspect THEN a.suspect_reason END, r.reason)
   FROM (
     SELECT w.id, NULLIF(concat_ws($3::text,
       CASE WHEN w.device_id <> '' AND w.device_before THEN $4::text END,
       CASE WHEN w.user_id IS NOT NULL AND w.user_before THEN $5::text END,
       CASE WHEN w.answers <> '{}'::jsonb AND w.answers_before THEN $6::text END,
       CASE WHEN w.ip <> '' AND w.ip_back > w.created_at - make_interval(mins => $8::int) THEN $7::text END
     ), '') AS reason
     FROM (
       SELECT s.id, s.device_id, s.user_id, s.answers, s.ip, s.created_at,
         lag(s.id) OVER (PARTITION BY s.device_id ORDER BY s.created_at, s.id) IS NOT NULL AS device_before,
         lag(s.id) OVER (PARTITION BY s.user_id ORDER BY s.created_at, s.id) IS NOT NULL AS user_before,
         lag(s.id) OVER (PARTITION BY s.answers ORDER BY s.created_at, s.id) IS NOT NULL AS answers_before,
         lag(s.created_at, $9::int - 1) OVER (PARTITION BY s.ip ORDER BY s.created_at, s.id) AS ip_back
       FROM answer_sheets s WHERE s.project_id = $1
     ) w
     WHERE w.id = ANY($2::int[])
   ) r
   WHERE a.id = r.id AND r.reason IS NOT NULL
   RETURNING a.id`,
);

/** Flags the claimed sheets the rules catch, in the screening's transaction; how many. */
export async function flagClaimed(q: Query, projectId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const { device, user, content, ip } = RISK_REASONS;
  const flagged = await flagSql.run(q, [projectId, ids, REASON_SEPARATOR, device, user, content, ip, RISK_IP_WINDOW_MINUTES, RISK_IP_SHEETS]);
  return flagged.length;
}

export interface RiskScreened {
  screened: number;
  flagged: number;
}

/** How one screening takes sheets and units; tests inject a naive read-then-write one (never a production switch). */
export type RiskScreenStrategy = (database: Database, project: Pick<ProjectRow, 'id' | 'owner_id'>, now: Date) => Promise<RiskScreened>;

/**
 * One transaction: the owner's quota row is locked, as many unscreened sheets as it covers are claimed (one
 * conditional UPDATE), exactly that many units are taken (consumeQuota), and the claimed sheets are screened.
 * A sheet is never charged twice and the quota never overdrawn, however many screenings run at once.
 */
export const lockedScreen: RiskScreenStrategy = (database, project, now) =>
  database.transaction(async (q) => {
    const [quota] = await lockQuotaSql.run(q, [project.owner_id]);
    const have = quota?.remaining ?? 0;
    if (have <= 0) return { screened: 0, flagged: 0 };
    const ids = (await claimSql.run(q, [project.id, have, now])).map((r) => r.id);
    if (!ids.length) return { screened: 0, flagged: 0 };
    if ((await consumeQuota(q, project.owner_id, 'risk', ids.length, now)) === null) throw conflict(QUOTA_EMPTY_MESSAGES.risk, quotaEmpty);
    return { screened: ids.length, flagged: await flagClaimed(q, project.id, ids) };
  });

const quotaEmpty = { reason: 'quotaEmpty', kind: 'risk', buyPath: QUOTA_BUY_PATHS.risk };

/** 风控筛查's dialog: sheets waiting and the owner's units left (a collaborator screens on the owner's quota). */
export async function riskScreenInfo(query: Query, project: Pick<ProjectRow, 'id' | 'owner_id'>): Promise<TRiskScreenInfo> {
  const [pending] = await pendingSql.run(query, [project.id]);
  return { pending: pending?.n ?? 0, remaining: (await quotasOf(query, project.owner_id)).risk, buyPath: QUOTA_BUY_PATHS.risk };
}

/**
 * question/statement/riskScreen: screens the project's valid sheets not screened yet, oldest first, one unit of
 * the project owner's risk quota each, as many as the quota covers; the rest wait for more units. Nothing to
 * screen is no charge; sheets waiting and no units left is refused (风控筛查次数不足…, data.buyPath).
 */
export async function riskScreen(
  database: Database,
  project: Pick<ProjectRow, 'id' | 'owner_id'>,
  now: Date,
  strategy: RiskScreenStrategy = lockedScreen,
): Promise<TRiskScreenResult> {
  const done = await strategy(database, project, now);
  const after = await riskScreenInfo(database.query, project);
  if (!done.screened && after.pending > 0 && after.remaining <= 0) throw conflict(QUOTA_EMPTY_MESSAGES.risk, quotaEmpty);
  return { screened: done.screened, flagged: done.flagged, unscreened: after.pending, remaining: after.remaining };
}
