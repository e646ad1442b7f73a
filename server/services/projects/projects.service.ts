import { levelOf } from '../../../schemas/api/user';
import type { TCreateResult, TProjectInfo, TQuestionCount } from '../../../schemas/api/question';
import type { TPowerType } from '../../../schemas/project-kinds';
import type { TSubject } from '../../../schemas/subjects/registry';
import { sanitizeLogicMessages } from '../../../schemas/rich-text/sanitize-project';
import type { Query } from '../../db/client';
import { publicId } from '../crypto';
import type { ProjectRow } from '../../db/rows';
import type { AuthUser } from '../access/sessions.service';
import { cleanProjectText } from './project-save.service';
import { countQuestions, insertSubjects } from './subjects.service';
import { col, defineSql } from '../../db/sql';
import { withoutFormWechat } from '../wechat/form-wechat-settings';

/** The day in China, where our users are: the daily limit resets at midnight Beijing time. */
export const TODAY_SQL = `(now() AT TIME ZONE 'Asia/Shanghai')::date`;

export interface NewProject {
  questionType: number;
  solitaireType?: number | null;
  title: string;
  subtitle?: string;
  conclusion?: string;
  shareTitle?: string;
  settings?: Record<string, unknown>;
  style?: Record<string, unknown>;
  logic?: Record<string, unknown>;
  subjects: readonly TSubject[];
}

const createProjectSql = defineSql(
  'projects.createProject',
  { id: col.int },
  `INSERT INTO projects (public_id, owner_id, question_type, solitaire_type, title, subtitle, conclusion, share_title, settings, style, logic, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11::jsonb, $2) RETURNING id`,
);

/**
 * Create within the owner's level: over the subject limit → isCreate 2; the daily limit is one conditional
 * upsert, so parallel creations can never pass it → isCreate 0. Runs inside the caller's transaction.
 */
export async function createProject(query: Query, user: AuthUser, input: NewProject): Promise<TCreateResult> {
  const level = levelOf(user.memberLevel);
  if (countQuestions(input.subjects) > level.subjectCount) return { isCreate: 2, questionId: null };
  const counted = await query(
    `INSERT INTO daily_creations AS d (user_id, day, count) VALUES ($1, ${TODAY_SQL}, 1)
     ON CONFLICT (user_id, day) DO UPDATE SET count = d.count + 1 WHERE d.count < $2 RETURNING count`,
    [user.id, level.maxNumber],
  );
  if (!counted.length) return { isCreate: 0, questionId: null };
  const questionId = publicId();
  // Sanitised on write whatever the source: the editor, text import, a copy of a project saved before this rule.
  const text = cleanProjectText({ title: input.title, subtitle: input.subtitle ?? '', conclusion: input.conclusion ?? '', shareTitle: input.shareTitle ?? '' });
  const rows = await createProjectSql.run(query, [
    questionId,
    user.id,
    input.questionType,
    input.solitaireType ?? null,
    text.title,
    text.subtitle,
    text.conclusion,
    text.shareTitle,
    JSON.stringify(withoutFormWechat(input.settings ?? {})),
    JSON.stringify(input.style ?? {}),
    JSON.stringify(sanitizeLogicMessages(input.logic ?? {})),
  ]);
  await insertSubjects(query, rows[0]!.id, input.subjects);
  return { isCreate: 1, questionId };
}

const questionCountSql = defineSql('projects.questionCount', { count: col.int }, `SELECT count FROM daily_creations WHERE user_id = $1 AND day = ${TODAY_SQL}`);

export async function questionCount(query: Query, user: AuthUser): Promise<TQuestionCount> {
  const level = levelOf(user.memberLevel);
  const rows = await questionCountSql.run(query, [user.id]);
  return {
    questionCount: rows[0]?.count ?? 0,
    maxNumber: level.maxNumber,
    memberLevel: level.memberLevel,
    levelName: level.name,
    subjectLimit: level.subjectCount,
  };
}

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * `answer_count`: select it with ANSWER_COUNT_SQL (data_count alone misses uncapped projects' sharded counts);
 * `record_count` with RECORD_COUNT_SQL (the kind's own records).
 */
export type ProjectListRow = ProjectRow & {
  power_type: number | null;
  subject_count: number;
  owner_name: string;
  answer_count: number;
  record_count: number;
  total?: string | number;
};

export function toProjectInfo(row: ProjectListRow, viewerId: number): TProjectInfo {
  const isOwner = row.owner_id === viewerId;
  return {
    questionId: row.public_id,
    title: row.title,
    subtitle: row.subtitle,
    conclusion: row.conclusion,
    shareTitle: row.share_title,
    questionType: row.question_type,
    solitaireType: row.solitaire_type,
    status: row.status,
    dataCount: row.answer_count,
    recordCount: row.record_count,
    subjectCount: Number(row.subject_count ?? 0),
    powerType: isOwner ? 1 : ((row.power_type as TPowerType | null) ?? null),
    isTeamWork: isOwner || row.is_template ? 0 : 1,
    isTemplate: row.is_template,
    version: row.version,
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
    ownerName: row.owner_name ?? '',
  };
}

/** Escape LIKE wildcards so a search for "100%" finds that text. */
export const likePattern = (keyword: string | undefined): string | null => (keyword?.trim() ? `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);
