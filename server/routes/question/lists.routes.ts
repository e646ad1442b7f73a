import type { FastifyInstance } from 'fastify';
import { ZBinListRequest, ZCompletelyDelRequest, ZQuestionListRequest, ZQuestionRef } from '../../../schemas/api/question';
import { defineCall } from '../../http/define-call';
import { accessProject } from '../../services/access/powers.service';
import { deleteFromBin, emptyBin, moveToBin, restoreFromBin } from '../../services/projects/project-bin.service';
import { listBin, listProjects } from '../../services/projects/project-lists.service';

const P = 'activity/question';

export function listRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  defineCall(app, { path: `${P}/getWxQuestionList`, body: ZQuestionListRequest, auth: 'required' }, async (body, { user }) =>
    listProjects(database.query, user!.id, body),
  );

  defineCall(app, { path: `${P}/getWxQuestionDelList`, body: ZBinListRequest, auth: 'required' }, async (body, { user }) =>
    listBin(database.query, user!.id, body),
  );

  defineCall(app, { path: `${P}/getWxQuestionDel`, body: ZQuestionRef, auth: 'required', okMessage: '已移入回收站' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'owner');
    await moveToBin(database.query, project.id);
    return null;
  });

  defineCall(app, { path: `${P}/getRetrieveWxQuestion`, body: ZQuestionRef, auth: 'required', okMessage: '已恢复' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'owner', { allowDeleted: true });
    await restoreFromBin(database.query, project.id);
    return null;
  });

  // Delete for good: one project from the bin, or empty the bin of one kind.
  defineCall(
    app,
    { path: `${P}/getWxQuestionCompletelyDel`, body: ZCompletelyDelRequest, auth: 'required', okMessage: '已彻底删除' },
    async (body, { user }) => {
      if ('questionId' in body) {
        const { project } = await accessProject(database.query, user, body.questionId, 'owner', { allowDeleted: true });
        return { deleted: await deleteFromBin(database.query, project.id) };
      }
      return { deleted: await emptyBin(database.query, user!.id, body.questionType) };
    },
  );
}
