import type { FastifyInstance } from 'fastify';
import { questionCalls } from '../../../schemas/api/question';
import { defineCall } from '../../http/define-call';
import { accessProject } from '../../services/access/powers.service';
import { deleteFromBin, emptyBin, restoreFromBin } from '../../services/projects/project-bin.service';
import { listBin, listProjects } from '../../services/projects/project-lists.service';
import { deleteProject } from '../../services/red-envelope/red-return.service';

export function listRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  defineCall(app, questionCalls.getWxQuestionList, async (body, { user }) => listProjects(database.query, user!.id, body));

  defineCall(app, questionCalls.getWxQuestionDelList, async (body, { user }) => listBin(database.query, user!.id, body));

  defineCall(app, questionCalls.getWxQuestionDel, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'owner');
    await deleteProject(database, project.id, app.deps.now());
    return null;
  });

  defineCall(app, questionCalls.getRetrieveWxQuestion, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'owner', { allowDeleted: true });
    await restoreFromBin(database.query, project.id);
    return null;
  });

  // Delete for good: one project from the bin, or empty the bin of one kind.
  defineCall(app, questionCalls.getWxQuestionCompletelyDel, async (body, { user }) => {
    if ('questionId' in body) {
      const { project } = await accessProject(database.query, user, body.questionId, 'owner', { allowDeleted: true });
      return { deleted: await deleteFromBin(database.query, project.id) };
    }
    return { deleted: await emptyBin(database.query, user!.id, body.questionType) };
  });
}
