import type { FastifyInstance } from 'fastify';
import { ZConclusion } from '../../../schemas/api/editor';
import { ZProjectStyle } from '../../../schemas/api/settings';
import { ZGetQuestionForAnswerRequest, ZSubmitRequest, ZWriteRecordRequest } from '../../../schemas/api/write';
import { ZLogic } from '../../../schemas/logic/ast';
import { defineCall } from '../../http/define-call';
import { answerableProject, checkEntry, submitSheet } from '../../services/submit.service';
import { listSubjects } from '../../services/subjects.service';

/** The respondent's calls (spec §7 active/write) and the creator's answer list. */
export function writeRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;

  defineCall(app, { path: 'active/write/getQuestion', body: ZGetQuestionForAnswerRequest, auth: 'optional' }, async (body, { user }) => {
    const { project, settings } = await answerableProject(database.query, body.questionId, deps.now());
    const locked = Boolean(settings.password) && body.password !== settings.password;
    if (!locked) await checkEntry(database.query, { ...settings, password: '' }, user, undefined);
    const counts = await database.query<{ quota_id: string; used: number }>('SELECT quota_id, used FROM quota_counters WHERE project_id = $1', [project.id]);
    const conclusions = await database.query<{ config: unknown }>('SELECT config FROM conclusions WHERE project_id = $1 ORDER BY id', [project.id]);
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
      subjects: locked ? [] : await listSubjects(database.query, project.id),
      logic: locked ? ZLogic.parse({}) : ZLogic.parse(project.logic ?? {}),
      quotaCounts: Object.fromEntries(counts.map((r) => [r.quota_id, r.used])),
      conclusions: locked ? [] : conclusions.map((r) => ZConclusion.parse(r.config)),
      serverTime: deps.now().toISOString(),
    };
  });

  defineCall(app, { path: 'active/write/submit', body: ZSubmitRequest, auth: 'optional', okMessage: '提交成功' }, (body, { user, request }) =>
    submitSheet(deps, body, { user, ip: request.ip }),
  );

  defineCall(app, { path: 'active/write/getWriteRecord', body: ZWriteRecordRequest, auth: 'required' }, async (body, { user }) => {
    const rows = await database.query<{ public_id: string; question_id: string; title: string; question_type: number; score: number | null; created_at: Date; total: string }>(
      `SELECT a.public_id, p.public_id AS question_id, p.title, p.question_type, a.score, a.created_at, count(*) OVER () AS total
       FROM answer_sheets a JOIN projects p ON p.id = a.project_id
       WHERE a.user_id = $1 AND a.status = 1 AND p.deleted_at IS NULL ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
      [user!.id, body.pageSize, (body.page - 1) * body.pageSize],
    );
    return {
      list: rows.map((r) => ({ sheetId: r.public_id, questionId: r.question_id, title: r.title, questionType: r.question_type, score: r.score, createTime: new Date(r.created_at).toISOString() })),
      total: Number(rows[0]?.total ?? 0),
    };
  });
}
