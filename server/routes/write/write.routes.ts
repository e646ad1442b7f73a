import type { FastifyInstance } from 'fastify';
import { writeCalls } from '../../../schemas/api/write';
import { ZConclusion } from '../../../schemas/api/editor';
import { ZProjectStyle } from '../../../schemas/api/settings';
import { WRITE_MESSAGES } from '../../../schemas/api/write';
import { respondentSubject } from '../../../schemas/subjects/respondent';
import { ZLogic } from '../../../schemas/logic/ast';
import { defineCall } from '../../http/define-call';
import { answerableProject, checkEntry, submitSheet } from '../../services/submit/submit.service';
import { listSubjects } from '../../services/projects/subjects.service';
import { isTimedExam, recordExamStart } from '../../services/submit/submit-exam-clock.service';
import { withStockLeft } from '../../services/submit/submit-capacity.service';
import { respondentResults } from '../../services/submit/submit-results.service';
import { editedSheet, myAnswer } from '../../services/submit/submit-edit.service';
import { answerPhone, answerSmsPurpose, smsSubject } from '../../services/submit/submit-sms.service';
import { sendCode } from '../../services/access/sms-codes.service';
import { requestBrand } from '../../http/request-info';
import { checkAnswerPassword } from '../../services/submit/submit-password.service';
import { AppError, badInput } from '../../http/errors';

/** The respondent's calls (spec §7 active/write) and the creator's answer list. */
export function writeRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;

  defineCall(app, writeCalls.getQuestion, async (body, { user, request }) => {
    const { project, settings } = await answerableProject(database.query, body.questionId, deps.now());
    const guard = { database, projectId: project.id, ip: request.ip };
    // Without the right password the sheet stays locked; every try counts against the password's allowance.
    const locked = Boolean(settings.password) && (await checkAnswerPassword(guard, settings.password, body.password).then(() => false, wrongPassword));
    if (!locked) await checkEntry(database.query, { ...settings, password: '' }, user, undefined, guard);
    const counts = await database.query<{ quota_id: string; used: number }>('SELECT quota_id, used FROM quota_counters WHERE project_id = $1', [project.id]);
    const conclusions = await database.query<{ config: unknown }>('SELECT config FROM conclusions WHERE project_id = $1 ORDER BY id', [project.id]);
    const places = locked
      ? []
      : await database.query<{ kind: string; key: string; n: number }>(
          `SELECT kind, key, n FROM respondent_counters WHERE project_id = $1 AND kind IN ('slot', 'stock')`,
          [project.id],
        );
    const sold = new Map(places.filter((r) => r.kind === 'stock').map((r) => [r.key, r.n]));
    return {
      questionId: project.public_id,
      title: project.title,
      subtitle: project.subtitle,
      questionType: project.question_type,
      status: project.status,
      style: ZProjectStyle.parse(project.style ?? {}),
      settings: {
        startTime: settings.startTime,
        endTime: settings.endTime,
        loginRequired: settings.loginRequired,
        needPassword: Boolean(settings.password),
        examMinutes: settings.examMinutes,
        allowEditAfterSubmit: settings.allowEditAfterSubmit,
        showScore: settings.showScore,
        showCorrectAnswers: settings.showCorrectAnswers,
        showAnalysis: settings.showAnalysis,
      },
      locked,
      // The answer key, scoring rules and analysis never leave the server before submission.
      subjects: locked ? [] : (await listSubjects(database.query, project.id)).map((x) => withStockLeft(respondentSubject(x), sold)),
      logic: locked ? ZLogic.parse({}) : ZLogic.parse(project.logic ?? {}),
      quotaCounts: Object.fromEntries(counts.map((r) => [r.quota_id, r.used])),
      /** Places taken per appointment slot and date (`subject|date|time`, server/services/submit/submit-capacity.service.ts). */
      slotsTaken: Object.fromEntries(places.filter((r) => r.kind === 'slot').map((r) => [r.key, r.n])),
      conclusions: locked ? [] : conclusions.map((r) => ZConclusion.parse(r.config)),
      serverTime: deps.now().toISOString(),
    };
  });

  defineCall(app, writeCalls.startExam, async (body, { user, request }) => {
    const { project, settings } = await answerableProject(database.query, body.questionId, deps.now());
    await checkEntry(database.query, settings, user, body.password, { database, projectId: project.id, ip: request.ip });
    if (!isTimedExam(project.question_type, settings)) throw badInput(WRITE_MESSAGES.notExam);
    return recordExamStart(database.query, project.id, body.submissionId, settings.examMinutes, deps.now());
  });

  defineCall(app, writeCalls.sendAnswerSms, async (body, { user, request }) => {
    const { project, settings } = await answerableProject(database.query, body.questionId, deps.now());
    await checkEntry(database.query, settings, user, body.password, { database, projectId: project.id, ip: request.ip });
    smsSubject(await listSubjects(database.query, project.id), body.subjectId);
    const phone = answerPhone(body.phone);
    if (!phone) throw badInput('phone: 请输入正确的手机号', 'phone');
    await sendCode(deps, { phone, purpose: answerSmsPurpose(project.id), ip: request.ip, brand: requestBrand(request).id });
    return null;
  });

  defineCall(app, writeCalls.getMyAnswer, async (body, { user, request }) => {
    const { project, settings } = await answerableProject(database.query, body.questionId, deps.now());
    await checkEntry(database.query, settings, user, body.password, { database, projectId: project.id, ip: request.ip });
    const sheet = await editedSheet(database.query, deps.secret, body.questionId, body.editToken);
    return myAnswer(deps, await listSubjects(database.query, project.id), sheet);
  });

  defineCall(app, writeCalls.getResults, (body) => respondentResults(database, body.questionId, body.sheetId));

  defineCall(app, writeCalls.submit, (body, { user, request }) => submitSheet(deps, body, { user, ip: request.ip }));

  defineCall(app, writeCalls.getWriteRecord, async (body, { user }) => {
    const rows = await database.query<{
      public_id: string;
      question_id: string;
      title: string;
      question_type: number;
      score: number | null;
      created_at: Date;
      total: string;
    }>(
      `SELECT a.public_id, p.public_id AS question_id, p.title, p.question_type,
         CASE WHEN coalesce((p.settings->>'showScore')::boolean, true) THEN a.score END AS score, a.created_at, count(*) OVER () AS total
       FROM answer_sheets a JOIN projects p ON p.id = a.project_id
       WHERE a.user_id = $1 AND a.status = 1 AND p.deleted_at IS NULL ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
      [user!.id, body.pageSize, (body.page - 1) * body.pageSize],
    );
    return {
      list: rows.map((r) => ({
        sheetId: r.public_id,
        questionId: r.question_id,
        title: r.title,
        questionType: r.question_type,
        score: r.score,
        createTime: new Date(r.created_at).toISOString(),
      })),
      total: Number(rows[0]?.total ?? 0),
    };
  });
}

/** A wrong password locks the sheet; anything else (too many tries: "429") is the answer. */
const wrongPassword = (error: unknown): true => {
  if (error instanceof AppError && error.resultCode === '403') return true;
  throw error;
};
