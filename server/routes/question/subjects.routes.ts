import type { FastifyInstance } from 'fastify';
import { questionCalls } from '../../../schemas/api/question';
import { editorCalls } from '../../../schemas/api/editor';
import * as ops from '../../../schemas/editor/operations';
import { subjectEntry } from '../../../schemas/subjects/registry';
import { defineCall } from '../../http/define-call';
import { badInput } from '../../services/errors';
import { publicId } from '../../services/crypto';
import { editSubjects } from '../../services/projects/editor.service';
import { accessProject } from '../../services/access/powers.service';
import { listSubjects } from '../../services/projects/subjects.service';

/** Fine-grained subject calls of the editor; each is one pure operation of schemas/editor/operations.ts. */
export function subjectRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  const newId = () => publicId();
  const answer = (r: { version: number; subjects: unknown[]; extra: unknown }) => ({
    version: r.version,
    subjects: r.subjects,
    ...(r.extra ? { result: r.extra } : {}),
  });

  defineCall(app, questionCalls.getSubjectV2, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read', { allowTemplate: true });
    return { subjects: await listSubjects(database.query, project.id), logic: project.logic, version: project.version };
  });

  defineCall(app, editorCalls.createSubject, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.insertSubject(list, body.subject, body.afterUuid))),
  );

  defineCall(app, editorCalls.updateWxQuestionSubject, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.replaceSubject(list, body.subject))),
  );

  // The gauge, cascade and matrix calls (spec §7) each edit the types with that trait.
  for (const [call, trait, label] of [
    [editorCalls.updateSubjectGauge, 'gauge', '量表'],
    [editorCalls.updateSubjectCascade, 'cascade', '级联'],
    [editorCalls.updateSubjectMatrix, 'matrix', '矩阵'],
  ] as const) {
    defineCall(app, call, async (body, { user }) => {
      if (!subjectEntry(body.subject.subjectType)[trait]) throw badInput(`subject.subjectType: 该题型不是${label}题`, 'subject.subjectType');
      return answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.replaceSubject(list, body.subject)));
    });
  }

  defineCall(app, editorCalls.getSubjectDel, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.deleteSubjects(list, [body.subjectUuid]))),
  );

  defineCall(app, editorCalls.batchDelSubject, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.deleteSubjects(list, body.subjectUuids))),
  );

  defineCall(app, editorCalls.getSubjectCopy, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.copySubject(list, body.subjectUuid, newId))),
  );

  defineCall(app, editorCalls.moveSubject, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.moveSubject(list, body.subjectUuid, body.afterUuid))),
  );

  defineCall(app, editorCalls.batchRequired, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.setRequired(list, body.subjectUuids, body.required))),
  );

  defineCall(app, editorCalls.updateSubjectOption, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.updateOption(list, body.subjectUuid, body.option))),
  );

  defineCall(app, editorCalls.addSubjectOption, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.addOptions(list, body.subjectUuid, body.options, body.afterUuid))),
  );

  defineCall(app, editorCalls.delSubjectOption, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.deleteOption(list, body.subjectUuid, body.optionUuid))),
  );

  defineCall(app, editorCalls.batchSubjectOption, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.replaceOptionsFromLines(list, body.subjectUuid, body.text, newId))),
  );

  defineCall(app, editorCalls.pictureBatchSubjectOption, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.addPictureOptions(list, body.subjectUuid, body.pictures, newId))),
  );
}
