import type { FastifyInstance } from 'fastify';
import { editorCalls } from '../../../schemas/api/editor';
import { defineCall } from '../../http/define-call';
import { deleteFromBank, listBank, saveToBank } from '../../services/projects/subject-bank.service';
import { PREPARED_SUBJECTS } from '../../seed/prepared-subjects';

/** The question bank: my saved subjects, and the built-in bank of common personal-info and satisfaction subjects. */
export function bankRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  defineCall(app, editorCalls.getPrepareSubjectList, async (body) =>
    PREPARED_SUBJECTS.filter((p) => !body.keyword || p.title.includes(body.keyword) || p.category.includes(body.keyword)),
  );

  defineCall(app, editorCalls.saveSubjectBank, async (body, { user }) => saveToBank(database.query, user!.id, body.category, body.subject));

  defineCall(app, editorCalls.getSubjectBankList, async (body, { user }) => {
    if (body.source === 'builtin') {
      const list = PREPARED_SUBJECTS.filter((p) => !body.keyword || p.title.includes(body.keyword));
      return { list: list.slice((body.page - 1) * body.pageSize, body.page * body.pageSize), total: list.length };
    }
    return listBank(database.query, user!.id, body);
  });

  defineCall(app, editorCalls.delSubjectBank, async (body, { user }) => {
    await deleteFromBank(database.query, user!.id, body.bankId);
    return null;
  });
}
