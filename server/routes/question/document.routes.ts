import type { FastifyInstance } from 'fastify';
import { editorCalls } from '../../../schemas/api/editor';
import { checkLogic } from '../../../schemas/logic/checker';
import { ZLogic } from '../../../schemas/logic/ast';
import { defineCall } from '../../http/define-call';
import { accessProject } from '../../services/access/powers.service';
import { saveDocument } from '../../services/projects/document-save.service';
import { listSubjects } from '../../services/projects/subjects.service';

/** The editor machine's autosave (whole document + version) and the logic calls, checked by the static checker. */
export function documentRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  defineCall(app, editorCalls.saveEditorDocument, async (body, { user }) =>
    saveDocument(database, user, body.questionId, body.version, () => ({ logic: body.document.logic, document: body.document })),
  );

  defineCall(app, editorCalls.saveLogic, async (body, { user }) => saveDocument(database, user, body.questionId, body.version, () => ({ logic: body.logic })));

  defineCall(app, editorCalls.checkLogic, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read');
    return { findings: checkLogic(await listSubjects(database.query, project.id), ZLogic.parse(project.logic ?? {})) };
  });

  // Random subjects: draw K of a group (exams); stored with the rest of the logic.
  defineCall(app, editorCalls.saveRandomSubject, async (body, { user }) =>
    saveDocument(database, user, body.questionId, body.version, (locked) => ({ logic: { ...ZLogic.parse(locked.logic ?? {}), random: body.random } })),
  );
}
