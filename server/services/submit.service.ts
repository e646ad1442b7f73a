import { createHash } from 'node:crypto';
import { ZProjectSettings, type TProjectSettings } from '../../schemas/api/settings';
import { WRITE_MESSAGES, type TSubmitRequest, type TSubmitResult } from '../../schemas/api/write';
import { ZLogic } from '../../schemas/logic/ast';
import { compileLogic } from '../../schemas/logic/compile';
import { validateSheet } from '../../schemas/logic/sheet';
import { scoreSheet } from '../../schemas/scoring';
import { displayIndexes } from '../../schemas/subjects/numbering';
import type { Query } from '../db/client';
import { AppError, badInput, conflict, notFound, unauthorized } from '../http/errors';
import { publicId } from './crypto';
import type { Deps } from './deps';
import { isSuspect, storeChoices } from './answer-store.service';
import { withStoredUploads } from './answer-uploads.service';
import type { ProjectRow } from './powers.service';
import type { AuthUser } from './sessions.service';
import { listSubjects } from './subjects.service';

export interface SubmitContext {
  user: AuthUser | null;
  ip: string;
}

/** The project a respondent may answer now, or the reason they may not (spec §4: paused projects refuse). */
export async function answerableProject(query: Query, questionId: string, now: Date): Promise<{ project: ProjectRow; settings: TProjectSettings }> {
  const rows = await query<ProjectRow>('SELECT * FROM projects WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template', [questionId]);
  const project = rows[0];
  if (!project) throw notFound('问卷不存在或已删除');
  const settings = ZProjectSettings.parse(project.settings ?? {});
  if (project.status !== 1) throw conflict(WRITE_MESSAGES.paused);
  if (settings.startTime && now < new Date(settings.startTime)) throw conflict(WRITE_MESSAGES.notStarted);
  if (settings.endTime && now > new Date(settings.endTime)) throw conflict(WRITE_MESSAGES.ended);
  return { project, settings };
}

export async function checkEntry(query: Query, settings: TProjectSettings, user: AuthUser | null, password: string | undefined): Promise<void> {
  if ((settings.loginRequired || settings.whitelistEnabled || settings.perUserLimit) && !user) throw unauthorized(WRITE_MESSAGES.loginRequired);
  if (settings.password && password !== settings.password) throw new AppError('403', WRITE_MESSAGES.wrongPassword);
  if (settings.whitelistEnabled && user) {
    const rows = await query<{ phone: string; username: string }>('SELECT phone, username FROM users WHERE id = $1', [user.id]);
    const allowed = new Set(settings.whitelist.map((w) => w.trim()));
    if (!rows[0] || (!allowed.has(rows[0].phone) && !allowed.has(rows[0].username))) throw new AppError('403', WRITE_MESSAGES.notInWhitelist);
  }
}

// Test-only switch: read-then-write capacity checks, which the concurrency tests must catch overshooting.
let naive = false;
export function useNaiveCapacityForTest(on: boolean): void {
  naive = on;
}

/**
 * One conditional statement per capacity: the database, not this process, decides who gets the last place.
 * The naive variant checks a count read before the transaction began (the classic check-then-act bug).
 */
async function takeCapacity(query: Query, sql: { conditional: string; read: string; write: string }, params: unknown[], limit: number, before?: number): Promise<boolean> {
  if (!naive) return (await query(sql.conditional, [...params, limit])).length === 1;
  const used = before ?? Number((await query<{ n: number }>(sql.read, params))[0]?.n ?? 0);
  if (used >= limit) return false;
  await new Promise((resolve) => setImmediate(resolve));
  await query(sql.write, [...params, used + 1]);
  return true;
}

const takeQuota = (query: Query, projectId: number, quotaId: string, limit: number, before?: number) =>
  takeCapacity(
    query,
    {
      conditional: `INSERT INTO quota_counters AS q (project_id, quota_id, used) SELECT $1, $2, 1 WHERE $3 > 0
        ON CONFLICT (project_id, quota_id) DO UPDATE SET used = q.used + 1 WHERE q.used < $3 RETURNING used`,
      read: 'SELECT used AS n FROM quota_counters WHERE project_id = $1 AND quota_id = $2',
      write: `INSERT INTO quota_counters (project_id, quota_id, used) VALUES ($1, $2, $3) ON CONFLICT (project_id, quota_id) DO UPDATE SET used = $3`,
    },
    [projectId, quotaId],
    limit,
    before,
  );

const takeTotal = (query: Query, projectId: number, cap: number, before?: number) =>
  takeCapacity(
    query,
    {
      conditional: 'UPDATE projects SET data_count = data_count + 1 WHERE id = $1 AND data_count < $2 RETURNING data_count',
      read: 'SELECT data_count AS n FROM projects WHERE id = $1',
      write: 'UPDATE projects SET data_count = $2 WHERE id = $1',
    },
    [projectId],
    cap,
    before,
  );

const takeRespondent = (query: Query, projectId: number, kind: string, key: string, limit: number) =>
  takeCapacity(
    query,
    {
      conditional: `INSERT INTO respondent_counters AS r (project_id, kind, key, n) VALUES ($1, $2, $3, 1)
        ON CONFLICT (project_id, kind, key) DO UPDATE SET n = r.n + 1 WHERE r.n < $4 RETURNING n`,
      read: 'SELECT n FROM respondent_counters WHERE project_id = $1 AND kind = $2 AND key = $3',
      write: `INSERT INTO respondent_counters (project_id, kind, key, n) VALUES ($1, $2, $3, $4) ON CONFLICT (project_id, kind, key) DO UPDATE SET n = $4`,
    },
    [projectId, kind, key],
    limit,
  );

const bodyHash = (body: TSubmitRequest) => createHash('sha256').update(JSON.stringify([body.answers, body.durationSeconds, body.deviceId, body.source])).digest('hex');

/**
 * Accept one answer sheet, all in one transaction: re-validate with the shared evaluator, replay a retried
 * submission id, then take every capacity (quotas, per-respondent limits, total cap) with conditional
 * statements, store the sheet, its choice rows and counters, and grade an exam.
 */
export async function submitSheet(deps: Deps, body: TSubmitRequest, ctx: SubmitContext): Promise<TSubmitResult> {
  const before = naive ? await readBefore(deps, body.questionId) : null;
  return deps.database.transaction(async (query) => {
    const { project, settings } = await answerableProject(query, body.questionId, deps.now());
    await checkEntry(query, settings, ctx.user, body.password);
    const hash = bodyHash(body);
    const replay = await replayOf(query, project.id, body.submissionId, hash);
    if (replay) return replay;

    const subjects = await listSubjects(query, project.id);
    const logic = ZLogic.parse(project.logic ?? {});
    const compiled = compileLogic(subjects, logic, body.submissionId);
    // Files must be this subject's own uploads; their sizes come from the stored upload.
    const uploads = await withStoredUploads(query, project.public_id, subjects, body.answers);
    if (uploads.problem) throw subjectError(subjects, { [uploads.problem.uuid]: [uploads.problem.message] });
    const counts = compiled.quotas.length
      ? Object.fromEntries(
          (await query<{ quota_id: string; used: number }>('SELECT quota_id, used FROM quota_counters WHERE project_id = $1', [project.id])).map((r) => [r.quota_id, r.used]),
        )
      : {};
    const check = validateSheet(compiled, uploads.answers, counts);
    if (body.timedOut && isTimed(settings, subjects)) forgiveUnanswered(check);
    if (check.end?.kind === 'end' && check.end.reason === 'quota') throw conflict(check.end.message);
    if (!check.ok) throw subjectError(subjects, check.messages);

    const sheetPublicId = publicId();
    const result = await resultOf(query, project, settings, subjects, check.answers, sheetPublicId);
    const inserted = await query<{ id: number }>(
      `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, user_id, device_id, ip, source, answers, result, score, duration_seconds, suspect)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12, $13)
       ON CONFLICT (project_id, submission_id) DO NOTHING RETURNING id`,
      [sheetPublicId, project.id, body.submissionId, hash, ctx.user?.id ?? null, body.deviceId, ctx.ip, body.source, JSON.stringify(check.answers),
        JSON.stringify(result), result.score?.total ?? null, body.durationSeconds, isSuspect(subjects, check.answers, body.durationSeconds)],
    );
    if (!inserted[0]) {
      const again = await replayOf(query, project.id, body.submissionId, hash);
      if (again) return again;
      throw conflict(WRITE_MESSAGES.reused);
    }
    const sheetId = inserted[0].id;

    const quotas = new Map(compiled.quotas.map((q) => [q.id, q]));
    for (const quotaId of [...check.matchedQuotas].sort()) {
      const quota = quotas.get(quotaId);
      if (quota && !(await takeQuota(query, project.id, quotaId, quota.limit, before?.quotas[quotaId] ?? (before ? 0 : undefined)))) throw quotaFull(subjects, quota);
    }
    if (settings.perDeviceLimit && !(await takeRespondent(query, project.id, 'device', body.deviceId, settings.perDeviceLimit))) throw conflict(WRITE_MESSAGES.deviceLimit);
    if (settings.perUserLimit && ctx.user && !(await takeRespondent(query, project.id, 'user', String(ctx.user.id), settings.perUserLimit))) throw conflict(WRITE_MESSAGES.userLimit);
    if (settings.perIpLimit && !(await takeRespondent(query, project.id, 'ip', ctx.ip, settings.perIpLimit))) throw conflict(WRITE_MESSAGES.ipLimit);
    await storeChoices(deps.database, query, project.id, sheetId, subjects, check.answers);
    // Last, so the project row (the total count) stays locked for the shortest time.
    if (!(await takeTotal(query, project.id, settings.maxAnswers ?? 2_000_000_000, before?.dataCount))) throw conflict(WRITE_MESSAGES.full);
    return result;
  });
}

/** Timed projects: a whole-exam limit, or a page break with its own timer. */
function isTimed(settings: TProjectSettings, subjects: readonly { subjectType: number }[]): boolean {
  return Boolean(settings.examMinutes) || subjects.some((s) => s.subjectType === 16 && Number((s as { timerSeconds?: number }).timerSeconds ?? 0) > 0);
}

/** When time ran out, what was left unanswered is not an error; wrong answers still are. */
function forgiveUnanswered(check: ReturnType<typeof validateSheet>): void {
  for (const [uuid, list] of Object.entries(check.messages)) {
    const rest = list.filter((m) => m.code !== 'required');
    if (rest.length) check.messages[uuid] = rest;
    else delete check.messages[uuid];
  }
  check.ok = Object.keys(check.messages).length === 0;
}

async function readBefore(deps: Deps, questionId: string): Promise<{ quotas: Record<string, number>; dataCount: number }> {
  const rows = await deps.database.query<{ data_count: number; quota_id: string | null; used: number | null }>(
    `SELECT p.data_count, q.quota_id, q.used FROM projects p LEFT JOIN quota_counters q ON q.project_id = p.id WHERE p.public_id = $1`,
    [questionId],
  );
  return { dataCount: rows[0]?.data_count ?? 0, quotas: Object.fromEntries(rows.filter((r) => r.quota_id).map((r) => [r.quota_id!, r.used ?? 0])) };
}

async function replayOf(query: Query, projectId: number, submissionId: string, hash: string): Promise<TSubmitResult | null> {
  const rows = await query<{ body_hash: string; result: TSubmitResult }>('SELECT body_hash, result FROM answer_sheets WHERE project_id = $1 AND submission_id = $2', [projectId, submissionId]);
  if (!rows[0]) return null;
  if (rows[0].body_hash !== hash) throw conflict(WRITE_MESSAGES.reused);
  return rows[0].result;
}

function subjectError(subjects: Parameters<typeof displayIndexes>[0] & { uuid: string; title: string }[], messages: Record<string, { message: string }[]>): AppError {
  const [uuid, list] = Object.entries(messages)[0]!;
  const index = displayIndexes(subjects).get(uuid);
  const label = index ? `第${index}题` : '题目';
  return badInput(`subjects.${uuid}: ${label}：${list[0]!.message}`, `subjects.${uuid}`);
}

function quotaFull(subjects: readonly { uuid: string; options?: { uuid: string; title: string }[] }[], quota: { onFull: { action: string; message?: string }; basis: string; subject?: string; option?: string }): AppError {
  if (quota.onFull.action === 'end' && quota.onFull.message) return conflict(quota.onFull.message);
  const subjectUuid = quota.basis === 'option' ? quota.subject : (quota.onFull as { subject?: string }).subject;
  const optionUuid = quota.basis === 'option' ? quota.option : (quota.onFull as { option?: string }).option;
  const title = subjects.find((s) => s.uuid === subjectUuid)?.options?.find((o) => o.uuid === optionUuid)?.title ?? '';
  return conflict(WRITE_MESSAGES.optionFull(title));
}

async function resultOf(query: Query, project: ProjectRow, settings: TProjectSettings, subjects: Awaited<ReturnType<typeof listSubjects>>, answers: Record<string, unknown>, sheetId: string): Promise<TSubmitResult> {
  const conclusions = await query<{ config: { title: string; content: string; redirectUrl: string | null; whenOption: { subjectUuid: string; optionUuid: string } | null } }>(
    'SELECT config FROM conclusions WHERE project_id = $1 ORDER BY id',
    [project.id],
  );
  const chosen = (c: { whenOption: { subjectUuid: string; optionUuid: string } | null }) =>
    c.whenOption && JSON.stringify(answers[c.whenOption.subjectUuid] ?? null).includes(c.whenOption.optionUuid);
  const picked = conclusions.map((r) => r.config).find(chosen) ?? conclusions.map((r) => r.config).find((c) => !c.whenOption);
  const exam = project.question_type === 2;
  const graded = exam ? scoreSheet(subjects, answers) : null;
  const analysis = exam && (settings.showCorrectAnswers || settings.showAnalysis) ? correctAnswers(subjects, settings) : null;
  return {
    sheetId,
    score: graded ? { total: graded.total, max: graded.maxTotal, subjects: Object.fromEntries(graded.subjects.map((s) => [s.uuid, { score: s.score, max: s.maxScore, status: s.status }])) } : null,
    conclusion: { title: picked?.title ?? '提交成功', content: picked?.content ?? (project.conclusion || '感谢您的参与！'), redirectUrl: picked?.redirectUrl ?? null },
    showScore: exam && settings.showScore,
    showCorrectAnswers: exam && settings.showCorrectAnswers,
    showAnalysis: exam && settings.showAnalysis,
    correct: analysis,
  };
}

function correctAnswers(subjects: Awaited<ReturnType<typeof listSubjects>>, settings: TProjectSettings): Record<string, { answer: string; analysis: string }> {
  const out: Record<string, { answer: string; analysis: string }> = {};
  for (const s of subjects) {
    const options = (s as { options?: { title: string; isCorrect?: boolean }[] }).options;
    const accepted = (s as { acceptedAnswers?: string[] }).acceptedAnswers;
    const answer = options?.filter((o) => o.isCorrect).map((o) => o.title).join('、') || accepted?.join(' / ') || '';
    if (!answer && !s.answerAnalysis) continue;
    out[s.uuid] = { answer: settings.showCorrectAnswers ? answer : '', analysis: settings.showAnalysis ? (s.answerAnalysis ?? '') : '' };
  }
  return out;
}
