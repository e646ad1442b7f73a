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
import { copyProject, saveQuestion, type CopyKindSettings } from '../../services/projects/project-create.service';
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

  defineCall(app, questionCalls.saveOrUpdateWxQuestion, async (body, { user }) => {
    if (body.taskType === '2-8' && !body.taskId) throw badInput('taskId: 缺少任务编号', 'taskId');
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

  defineCall(app, questionCalls.getQuestionCopy, async (body, { user }) => {
    if (body.taskType === '2-8' && !body.taskId) throw badInput('taskId: 缺少任务编号', 'taskId');
    const { toType, withSettings, withLogic, title } = body;
    return copyProject(database, user, body.questionId, copyKindSettings(app.deps.now()), { toType, withSettings, withLogic, title });
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
