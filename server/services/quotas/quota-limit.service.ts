import { QUOTA_BELOW_USED, QUOTA_GONE, type TUpdateQuotaRequest, type TUpdateQuotaResult } from '../../../schemas/api/option-quota';
import { ZLogic, optionQuotaId, type TLogic, type TQuotaRule } from '../../../schemas/logic/ast';
import { compileLogic } from '../../../schemas/logic/compile';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { Database, Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { conflict, notFound } from '../errors';
import { listSubjects } from '../projects/subjects.service';

/** A quota as the project defines it now: in the logic, or an option's `quota` shorthand. */
export interface FoundQuota {
  rule: TQuotaRule;
  logic: TLogic;
  subjects: TSubject[];
}

/** The project row locked for the change (every submit holds it shared while it takes places), and the quota. */
export async function lockQuota(query: Query, projectId: number, quotaId: string): Promise<FoundQuota> {
  const rows = await query<{ logic: unknown }>('SELECT logic FROM projects WHERE id = $1 FOR UPDATE', [projectId]);
  const logic = ZLogic.parse(rows[0]?.logic ?? {});
  const subjects = await listSubjects(query, projectId);
  const rule = compileLogic(subjects, logic).quotas.find((q) => q.id === quotaId);
  if (!rule) throw notFound(QUOTA_GONE);
  return { rule, logic, subjects };
}

/**
 * The one conditional statement that decides: the version moves (cached submit targets load the new target) only
 * while the quota's use is at most the new target. Under the project's row lock, no submit is between its read of
 * the version and its take of the quota, so the use read here is final until commit.
 */
const bumpIfNotBelowSql = defineSql(
  'quota.bumpIfNotBelow',
  { version: col.int },
  `UPDATE projects SET version = version + 1, updated_at = now(), updated_by = $3
     WHERE id = $1 AND $2::int >= coalesce((SELECT used FROM quota_counters WHERE project_id = $1 AND quota_id = $4), 0)
   RETURNING version`,
);

export const usedOf = async (query: Query, projectId: number, quotaId: string) =>
  Number((await query<{ used: number }>('SELECT used FROM quota_counters WHERE project_id = $1 AND quota_id = $2', [projectId, quotaId]))[0]?.used ?? 0);

/** Writes the new target where the quota is defined: the logic's rule, or the option's shorthand in its subject. */
export async function writeQuotaLimit(query: Query, projectId: number, found: FoundQuota, limit: number): Promise<void> {
  const { rule, logic, subjects } = found;
  const inLogic = logic.quotas.findIndex((q) => q.id === rule.id);
  if (inLogic >= 0) {
    const quotas = logic.quotas.map((q, i) => (i === inLogic ? { ...q, limit } : q));
    await query('UPDATE projects SET logic = $2::jsonb WHERE id = $1', [projectId, JSON.stringify({ ...logic, quotas })]);
    return;
  }
  if (rule.basis !== 'option') return;
  const subject = subjects.find((s) => s.uuid === rule.subject) as (TSubject & { options?: { uuid: string; quota?: number }[] }) | undefined;
  if (!subject?.options || optionQuotaId(rule.subject, rule.option) !== rule.id) return;
  const options = subject.options.map((o) => (o.uuid === rule.option ? { ...o, quota: limit } : o));
  await query('UPDATE subjects SET config = $3::jsonb WHERE project_id = $1 AND uuid = $2 AND deleted_at IS NULL', [
    projectId,
    subject.uuid,
    JSON.stringify({ ...subject, options }),
  ]);
}

/** How the change is made; tests race a read-then-write one against it (tests/server/quotas/quota-limit-concurrency.test.ts). */
export type QuotaLimitWriter = (query: Query, projectId: number, body: TUpdateQuotaRequest, userId: number) => Promise<TUpdateQuotaResult>;

export const exactQuotaLimit: QuotaLimitWriter = async (query, projectId, body, userId) => {
  const found = await lockQuota(query, projectId, body.quotaId);
  const bumped = await bumpIfNotBelowSql.run(query, [projectId, body.limit, userId, body.quotaId]);
  const used = await usedOf(query, projectId, body.quotaId);
  if (!bumped[0]) throw conflict(QUOTA_BELOW_USED(used), { used });
  await writeQuotaLimit(query, projectId, found, body.limit);
  return { id: body.quotaId, limit: body.limit, used, version: bumped[0].version };
};

/**
 * activity/question/quota/updateQuota (/optionsQuota.html): a quota's target, changed while collecting too (edit
 * power), never below the sheets it has counted: 配额不能小于已使用的数量（已使用 N）.
 */
export async function updateQuotaLimit(
  database: Database,
  user: AuthUser | null,
  body: TUpdateQuotaRequest,
  write: QuotaLimitWriter = exactQuotaLimit,
): Promise<TUpdateQuotaResult> {
  const { project } = await accessProject(database.query, user, body.questionId, 'edit');
  return database.transaction((query) => write(query, project.id, body, user!.id));
}
