import type { FastifyInstance } from 'fastify';
import { editorCalls } from '../../../schemas/api/editor';
import { checkLogic } from '../../../schemas/logic/checker';
import { ZLogic } from '../../../schemas/logic/ast';
import { sanitizeLogicMessages } from '../../../schemas/rich-text/sanitize-project';
import { defineCall } from '../../http/define-call';
import { bumpVersion, checkSubjectLimit, lockProject, writeSubjects } from '../../services/projects/editor.service';
import { changesStructure, refuseWhileCollecting } from '../../services/projects/collecting-guard.service';
import { accessProject } from '../../services/access/powers.service';
import { cleanProjectText } from '../../services/projects/project-save.service';
import { countQuestions, listSubjects } from '../../services/projects/subjects.service';

/** The editor machine's autosave (whole document + version) and the logic calls, checked by the static checker. */
export function documentRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  defineCall(app, editorCalls.saveEditorDocument, async (body, { user }) =>
    database.transaction(async (query) => {
      const { project } = await accessProject(query, user, body.questionId, 'edit');
      const locked = await lockProject(query, project.id);
      const before = await listSubjects(query, project.id);
      const { document } = body;
      // The title and subtitle may change while collecting; the subjects and the logic may not (spec §4).
      if (changesStructure({ subjects: before, logic: locked.logic }, document)) await refuseWhileCollecting(query, locked);
      if (countQuestions(document.subjects) > countQuestions(before)) await checkSubjectLimit(query, project, document.subjects);
      const version = await bumpVersion(query, project.id, body.version, user!.id);
      await writeSubjects(
        query,
        project.id,
        before,
        document.subjects.map((s, i) => ({ ...s, indexSort: i + 1 })),
      );
      const text = cleanProjectText({ title: document.title, subtitle: document.subtitle });
      await query('UPDATE projects SET title = $2, subtitle = $3, logic = $4::jsonb WHERE id = $1', [
        project.id,
        text.title,
        text.subtitle,
        JSON.stringify(sanitizeLogicMessages(document.logic)),
      ]);
      return { version, findings: checkLogic(document.subjects, document.logic) };
    }),
  );

  defineCall(app, editorCalls.saveLogic, async (body, { user }) =>
    database.transaction(async (query) => {
      const { project } = await accessProject(query, user, body.questionId, 'edit');
      await refuseWhileCollecting(query, await lockProject(query, project.id));
      const version = await bumpVersion(query, project.id, body.version, user!.id);
      await query('UPDATE projects SET logic = $2::jsonb WHERE id = $1', [project.id, JSON.stringify(sanitizeLogicMessages(body.logic))]);
      return { version, findings: checkLogic(await listSubjects(query, project.id), body.logic) };
    }),
  );

  defineCall(app, editorCalls.checkLogic, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read');
    return { findings: checkLogic(await listSubjects(database.query, project.id), ZLogic.parse(project.logic ?? {})) };
  });

  // Random subjects: draw K of a group (exams); stored with the rest of the logic.
  defineCall(app, editorCalls.saveRandomSubject, async (body, { user }) =>
    database.transaction(async (query) => {
      const { project } = await accessProject(query, user, body.questionId, 'edit');
      const locked = await lockProject(query, project.id);
      await refuseWhileCollecting(query, locked);
      const version = await bumpVersion(query, project.id, body.version, user!.id);
      const logic = { ...ZLogic.parse(locked.logic ?? {}), random: body.random };
      await query('UPDATE projects SET logic = $2::jsonb WHERE id = $1', [project.id, JSON.stringify(logic)]);
      return { version, findings: checkLogic(await listSubjects(query, project.id), logic) };
    }),
  );
}
