import type { FastifyInstance } from 'fastify';
import { editorCalls } from '../../../schemas/api/editor';
import type { TSubject } from '../../../schemas/subjects/registry';
import { defineCall } from '../../http/define-call';
import { notFound } from '../../http/errors';
import { publicId } from '../../services/crypto';
import { likePattern } from '../../services/projects/projects.service';
import { sanitizeSubject } from '../../services/projects/subjects.service';
import { PREPARED_SUBJECTS } from '../../seed/prepared-subjects';

const plain = (html: string) => html.replace(/<[^>]*>/g, '').trim();

/** The question bank: my saved subjects, and the built-in bank of common personal-info and satisfaction subjects. */
export function bankRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  defineCall(app, editorCalls.getPrepareSubjectList, async (body) =>
    PREPARED_SUBJECTS.filter((p) => !body.keyword || p.title.includes(body.keyword) || p.category.includes(body.keyword)),
  );

  defineCall(app, editorCalls.saveSubjectBank, async (body, { user }) => {
    const subject = sanitizeSubject(body.subject);
    const bankId = publicId();
    await database.query('INSERT INTO subject_bank (public_id, user_id, category, title, subject_type, config) VALUES ($1, $2, $3, $4, $5, $6::jsonb)', [
      bankId,
      user!.id,
      body.category,
      plain(subject.title).slice(0, 200) || '未命名题目',
      subject.subjectType,
      JSON.stringify(subject),
    ]);
    return { bankId };
  });

  defineCall(app, editorCalls.getSubjectBankList, async (body, { user }) => {
    if (body.source === 'builtin') {
      const list = PREPARED_SUBJECTS.filter((p) => !body.keyword || p.title.includes(body.keyword));
      return { list: list.slice((body.page - 1) * body.pageSize, body.page * body.pageSize), total: list.length };
    }
    const rows = await database.query<{ public_id: string; category: string; title: string; subject_type: number; config: TSubject; total: string }>(
      `SELECT public_id, category, title, subject_type, config, count(*) OVER () AS total FROM subject_bank
       WHERE user_id = $1 AND ($2::text IS NULL OR title ILIKE $2) ORDER BY id DESC LIMIT $3 OFFSET $4`,
      [user!.id, likePattern(body.keyword), body.pageSize, (body.page - 1) * body.pageSize],
    );
    return {
      list: rows.map((r) => ({ bankId: r.public_id, category: r.category, title: r.title, subjectType: r.subject_type, subject: r.config })),
      total: Number(rows[0]?.total ?? 0),
    };
  });

  defineCall(app, editorCalls.delSubjectBank, async (body, { user }) => {
    const gone = await database.query('DELETE FROM subject_bank WHERE public_id = $1 AND user_id = $2 RETURNING id', [body.bankId, user!.id]);
    if (!gone.length) throw notFound('题目不存在或已删除');
    return null;
  });
}
