import type { FastifyInstance } from 'fastify';
import {
  ZAddOptionsRequest,
  ZBatchOptionsRequest,
  ZBatchRequiredRequest,
  ZCreateSubjectRequest,
  ZDeleteOptionRequest,
  ZMoveSubjectRequest,
  ZPictureBatchRequest,
  ZSubjectRef,
  ZSubjectRefs,
  ZUpdateOptionRequest,
  ZUpdateSubjectRequest,
} from '../../../schemas/api/editor';
import { ZQuestionRef } from '../../../schemas/api/question';
import * as ops from '../../../schemas/editor/operations';
import { subjectEntry } from '../../../schemas/subjects/registry';
import { defineCall } from '../../http/define-call';
import { badInput } from '../../http/errors';
import { publicId } from '../../services/crypto';
import { editSubjects } from '../../services/projects/editor.service';
import { accessProject } from '../../services/access/powers.service';
import { listSubjects } from '../../services/projects/subjects.service';

const P = 'activity/question';

/** Fine-grained subject calls of the editor; each is one pure operation of schemas/editor/operations.ts. */
export function subjectRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  const newId = () => publicId();
  const answer = (r: { version: number; subjects: unknown[]; extra: unknown }) => ({
    version: r.version,
    subjects: r.subjects,
    ...(r.extra ? { result: r.extra } : {}),
  });

  defineCall(app, { path: `${P}/v2/getSubject`, body: ZQuestionRef, auth: 'optional' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read', { allowTemplate: true });
    return { subjects: await listSubjects(database.query, project.id), logic: project.logic, version: project.version };
  });

  defineCall(app, { path: `${P}/createSubject`, body: ZCreateSubjectRequest, auth: 'required', okMessage: '添加成功' }, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.insertSubject(list, body.subject, body.afterUuid))),
  );

  defineCall(app, { path: `${P}/updateWxQuestionSubject`, body: ZUpdateSubjectRequest, auth: 'required', okMessage: '保存成功' }, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.replaceSubject(list, body.subject))),
  );

  // The gauge, cascade and matrix calls (spec §7) each edit the types with that trait.
  for (const [name, trait, label] of [
    ['updateSubjectGauge', 'gauge', '量表'],
    ['updateSubjectCascade', 'cascade', '级联'],
    ['updateSubjectMatrix', 'matrix', '矩阵'],
  ] as const) {
    defineCall(app, { path: `${P}/${name}`, body: ZUpdateSubjectRequest, auth: 'required', okMessage: '保存成功' }, async (body, { user }) => {
      if (!subjectEntry(body.subject.subjectType)[trait]) throw badInput(`subject.subjectType: 该题型不是${label}题`, 'subject.subjectType');
      return answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.replaceSubject(list, body.subject)));
    });
  }

  defineCall(app, { path: `${P}/getSubjectDel`, body: ZSubjectRef, auth: 'required', okMessage: '删除成功' }, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.deleteSubjects(list, [body.subjectUuid]))),
  );

  defineCall(app, { path: `${P}/batchDelSubject`, body: ZSubjectRefs, auth: 'required', okMessage: '删除成功' }, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.deleteSubjects(list, body.subjectUuids))),
  );

  defineCall(app, { path: `${P}/getSubjectCopy`, body: ZSubjectRef, auth: 'required', okMessage: '复制成功' }, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.copySubject(list, body.subjectUuid, newId))),
  );

  defineCall(app, { path: `${P}/moveSubject`, body: ZMoveSubjectRequest, auth: 'required' }, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.moveSubject(list, body.subjectUuid, body.afterUuid))),
  );

  defineCall(app, { path: `${P}/batchRequired`, body: ZBatchRequiredRequest, auth: 'required', okMessage: '设置成功' }, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.setRequired(list, body.subjectUuids, body.required))),
  );

  defineCall(app, { path: `${P}/updateSubjectOption`, body: ZUpdateOptionRequest, auth: 'required', okMessage: '保存成功' }, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.updateOption(list, body.subjectUuid, body.option))),
  );

  defineCall(app, { path: `${P}/addSubjectOption`, body: ZAddOptionsRequest, auth: 'required', okMessage: '添加成功' }, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.addOptions(list, body.subjectUuid, body.options, body.afterUuid))),
  );

  defineCall(app, { path: `${P}/delSubjectOption`, body: ZDeleteOptionRequest, auth: 'required', okMessage: '删除成功' }, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.deleteOption(list, body.subjectUuid, body.optionUuid))),
  );

  defineCall(app, { path: `${P}/batchSubjectOption`, body: ZBatchOptionsRequest, auth: 'required', okMessage: '保存成功' }, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.replaceOptionsFromLines(list, body.subjectUuid, body.text, newId))),
  );

  defineCall(app, { path: `${P}/pictureBatchSubjectOption`, body: ZPictureBatchRequest, auth: 'required', okMessage: '添加成功' }, async (body, { user }) =>
    answer(await editSubjects(database, user, body.questionId, body.version, (list) => ops.addPictureOptions(list, body.subjectUuid, body.pictures, newId))),
  );
}
