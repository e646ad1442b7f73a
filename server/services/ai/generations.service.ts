// Issue 52 item 4: the stored generations (activity/ai/listGenerations, getGeneration) and the project made from one
// (createFromGeneration). A user sees only their own generations: another user's id reads as not found.
import type { z } from 'zod';
import { ZAiDraft, type aiServiceCalls, type TAiGeneration } from '../../../schemas/api/ai';
import type { TCreateResult } from '../../../schemas/api/question';
import { AI_KINDS, type TAiKindName } from '../../../schemas/ai/kinds';
import { hasUniqueIds } from '../../../schemas/subjects/base';
import { SUBJECT_TYPE_NAMES } from '../../../schemas/subjects/subject-types';
import type { TAiDraft, TAiEngine } from '../../../schemas/api/ai';
import { col, defineSql } from '../../db/sql';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { badInput, notFound } from '../errors';
import { createProject } from '../projects/projects.service';

type TListRequest = z.output<(typeof aiServiceCalls)['listGenerations']['request']>;
type TCreateRequest = z.output<(typeof aiServiceCalls)['createFromGeneration']['request']>;

const GONE = '该生成记录不存在或已删除';

const generationCols = {
  id: col.int,
  public_id: col.text,
  kind: col.text,
  prompt: col.text,
  engine: col.text,
  engine_name: col.text,
  draft: col.json,
  sources: col.json,
  question_id: col.text,
  created_at: col.timestamp,
};

const getGenerationSql = defineSql(
  'ai-generations.getGeneration',
  generationCols,
  `SELECT g.id, g.public_id, g.kind, g.prompt, g.engine, g.engine_name, g.draft, g.sources, p.public_id AS question_id, g.created_at
     FROM ai_generations g LEFT JOIN projects p ON p.id = g.project_id AND p.deleted_at IS NULL
    WHERE g.public_id = $1 AND g.user_id = $2`,
);

const listGenerationsSql = defineSql(
  'ai-generations.listGenerations',
  {
    public_id: col.text,
    kind: col.text,
    prompt: col.text,
    title: col.text,
    subject_count: col.int,
    engine: col.text,
    question_id: col.text,
    created_at: col.timestamp,
    total: col.bigint,
  },
  `SELECT g.public_id, g.kind, g.prompt, g.draft->>'title' AS title, jsonb_array_length(g.draft->'subjects') AS subject_count, g.engine,
          p.public_id AS question_id, g.created_at, count(*) OVER () AS total
     FROM ai_generations g LEFT JOIN projects p ON p.id = g.project_id AND p.deleted_at IS NULL
    WHERE g.user_id = $1
    ORDER BY g.id DESC LIMIT $2 OFFSET $3`,
);

const countGenerationsSql = defineSql('ai-generations.countGenerations', { n: col.bigint }, 'SELECT count(*) AS n FROM ai_generations WHERE user_id = $1');

const iso = (v: Date | string) => new Date(v).toISOString();

/** My generations, newest first. */
export async function listGenerations(deps: Deps, userId: number, body: TListRequest) {
  const rows = await listGenerationsSql.run(deps.database.query, [userId, body.pageSize, (body.page - 1) * body.pageSize]);
  // Past the last page the window is empty; the total still counts (a pager shows where the list ends).
  const total = rows.length ? Number(rows[0]!.total) : Number((await countGenerationsSql.run(deps.database.query, [userId]))[0]!.n);
  return {
    list: rows.map((r) => ({
      generationId: r.public_id,
      kind: r.kind,
      prompt: r.prompt,
      title: r.title,
      subjectCount: r.subject_count,
      engine: r.engine as TAiEngine,
      questionId: r.question_id,
      createTime: iso(r.created_at),
    })),
    total,
  };
}

/** One of my generations, whole (another user's id: not found). */
export async function getGeneration(deps: Deps, userId: number, generationId: string): Promise<TAiGeneration> {
  const [row] = await getGenerationSql.run(deps.database.query, [generationId, userId]);
  if (!row) throw notFound(GONE);
  return {
    generationId: row.public_id,
    kind: row.kind,
    prompt: row.prompt,
    engine: row.engine as TAiEngine,
    engineName: row.engine_name,
    draft: ZAiDraft.parse(row.draft),
    sources: row.sources as string[],
    aiRemaining: null,
    questionId: row.question_id,
    createTime: iso(row.created_at),
  };
}

/**
 * A project from one of my generations with the title, subtitle and subjects as edited on the page, of the
 * generation's kind, through createProject (the daily and subject limits answer isCreate 0 and 2, as on the
 * create page). The subjects may be renamed, removed and reordered, not changed into types the kind does not
 * hold. A generation may be created again (another project, another creation counted): the generation then
 * points at the newest project.
 */
export async function createFromGeneration(deps: Deps, user: AuthUser, body: TCreateRequest): Promise<TCreateResult> {
  const [row] = await getGenerationSql.run(deps.database.query, [body.generationId, user.id]);
  if (!row) throw notFound(GONE);
  const kind = AI_KINDS[row.kind as TAiKindName];
  if (!kind) throw notFound(GONE);
  if (!hasUniqueIds(body.subjects)) throw badInput('题目标识重复', 'subjects');
  const draft = row.draft as TAiDraft;
  const allowed = new Set<number>([...kind.subjectTypes, ...draft.subjects.map((s) => s.subjectType)]);
  const foreign = body.subjects.find((s) => !allowed.has(s.subjectType));
  if (foreign) {
    const name = SUBJECT_TYPE_NAMES[foreign.subjectType as keyof typeof SUBJECT_TYPE_NAMES]?.zh ?? '该类型';
    throw badInput(`${kind.name}不支持${name}题`, 'subjects');
  }
  const subjects = body.subjects.map((s, i) => ({ ...s, indexSort: i + 1 }));
  return deps.database.transaction(async (query) => {
    const result = await createProject(query, user, {
      questionType: kind.questionType,
      solitaireType: draft.solitaireType ?? ('solitaireType' in kind ? kind.solitaireType : null),
      title: body.title,
      subtitle: body.subtitle,
      subjects,
    });
    if (result.isCreate === 1)
      await query('UPDATE ai_generations SET project_id = (SELECT id FROM projects WHERE public_id = $2) WHERE id = $1', [row.id, result.questionId]);
    return result;
  });
}
