import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZSaveDocumentRequest, ZSaveLogicRequest } from '../../../schemas/api/editor';
import { ZQuestionId } from '../../../schemas/api/question';
import { ZRandomGroup } from '../../../schemas/logic/ast';
import { checkLogic } from '../../../schemas/logic/checker';
import { ZLogic } from '../../../schemas/logic/ast';
import { defineCall } from '../../http/define-call';
import { accessProject } from '../../services/access/powers.service';
import { saveDocument } from '../../services/projects/document-save.service';
import { listSubjects } from '../../services/projects/subjects.service';

const P = 'activity/question';
const ZRandomRequest = z.object({ questionId: ZQuestionId, version: z.number().int().min(1).optional(), random: z.array(ZRandomGroup).max(200) });

/** The editor machine's autosave (whole document + version) and the logic calls, checked by the static checker. */
export function documentRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  defineCall(app, { path: `${P}/saveEditorDocument`, body: ZSaveDocumentRequest, auth: 'required', okMessage: '已保存' }, async (body, { user }) =>
    saveDocument(database, user, body.questionId, body.version, () => ({ logic: body.document.logic, document: body.document })),
  );

  defineCall(app, { path: `${P}/saveLogic`, body: ZSaveLogicRequest, auth: 'required', okMessage: '逻辑已保存' }, async (body, { user }) =>
    saveDocument(database, user, body.questionId, body.version, () => ({ logic: body.logic })),
  );

  defineCall(app, { path: `${P}/checkLogic`, body: z.object({ questionId: ZQuestionId }), auth: 'required' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read');
    return { findings: checkLogic(await listSubjects(database.query, project.id), ZLogic.parse(project.logic ?? {})) };
  });

  // Random subjects: draw K of a group (exams); stored with the rest of the logic.
  defineCall(app, { path: `${P}/saveRandomSubject`, body: ZRandomRequest, auth: 'required', okMessage: '保存成功' }, async (body, { user }) =>
    saveDocument(database, user, body.questionId, body.version, (locked) => ({ logic: { ...ZLogic.parse(locked.logic ?? {}), random: body.random } })),
  );
}
