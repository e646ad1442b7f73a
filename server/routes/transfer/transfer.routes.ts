import type { FastifyInstance } from 'fastify';
import { transferCalls } from '../../../schemas/api/transfer';
import { defineCall } from '../../http/define-call';
import { createProjectFromFile, exportProject, importSubjects, previewFile, previewImport } from '../../services/transfer/transfer.service';

/** Projects in and out (issue 53 item 2): export, preview and import of subjects, a new project from a file
 * (previewed first, with login only: it names no project). */
export function transferRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  defineCall(app, transferCalls.exportProject, (body, { user }) => exportProject(database.query, user, body.questionId, body.format));
  defineCall(app, transferCalls.previewImport, (body, { user }) => previewImport(database.query, user, body));
  defineCall(app, transferCalls.importSubjects, (body, { user }) => importSubjects(database, user, body));
  defineCall(app, transferCalls.previewFile, (body) => previewFile(body));
  defineCall(app, transferCalls.createProjectFromFile, (body, { user }) => createProjectFromFile(database, user!, body));
}
