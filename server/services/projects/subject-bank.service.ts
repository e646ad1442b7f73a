import type { TSubject } from '../../../schemas/subjects/registry';
import type { Query } from '../../db/client';
import { notFound } from '../errors';
import { publicId } from '../crypto';
import { likePattern } from './projects.service';
import { sanitizeSubject } from './subjects.service';
import { col, defineSql } from '../../db/sql';

const plain = (html: string) => html.replace(/<[^>]*>/g, '').trim();

export interface BankEntry {
  bankId: string;
  category: string;
  title: string;
  subjectType: number;
  subject: TSubject;
}

/** My question bank (题库): a subject saved cleaned, listed under its plain-text title. */
export async function saveToBank(query: Query, userId: number, category: string, input: TSubject): Promise<{ bankId: string }> {
  const subject = sanitizeSubject(input);
  const bankId = publicId();
  await query('INSERT INTO subject_bank (public_id, user_id, category, title, subject_type, config) VALUES ($1, $2, $3, $4, $5, $6::jsonb)', [
    bankId,
    userId,
    category,
    plain(subject.title).slice(0, 200) || '未命名题目',
    subject.subjectType,
    JSON.stringify(subject),
  ]);
  return { bankId };
}

const listBankSql = defineSql(
  'subject-bank.listBank',
  { public_id: col.text, category: col.text, title: col.text, subject_type: col.int, config: col.json.as<TSubject>(), total: col.bigint },
  `SELECT public_id, category, title, subject_type, config, count(*) OVER () AS total FROM subject_bank
     WHERE user_id = $1 AND ($2::text IS NULL OR title ILIKE $2) ORDER BY id DESC LIMIT $3 OFFSET $4`,
);

/** The newest first, searched by title. */
export async function listBank(
  query: Query,
  userId: number,
  { keyword, page, pageSize }: { keyword?: string; page: number; pageSize: number },
): Promise<{ list: BankEntry[]; total: number }> {
  const rows = await listBankSql.run(query, [userId, likePattern(keyword), pageSize, (page - 1) * pageSize]);
  return {
    list: rows.map((r) => ({ bankId: r.public_id, category: r.category, title: r.title, subjectType: r.subject_type, subject: r.config })),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function deleteFromBank(query: Query, userId: number, bankId: string): Promise<void> {
  const gone = await query('DELETE FROM subject_bank WHERE public_id = $1 AND user_id = $2 RETURNING id', [bankId, userId]);
  if (!gone.length) throw notFound('题目不存在或已删除');
}
