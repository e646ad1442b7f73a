import type { FastifyInstance } from 'fastify';
import { questionCalls } from '../../../schemas/api/question';
import { type TProjectDetail } from '../../../schemas/api/question';
import { defineCall } from '../../http/define-call';
import { badInput } from '../../http/errors';
import { ANSWER_COUNT_SQL } from '../../services/submit/answer-store.service';
import { accessProject } from '../../services/access/powers.service';
import { createProject, levelOf, questionCount, toProjectInfo, type ProjectListRow } from '../../services/projects/projects.service';
import { clearProjectData } from '../../services/projects/project-data.service';
import { cleanProjectText, updateProject } from '../../services/projects/project-save.service';
import { listSubjects, QUESTION_COUNT_SQL } from '../../services/projects/subjects.service';
import type { AuthUser } from '../../services/access/sessions.service';
import { checkPublishable } from '../../services/projects/publish.service';

export function projectRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  const info = async (questionId: string, user: AuthUser | null): Promise<TProjectDetail> => {
    const rows = await database.query<ProjectListRow & { owner_level: number }>(
      `SELECT p.*, m.power_type, ${QUESTION_COUNT_SQL} AS subject_count, ${ANSWER_COUNT_SQL} AS answer_count, u.username AS owner_name, u.member_level AS owner_level
       FROM projects p JOIN users u ON u.id = p.owner_id
       LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = $2 WHERE p.public_id = $1`,
      [questionId, user?.id ?? -1],
    );
    const row = rows[0]!;
    const level = levelOf(row.owner_level);
    return { ...toProjectInfo(row, user?.id ?? -1), ownerLevel: level.memberLevel, subjectLimit: level.subjectCount };
  };

  defineCall(app, questionCalls.saveOrUpdateWxQuestion, async (body, { user }) => {
    if (body.taskType === '2-8' && !body.taskId) throw badInput('taskId: 缺少任务编号', 'taskId');
    if (!body.questionId) {
      return database.transaction((query) => createProject(query, user!, { ...body, subjects: body.subjects ?? [] }));
    }
    const questionId = body.questionId;
    return database.transaction((query) => updateProject(query, user!, questionId, body));
  });

  defineCall(app, questionCalls.getWxQuestion, async (body, { user }) => {
    await accessProject(database.query, user, body.questionId, 'read', { allowTemplate: true });
    return info(body.questionId, user);
  });

  defineCall(app, questionCalls.getSubject, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read', { allowTemplate: true });
    return { subjects: await listSubjects(database.query, project.id), logic: project.logic, version: project.version };
  });

  defineCall(app, questionCalls.updateWxQuestion, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    const text = cleanProjectText(body);
    await database.query(
      `UPDATE projects SET title = COALESCE($2, title), subtitle = COALESCE($3, subtitle), conclusion = COALESCE($4, conclusion),
         share_title = COALESCE($5, share_title), solitaire_type = COALESCE($6, solitaire_type), version = version + 1, updated_at = now(), updated_by = $7
       WHERE id = $1`,
      [project.id, text.title ?? null, text.subtitle ?? null, text.conclusion ?? null, text.shareTitle ?? null, body.solitaireType ?? null, user!.id],
    );
    return info(body.questionId, user!);
  });

  // Publish (1) or pause (0): spec §4 lifecycle; the editor pauses a collecting project before edits.
  defineCall(app, questionCalls.getQuestionStatus, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    if (body.status === 1) await checkPublishable(database.query, project);
    await database.query('UPDATE projects SET status = $2, updated_at = now(), updated_by = $3 WHERE id = $1', [project.id, body.status, user!.id]);
    return info(body.questionId, user!);
  });

  defineCall(app, questionCalls.getQuestionCopy, async (body, { user }) => {
    if (body.taskType === '2-8' && !body.taskId) throw badInput('taskId: 缺少任务编号', 'taskId');
    return database.transaction(async (query) => {
      const { project, powerType } = await accessProject(query, user, body.questionId, 'read', { allowTemplate: true });
      // Copying someone else's project needs edit power; a template may be copied by anyone.
      if (powerType === 3) await accessProject(query, user, body.questionId, 'edit');
      const result = await createProject(query, user!, {
        questionType: project.question_type,
        solitaireType: project.solitaire_type,
        title: project.is_template ? project.title : `${project.title}（副本）`,
        subtitle: project.subtitle,
        conclusion: project.conclusion,
        shareTitle: project.share_title,
        settings: project.settings,
        style: project.style,
        logic: project.logic,
        subjects: await listSubjects(query, project.id),
      });
      if (result.isCreate === 1 && project.is_template) await query('UPDATE projects SET hot = hot + 1 WHERE id = $1', [project.id]);
      return result;
    });
  });

  defineCall(app, questionCalls.getQuestionClear, async (body, { user }) => {
    await database.transaction(async (query) => {
      const { project } = await accessProject(query, user, body.questionId, 'manage');
      await clearProjectData(query, project.id);
    });
    return null;
  });

  defineCall(app, questionCalls.getSubjectCount, async (body, { user }) => {
    await accessProject(database.query, user, body.questionId, 'read', { allowTemplate: true });
    return { subjectCount: (await info(body.questionId, user!)).subjectCount };
  });

  defineCall(app, questionCalls.getQuestionCount, async (_b, { user }) => questionCount(database.query, user!));
}
