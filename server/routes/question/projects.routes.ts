import type { FastifyInstance } from 'fastify';
import { questionCalls } from '../../../schemas/api/question';
import { shanghaiDay } from '../../../schemas/checkin/days';
import { defineCall } from '../../http/define-call';
import { badInput } from '../../services/errors';
import { accessProject } from '../../services/access/powers.service';
import { copyChainSettings } from '../../services/chain/chain-project.service';
import { copyCheckInSettings } from '../../services/checkin/checkin-project.service';
import { questionCount } from '../../services/projects/projects.service';
import { clearProject } from '../../services/report/project-data.service';
import { saveQuestion, type CopyKindSettings } from '../../services/projects/project-create.service';
import { requestBrand } from '../../http/request-info';
import { checkTaskId, copyWithTasks } from '../../services/coins/tasks/tasks.service';
import { projectDetail } from '../../services/projects/project-lists.service';
import { updateProjectTexts } from '../../services/projects/project-save.service';
import { listSubjects } from '../../services/projects/subjects.service';
import { setProjectStatus } from '../../services/projects/publish.service';

/** A copy brings its kind's settings along: a sign-up chain's, a check-in's (its period placed from the day of use). */
export const copyKindSettings =
  (now: Date): CopyKindSettings =>
  async (query, fromProjectId, toQuestionId) => {
    await copyChainSettings(query, fromProjectId, toQuestionId);
    await copyCheckInSettings(query, fromProjectId, toQuestionId, shanghaiDay(now));
  };

export function projectRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  defineCall(app, questionCalls.saveOrUpdateWxQuestion, async (body, { user, request }) => {
    if (body.taskType === '2-8' && !body.taskId) throw badInput('taskId: 缺少任务编号', 'taskId');
    if (body.taskType === '2-8') checkTaskId(app.deps, user!.id, requestBrand(request).id, body.taskId!, '2-8');
    return saveQuestion(database, user!, body);
  });

  defineCall(app, questionCalls.getWxQuestion, async (body, { user }) => {
    await accessProject(database.query, user, body.questionId, 'read', { allowTemplate: true });
    return projectDetail(database.query, body.questionId, user?.id);
  });

  defineCall(app, questionCalls.getSubject, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read', { allowTemplate: true });
    return { subjects: await listSubjects(database.query, project.id), logic: project.logic, version: project.version };
  });

  defineCall(app, questionCalls.updateWxQuestion, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    await updateProjectTexts(database.query, project.id, user!.id, body);
    return projectDetail(database.query, body.questionId, user!.id);
  });

  // Publish (1) or pause (0): spec §4 lifecycle; the editor pauses a collecting project before edits.
  defineCall(app, questionCalls.getQuestionStatus, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    await setProjectStatus(database.query, project, body.status, user!.id, { payments: app.deps.pay.active !== null, now: app.deps.now() });
    return projectDetail(database.query, body.questionId, user!.id);
  });

  // Spec §9: a template's copy completes today's 2-6; a copy with the 2-8 task's taskId (genuine, of today's
  // recommended template) completes 2-8 — in the copy's transaction (server/services/coins/tasks/tasks.service.ts).
  defineCall(app, questionCalls.getQuestionCopy, async (body, { user, request }) => {
    if (body.taskType === '2-8' && !body.taskId) throw badInput('taskId: 缺少任务编号', 'taskId');
    const { toType, withSettings, withLogic, title } = body;
    const brand = requestBrand(request).id;
    return copyWithTasks(app.deps, user, brand, body, copyKindSettings(app.deps.now()), { toType, withSettings, withLogic, title });
  });

  defineCall(app, questionCalls.getQuestionClear, async (body, { user }) => {
    await clearProject(database, user, body.questionId);
    return null;
  });

  defineCall(app, questionCalls.getSubjectCount, async (body, { user }) => {
    await accessProject(database.query, user, body.questionId, 'read', { allowTemplate: true });
    return { subjectCount: (await projectDetail(database.query, body.questionId, user!.id)).subjectCount };
  });

  defineCall(app, questionCalls.getQuestionCount, async (_b, { user }) => questionCount(database.query, user!));
}
