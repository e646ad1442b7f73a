import { withSheetProof } from '../draw/sheet-proof.service';
import { withRedNotice } from '../red-envelope/red-notice';
import type { TProjectSettings } from '../../../schemas/api/settings';
import { WRITE_MESSAGES, type TSheetBooking, type TSubmitRequest, type TSubmitResult } from '../../../schemas/api/write';
import type { TQuotaRule } from '../../../schemas/logic/ast';
import type { CompiledLogic } from '../../../schemas/logic/compile';
import { validateSheet } from '../../../schemas/logic/sheet';
import { scoreSheet } from '../../../schemas/scoring';
import { displayIndexes } from '../../../schemas/subjects/numbering';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { Query } from '../../db/client';
import { AppError, badInput, conflict, notFound } from '../errors';
import { publicId, sha256 } from '../crypto';
import type { Deps } from '../deps';
import { choiceIds, COUNTER_SHARDS, suspectReasonOf } from '../answers/answer-store.service';
import { withStoredUploads } from '../uploads/answer-uploads.service';
import type { AuthUser } from '../access/sessions.service';
import { SUBMIT_SQL, submitOne, submitParams, type SubmitArgs } from './submit-batch.service';
import { checkEntry, collectingRefusal, refused } from '../access/answer-entry.service';
import { checkAnswerCodes } from './submit-sms.service';
import { editable, editedSheet, withEditToken, type EditedSheet } from './submit-edit.service';
import { moveInRollup } from '../report/report-rollup';
import { sheetAnswersChanged } from '../report/sheet-index/index-store';
import { reportPlan } from '../report/report-subjects';
import { sheetBuyer } from './submit-buyer.service';
import {
  capacityRefusal,
  capacityTakes,
  GIVE_BACK_SQL,
  pastSlots,
  placesArg,
  quotaFull,
  TAKE_SQL,
  type CapacityTaker,
  type QuotaCount,
} from './submit-capacity.service';
import type { AnswerSheetRow, ProjectRow } from '../../db/rows';
import { examTiming, isTimedExam, respondentKeys, type ExamTiming } from './submit-exam-clock.service';
import { cachedTarget, compiledFor, loadTarget, targetOf, type SubmitTarget } from './submit-cache.service';
import { PROJECT_STATUS, QUESTION_TYPE } from '../../../schemas/project-kinds';
import { ORDER_MESSAGES } from '../../../schemas/order/order-states';
import { insertOrder, planOrder, type OrderPlan } from '../pay/order-create.service';
import {
  bookForSheet,
  bookingOfSheet,
  planSheetBooking,
  SHEET_BOOKING_MESSAGES,
  slotChangedOnEdit,
  type SheetBookingPlan,
} from '../appointment/appointment-sheet.service';
import { SUBMIT_SUSPECT_REASONS } from '../../../schemas/money/risk-rules';
import { formRespondent, WECHAT_LIMIT_KIND } from './form-wechat.service';
import { whiteOfSubmit } from '../whitelist/white-gate.service';
import { claimContactLink, precheckContactLink } from '../sms/contact-link.service';
import { claimEntry, refuseClaim } from '../whitelist/white-claim';
import { applySpaceAnswer, planSpaceAnswer } from '../coins/space/space-answer.service';
import { screenedOut } from '../../../schemas/logic/screening';
import type { TSpaceNotice } from '../../../schemas/api/write';

export interface SubmitContext {
  user: AuthUser | null;
  ip: string;
}

const bodyHash = (body: TSubmitRequest) => sha256(JSON.stringify([body.answers, body.durationSeconds, body.deviceId, body.source]));

/** What this process knows of the project may be out of date: read it again and start over. */
class Reload extends Error {}

/**
 * Accept one answer sheet: re-validate with the shared evaluator against what this process knows of the project
 * (submit-cache.service.ts), then one statement (wj_submit, migration 0007) that checks that knowledge is current
 * and the project still collecting, replays a retried submission id, takes every capacity (quotas, per-respondent
 * limits, total cap) with conditional statements, and stores the sheet, its choice rows and its count: one
 * transaction on both engines (concurrent submits of a process share one statement and one commit, each sheet in
 * its own subtransaction: submit-batch.service.ts). A refusal decided in this process from a cached project is
 * confirmed against a fresh read first, so the respondent is told what the database says now.
 */
export async function submitSheet(deps: Deps, request: TSubmitRequest, ctx: SubmitContext): Promise<TSubmitResult> {
  // 允许提交后修改答案: an edit replaces the sheet its key names, under that sheet's own submission id.
  const editing = request.editToken ? await editedSheet(deps.database.query, deps.secret, request.questionId, request.editToken) : null;
  const body = editing ? { ...request, submissionId: editing.submissionId } : request;
  const taker = editing ? null : await deps.capacity.prepare(deps.database.query, body.questionId);
  let fresh = !cachedTarget(deps, body.questionId);
  let target = await targetOf(deps, deps.database.query, body.questionId);
  // SMS codes already checked (and used up) by an earlier round of this submit.
  const verified = new Set<string>();
  // What the sheet's statement saw of the project's red envelope: false spares the notice's own read of it.
  const seen: Seen = { envelope: null };
  for (let round = 0; ; round++) {
    if (round > 0) target = await loadTarget(deps, deps.database.query, body.questionId);
    if (!target) throw notFound('问卷不存在或已删除');
    try {
      const result = withSheetProof(
        deps.secret,
        target.publicId,
        withEditToken(deps.secret, target, await attempt(deps, target, body, ctx, fresh, taker, verified, editing, seen)),
      );
      return seen.envelope === false ? result : withRedNotice(deps.database.query, target, result);
    } catch (error) {
      if (!(error instanceof Reload)) throw error;
      // Edited again between our read and our statement, several times over: let the respondent retry.
      if (round >= 3) throw conflict(WRITE_MESSAGES.changed);
      fresh = true;
    }
  }
}

async function attempt(
  deps: Deps,
  target: SubmitTarget,
  body: TSubmitRequest,
  ctx: SubmitContext,
  fresh: boolean,
  taker: CapacityTaker | null,
  verified: Set<string>,
  editing: EditedSheet | null,
  seen: Seen,
): Promise<TSubmitResult> {
  const { query } = deps.database;
  let refused =
    collectingRefusal(target.status, target.settings, deps.now()) ??
    (await checkEntry(query, target.settings, ctx.user, body.password, { database: deps.database, limits: deps.limits, projectId: target.id, ip: ctx.ip }).then(
      () => null,
      refusal,
    ));
  if (!refused && editing && !editable(target.questionType, target.settings)) refused = new AppError('403', WRITE_MESSAGES.editClosed);
  // 仅限微信授权填写: a new sheet names its WeChat user by the identity token (an edit is proved by its own key).
  let openid: string | null = null;
  // 答题白名单: a new sheet names its entry by the gate's proof token and claims it in its transaction.
  let white: ReturnType<typeof whiteOfSubmit> = null;
  if (!refused && !editing) {
    try {
      openid = formRespondent(deps, target.settings, body.wechatToken);
      white = whiteOfSubmit(deps, target.id, target.settings, body.whitelistToken);
    } catch (error) {
      refused = refusal(error);
    }
  }
  if (refused) {
    if (!fresh) throw new Reload();
    throw refused;
  }
  const hash = bodyHash(body);
  const compiled = compiledFor(target, body.submissionId);
  const sheet = await checkSheet(query, target, compiled, body, deps.now());
  if (sheet instanceof AppError) {
    if (!fresh) throw new Reload();
    if (editing) throw sheet;
    // A retry of a stored sheet is answered as the first time, even when the same answers would be refused now.
    const replay = await replayOf(query, target.id, body.submissionId, hash);
    if (replay) return shown(replay);
    throw sheet;
  }
  // 需短信验证: each answered phone subject that asks for it carries the code sent to that number.
  // An edit keeps a number already proved: only a changed one needs a new code.
  const codes = await checkAnswerCodes(deps, target.id, target.subjects, sheet.answers, body.smsCodes, verified, editing?.answers);
  if (codes && editing) throw subjectError(target.subjects, codes);
  if (codes) {
    const replay = await replayOf(query, target.id, body.submissionId, hash);
    if (replay) return shown(replay);
    throw subjectError(target.subjects, codes);
  }
  if (editing) {
    if (await slotChangedOnEdit(deps.database.query, target, editing.answers, sheet.answers)) throw badInput(SHEET_BOOKING_MESSAGES.editSlot);
    return shown(await storeEdit(deps, target, editing, { check: sheet, compiled }));
  }
  // An appointment project with a schedule: the slot is checked against it now and booked in the sheet's transaction.
  let booking: SheetBookingPlan | null;
  try {
    booking = await planSheetBooking(deps, { id: target.id, questionType: target.questionType }, target.subjects, sheet.answers);
  } catch (error) {
    const replay = error instanceof AppError ? await replayOf(query, target.id, body.submissionId, hash) : null;
    if (replay) return shown(await withSheetBooking(deps, target, replay));
    throw error;
  }
  let timing: ExamTiming | null = null;
  if (isTimedExam(target.questionType, target.settings)) {
    const who = { keys: respondentKeys(ctx.user, body.deviceId), submissionId: body.submissionId };
    const measured = await examTiming(query, target.id, who, target.settings, deps.now());
    if (measured instanceof AppError) {
      if (!fresh) throw new Reload();
      const replay = await replayOf(query, target.id, body.submissionId, hash);
      if (replay) return shown(replay);
      throw measured;
    }
    timing = measured;
  }

  return shown(await storeSheet(deps, target, body, ctx, { check: sheet, compiled, hash, timing, booking, openid, white }, taker, seen));
}

/** What a submit's statement told of the project besides the sheet's outcome. */
interface Seen {
  envelope: boolean | null;
}

/** A retried sheet of a scheduled appointment project is answered with its booking and link again. */
async function withSheetBooking(deps: Deps, target: SubmitTarget, result: TSubmitResult): Promise<TSubmitResult> {
  if (target.questionType !== QUESTION_TYPE.appoint) return result;
  const booking = await bookingOfSheet(deps.database.query, deps.secret, target.id, target.publicId, result.sheetId);
  return booking ? { ...result, booking } : result;
}

/**
 * Replace an edited sheet in one transaction: the places its old answers held (quotas, slots, stock) are given
 * back and the new ones taken through the SQL functions wj_submit takes them with; the answers, result, choice rows
 * and the report's rollup follow. The sheet still counts once; per-respondent limits are not taken again.
 */
async function storeEdit(
  deps: Deps,
  target: SubmitTarget,
  editing: EditedSheet,
  { check, compiled }: { check: ReturnType<typeof validateSheet>; compiled: CompiledLogic },
): Promise<TSubmitResult> {
  const { subjects } = target;
  const result = resultOf(target, check.answers, editing.publicId);
  const choices = await choiceIds(deps.database, deps.database.query, target.id, check.facts);
  const quotas = new Map(compiled.quotas.map((q) => [q.id, q]));
  await deps.database.transaction(async (q) => {
    const project = await q<Pick<ProjectRow, 'status' | 'version'> & { stamp: string }>(
      'SELECT status, version, conclusions_version::text AS stamp FROM projects WHERE id = $1 FOR SHARE',
      [target.id],
    );
    if (project[0]?.status !== PROJECT_STATUS.published) throw refused('paused');
    if (project[0].version !== target.version || project[0].stamp !== target.stamp) throw new Reload();
    const old = await q<Pick<AnswerSheetRow, 'answers'>>('SELECT answers FROM answer_sheets WHERE id = $1 AND status = 1 FOR UPDATE', [editing.id]);
    if (!old[0]) throw notFound(WRITE_MESSAGES.sheetMissing);
    // A sheet that made an order keeps what was bought: the order, its stock and its payment follow those answers.
    if ((await q('SELECT 1 FROM orders WHERE sheet_id = $1', [editing.id])).length) throw new AppError('403', ORDER_MESSAGES.sheetOrdered);
    // The places the old answers held go back and the new ones are taken by wj_submit's own statements
    // (wj_give_back_places, wj_take_places): a full one refuses the edit as it refuses a submit.
    const held = (answers: Record<string, unknown>) => [...validateSheet(compiled, answers).matchedQuotas].sort().flatMap((id) => quotas.get(id) ?? []);
    await q(GIVE_BACK_SQL, [placesArg(target.id, held(old[0].answers), capacityTakes(subjects, old[0].answers))]);
    await q(TAKE_SQL, [placesArg(target.id, held(check.answers), capacityTakes(subjects, check.answers))]).catch((error: unknown) => {
      throw refusedByDatabase(error, target, quotas);
    });
    const plan = await reportPlan(q, { id: target.id, question_type: target.questionType });
    await moveInRollup(q, target.id, editing.id, -1, plan);
    await q(
      'UPDATE answer_sheets SET answers = $2::jsonb, result = $3::jsonb, score = $4, choice_subjects = $5::int[], choice_options = $6::int[] WHERE id = $1',
      [editing.id, JSON.stringify(check.answers), JSON.stringify(result), result.score?.total ?? null, choices.subjectIds, choices.optionIds],
    );
    await moveInRollup(q, target.id, editing.id, 1, plan);
    await sheetAnswersChanged(q, target.id, editing.id, plan);
  });
  return result;
}

/** What the respondent is told: the score only when the exam's settings show it (the stored result keeps it for the report). */
const shown = (result: TSubmitResult): TSubmitResult => (result.showScore || !result.score ? result : { ...result, score: null });

/** Run wj_submit for a sheet that passed every check made here; the database decides the rest. */
async function storeSheet(
  deps: Deps,
  target: SubmitTarget,
  body: TSubmitRequest,
  ctx: SubmitContext,
  {
    check,
    compiled,
    hash,
    timing,
    booking,
    openid,
    white,
  }: {
    check: ReturnType<typeof validateSheet>;
    compiled: CompiledLogic;
    hash: string;
    timing: ExamTiming | null;
    booking: SheetBookingPlan | null;
    openid: string | null;
    white: ReturnType<typeof whiteOfSubmit>;
  },
  taker: CapacityTaker | null,
  seen: Seen,
): Promise<TSubmitResult> {
  const { subjects, settings } = target;
  const sheetPublicId = publicId();
  // Slots and stock: the kind names the amount taken (migration 0016), unless the capacity strategy takes them itself.
  // A project with a schedule counts its slots in appointment_slots (the booking below), never in respondent_counters.
  // The buyer (a 仅限微信授权参与 group-buy's WeChat user, else login or device): the order's and the per-person limits'.
  const buyer = await sheetBuyer(deps, target, ctx.user, body);
  const capacities = capacityTakes(subjects, check.answers, buyer.perPerson).filter((c) => !(booking && c.kind === 'slot'));
  // A sheet that buys something makes its order in the same transaction (issue 21); the result names it to pay.
  const order = planOrder({ title: target.title, subjects, paymentWindowMinutes: settings.paymentWindowMinutes }, check.answers, capacities, deps.now());
  const result = withOrder(resultOf(target, check.answers, sheetPublicId), order);
  const choices = await choiceIds(deps.database, deps.database.query, target.id, check.facts);
  const quotas = new Map(compiled.quotas.map((q) => [q.id, q]));
  const taken = [...check.matchedQuotas].sort().flatMap((id) => quotas.get(id) ?? []);
  const limits: [string, string, number][] = [];
  if (settings.perDeviceLimit) limits.push(['device', body.deviceId, settings.perDeviceLimit]);
  if (settings.perUserLimit && ctx.user) limits.push(['user', String(ctx.user.id), settings.perUserLimit]);
  if (settings.perIpLimit) limits.push(['ip', ctx.ip, settings.perIpLimit]);
  // 每个微信最多填写 N 次: the openid's counter, taken by the same statement (or by a preparing strategy's taker).
  const wechat = openid && settings.perWechatLimit ? { openid, limit: settings.perWechatLimit } : null;
  if (!taker) for (const c of capacities) limits.push([`${c.kind}#${c.take}`, c.key, c.cap]);
  if (!taker && wechat) limits.push([WECHAT_LIMIT_KIND, wechat.openid, wechat.limit]);
  // wj_submit's arguments; the answers and result go as objects (submit-batch.service.ts serialises them).
  const duration = timing?.elapsedSeconds ?? body.durationSeconds;
  const suspectReason = timing?.late ? SUBMIT_SUSPECT_REASONS.late : suspectReasonOf(subjects, check.facts, duration);
  const args: SubmitArgs = {
    project: target.id,
    version: target.version,
    stamp: target.stamp,
    publicId: sheetPublicId,
    submission: body.submissionId,
    hash,
    user: ctx.user?.id ?? null,
    device: body.deviceId,
    ip: ctx.ip,
    source: body.source,
    answers: check.answers,
    result,
    score: result.score?.total ?? null,
    // A timed exam is measured by the server's clock; a late sheet the settings keep is marked suspect (超时).
    duration,
    suspect: suspectReason !== null,
    subjectIds: choices.subjectIds,
    optionIds: choices.optionIds,
    shards: COUNTER_SHARDS,
    quotaIds: taker ? [] : taken.map((q) => q.id),
    quotaLimits: taker ? [] : taken.map((q) => q.limit),
    limitKinds: limits.map((l) => l[0]),
    limitKeys: limits.map((l) => l[1]),
    limitValues: limits.map((l) => l[2]),
    // A strategy that takes the counters itself has the statement count on the project row without refusing.
    cap: taker ? NO_CAP : (settings.maxAnswers ?? null),
    wechatOpenid: openid,
  };
  if (white && !(await deps.whiteClaim.precheck(deps.database.query, { ...white, projectId: target.id })))
    await refuseClaim(deps.database.query, settings, { ...white, projectId: target.id });
  const contactToken = body.contactToken ?? null;
  if (contactToken) await precheckContactLink(deps, target.id, contactToken);
  // 互助空间: a sheet answered from the space may earn the release's reward, decided in the sheet's transaction.
  const spacePlan = await planSpaceAnswer(deps, target.id, ctx.user, body.spaceReleaseId);
  const space = spacePlan && 'release' in spacePlan ? spacePlan : null;
  let spaceNotice: TSpaceNotice | null = spacePlan && !('release' in spacePlan) ? spacePlan : null;
  let row: { outcome: string; replay: TSubmitResult | null; envelope: boolean | null };
  let booked: TSheetBooking | null = null;
  try {
    // The sheet's statement takes every capacity; the order (if any), the booking (if any) and a preparing
    // strategy's takes follow in its transaction: a refused booking leaves no sheet.
    row =
      taker || order || booking || white || contactToken || space
        ? await deps.database.transaction(async (q) => {
            const [first] = await q<typeof row>(SUBMIT_SQL, submitParams(args));
            if (first!.outcome !== 'ok') return first!;
            if (white) await claimEntry(deps.whiteClaim, q, settings, { ...white, projectId: target.id, sheetPublicId, now: deps.now() });
            if (contactToken) await claimContactLink(deps, q, target.id, contactToken, sheetPublicId, deps.now());
            if (taker) await taker.take(q, { target, quotas: taken, capacities, wechat });
            if (order) await insertOrder(q, target.id, sheetPublicId, order, buyer);
            if (space) {
              const verdict = { sheetPublicId, suspectReason, screened: screenedOut(compiled, check.answers) };
              spaceNotice = await applySpaceAnswer(q, deps, space, verdict);
            }
            if (booking) {
              booked = await bookForSheet(
                q,
                deps.secret,
                booking,
                { publicId: sheetPublicId, questionId: target.publicId, userId: ctx.user?.id ?? null },
                deps.now(),
              );
            }
            return first!;
          })
        : ((await submitOne(deps.database, args)) as typeof row);
  } catch (error) {
    throw refusedByDatabase(error, target, quotas);
  }
  seen.envelope = row.envelope;
  switch (row.outcome) {
    case 'ok':
      // The rare suspect sheet keeps why (the 可疑 tag shows it); the submit statement itself stays as it is.
      if (suspectReason) await deps.database.query('UPDATE answer_sheets SET suspect_reason = $2 WHERE public_id = $1', [sheetPublicId, suspectReason]);
      return withSpace(booked ? { ...result, booking: booked } : result, spaceNotice);
    case 'replay':
      return booking ? withSheetBooking(deps, target, row.replay!) : row.replay!;
    case 'reused':
      throw conflict(WRITE_MESSAGES.reused);
    case 'paused':
      throw refused('paused');
    default: // 'gone', 'stale'
      throw new Reload();
  }
}

/** 互助空间: what the release did for this sheet (told once, on the submit that stored it; a replay says nothing more). */
const withSpace = (result: TSubmitResult, space: TSpaceNotice | null): TSubmitResult => (space ? { ...result, space } : result);

/** The result of a sheet that made an order names it (stored with the sheet, so a replayed submit names it too). */
const withOrder = (result: TSubmitResult, order: OrderPlan | null): TSubmitResult =>
  order ? { ...result, order: { orderNo: order.orderNo, amountFen: order.amountFen, closesAt: order.closesAt.toISOString() } } : result;

/** A refusal to answer the respondent with; anything else is a fault. */
const refusal = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  throw error;
};

/** The sheet as it will be stored, or why it is refused: uploads of this subject, the logic, the quotas. */
async function checkSheet(
  query: Query,
  target: SubmitTarget,
  compiled: CompiledLogic,
  body: TSubmitRequest,
  now: Date,
): Promise<ReturnType<typeof validateSheet> | AppError> {
  const { subjects } = target;
  // Files must be this subject's own uploads; their sizes come from the stored upload.
  const uploads = await withStoredUploads(query, target.publicId, subjects, body.answers, body.submissionId);
  if (uploads.problem) return subjectError(subjects, { [uploads.problem.uuid]: [uploads.problem.message] });
  const counts = compiled.quotas.length
    ? Object.fromEntries(
        (await query<QuotaCount>('SELECT quota_id, used FROM quota_counters WHERE project_id = $1', [target.id])).map((r) => [r.quota_id, r.used]),
      )
    : {};
  const check = validateSheet(compiled, uploads.answers, counts);
  if (body.timedOut && target.timed) forgiveUnanswered(check);
  if (check.end?.kind === 'end' && check.end.reason === 'quota') return conflict(check.end.message);
  // An option a full quota hides answers as the database's refusal does ("409" 名额已满), whoever saw it first.
  const full = chosenFullQuota(compiled, counts, check);
  if (full) return quotaFull(subjects, full);
  if (!check.ok) return subjectError(subjects, check.messages);
  const past = pastSlots(subjects, check.answers, now);
  if (Object.keys(past).length) return subjectError(subjects, past);
  return check;
}

/** A full quota whose option this sheet chose (the option the quota hides once full), or a full 'message' quota it matched. */
function chosenFullQuota(compiled: CompiledLogic, counts: Record<string, number>, check: ReturnType<typeof validateSheet>): TQuotaRule | null {
  for (const q of compiled.quotas) {
    if ((counts[q.id] ?? 0) < q.limit || q.onFull.action === 'end') continue;
    if (q.onFull.action === 'message') {
      if (check.matchedQuotas.includes(q.id)) return q;
      continue;
    }
    const [subject, option] = q.basis === 'option' ? [q.subject, q.option] : [q.onFull.subject, q.onFull.option];
    if (check.facts[subject]?.chosen.includes(option)) return q;
  }
  return null;
}

/** wj_submit refuses with SQLSTATE WJ001: the message names the capacity (or state) that refused. */
function refusedByDatabase(error: unknown, target: SubmitTarget, quotas: Map<string, TQuotaRule>): unknown {
  const e = error as { code?: string; message?: string; detail?: string };
  if (e?.code !== 'WJ001') return error;
  switch (e.message) {
    case 'quota':
      return quotaFull(target.subjects, quotas.get(e.detail ?? '')!);
    case 'device':
      return refused('deviceLimit');
    case 'user':
      return refused('userLimit');
    case 'ip':
      return refused('ipLimit');
    case WECHAT_LIMIT_KIND:
      return refused('wechatLimit');
    case 'slot':
    case 'stock':
      return capacityRefusal(target.subjects, e.message, e.detail ?? '');
    case 'full':
      return refused('full');
    case 'paused':
      return refused('paused');
    default:
      return new Reload();
  }
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

/** The cap the statement counts under when the capacity strategy takes the counters itself: never reached. */
const NO_CAP = 2_000_000_000;

async function replayOf(query: Query, projectId: number, submissionId: string, hash: string): Promise<TSubmitResult | null> {
  const rows = await query<Pick<AnswerSheetRow, 'body_hash'> & { result: TSubmitResult }>(
    'SELECT body_hash, result FROM answer_sheets WHERE project_id = $1 AND submission_id = $2',
    [projectId, submissionId],
  );
  if (!rows[0]) return null;
  if (rows[0].body_hash !== hash) throw conflict(WRITE_MESSAGES.reused);
  return rows[0].result;
}

function subjectError(
  subjects: Parameters<typeof displayIndexes>[0] & { uuid: string; title: string }[],
  messages: Record<string, { message: string }[]>,
): AppError {
  const [uuid, list] = Object.entries(messages)[0]!;
  const index = displayIndexes(subjects).get(uuid);
  const label = index ? `第${index}题` : '题目';
  return badInput(`subjects.${uuid}: ${label}：${list[0]!.message}`, `subjects.${uuid}`);
}

function resultOf(target: SubmitTarget, answers: Record<string, unknown>, sheetId: string): TSubmitResult {
  const { conclusions, settings, subjects } = target;
  const chosen = (c: { whenOption: { subjectUuid: string; optionUuid: string } | null }) =>
    c.whenOption && JSON.stringify(answers[c.whenOption.subjectUuid] ?? null).includes(c.whenOption.optionUuid);
  const picked = conclusions.find(chosen) ?? conclusions.find((c) => !c.whenOption);
  const exam = target.questionType === QUESTION_TYPE.exam;
  const graded = exam ? scoreSheet(subjects, answers) : null;
  const analysis = exam && (settings.showCorrectAnswers || settings.showAnalysis) ? correctAnswers(subjects, settings) : null;
  return {
    sheetId,
    score: graded
      ? {
          total: graded.total,
          max: graded.maxTotal,
          subjects: Object.fromEntries(graded.subjects.map((s) => [s.uuid, { score: s.score, max: s.maxScore, status: s.status }])),
        }
      : null,
    conclusion: {
      title: picked?.title ?? '提交成功',
      content: picked?.content ?? (target.conclusion || '感谢您的参与！'),
      redirectUrl: picked?.redirectUrl ?? null,
    },
    showScore: exam && settings.showScore,
    showCorrectAnswers: exam && settings.showCorrectAnswers,
    showAnalysis: exam && settings.showAnalysis,
    correct: analysis,
    showResults: settings.showResults,
  };
}

function correctAnswers(subjects: readonly TSubject[], settings: TProjectSettings): Record<string, { answer: string; analysis: string }> {
  const out: Record<string, { answer: string; analysis: string }> = {};
  for (const s of subjects) {
    const options = (s as { options?: { title: string; isCorrect?: boolean }[] }).options;
    const accepted = (s as { acceptedAnswers?: string[] }).acceptedAnswers;
    const answer =
      options
        ?.filter((o) => o.isCorrect)
        .map((o) => o.title)
        .join('、') ||
      accepted?.join(' / ') ||
      '';
    if (!answer && !s.answerAnalysis) continue;
    out[s.uuid] = { answer: settings.showCorrectAnswers ? answer : '', analysis: settings.showAnalysis ? (s.answerAnalysis ?? '') : '' };
  }
  return out;
}
