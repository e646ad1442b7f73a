import type { AnswerFacts } from '../../../schemas/subjects/base';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import { SUBMIT_SUSPECT_REASONS } from '../../../schemas/money/risk-rules';

export const COUNTER_SHARDS = 16;

/**
 * A project's answer count as SQL over the projects row aliased `p`: data_count (capped projects, answer-bin
 * moves, 清空数据) plus the shards that submits of uncapped projects add to (project_answer_counts).
 */
export const ANSWER_COUNT_SQL = `(p.data_count + COALESCE((SELECT sum(c.n) FROM project_answer_counts c WHERE c.project_id = p.id), 0))::int`;

const answerCountSql = defineSql('answer-store.answerCount', { n: col.int }, `SELECT ${ANSWER_COUNT_SQL} AS n FROM projects p WHERE p.id = $1`);

export async function answerCount(query: Query, projectId: number): Promise<number> {
  return (await answerCountSql.run(query, [projectId]))[0]?.n ?? 0;
}

/**
 * The integer ids of one sheet's chosen options, for its choice_subjects / choice_options (migration 0098)
 * (architecture.md "Data"): one (subject id, option id) pair per chosen option, ids from option_keys.
 * `facts` are the kept answers' facts as the sheet check read them.
 */
export async function choiceIds(
  scope: object,
  query: Query,
  projectId: number,
  facts: Readonly<Record<string, AnswerFacts>>,
): Promise<{ subjectIds: number[]; optionIds: number[] }> {
  const known = projectKeys(scope, projectId);
  const found = lookUpKeys(known, facts);
  if (!found.missing.length) return found;
  await storeKeys(query, projectId, found.missing, known);
  const again = lookUpKeys(known, facts);
  if (again.missing.length) throw new Error('option keys not stored');
  return again;
}

/** Each chosen option's subject key (empty option uuid) and own key, and the (subject, option) pairs not known yet. */
function lookUpKeys(known: Map<string, Map<string, number>>, facts: Readonly<Record<string, AnswerFacts>>) {
  const subjectIds: number[] = [];
  const optionIds: number[] = [];
  const missing: [string, string][] = [];
  for (const uuid in facts) {
    const { chosen } = facts[uuid]!;
    if (!chosen.length) continue;
    const keys = known.get(uuid);
    const subjectId = keys?.get('');
    if (subjectId === undefined) missing.push([uuid, '']);
    for (const option of chosen) {
      const optionId = keys?.get(option);
      if (optionId === undefined) missing.push([uuid, option]);
      else if (subjectId !== undefined) {
        subjectIds.push(subjectId);
        optionIds.push(optionId);
      }
    }
  }
  return { subjectIds, optionIds, missing };
}

// Key ids never change once made, so each process remembers the ones it has seen (a lost cache costs a query):
// per database (`scope`, so two databases in one process never share ids), project, subject uuid, option uuid
// ('' for the subject's own key).
const keyCaches = new WeakMap<object, Map<number, Map<string, Map<string, number>>>>();

function projectKeys(scope: object, projectId: number): Map<string, Map<string, number>> {
  let keyCache = keyCaches.get(scope);
  if (!keyCache) keyCaches.set(scope, (keyCache = new Map()));
  let known = keyCache.get(projectId);
  if (!known) {
    if (keyCache.size > 10_000) keyCache.clear();
    keyCache.set(projectId, (known = new Map()));
  }
  return known;
}

const storeKeysSql = defineSql(
  'answer-store.storeKeys',
  { id: col.int, subject_uuid: col.text, option_uuid: col.text },
  `SELECT k.id, k.subject_uuid, k.option_uuid FROM option_keys k JOIN unnest($2::text[], $3::text[]) AS w(s, o) ON k.subject_uuid = w.s AND k.option_uuid = w.o
     WHERE k.project_id = $1`,
);

async function storeKeys(query: Query, projectId: number, missing: [string, string][], known: Map<string, Map<string, number>>): Promise<void> {
  const subjects = missing.map((k) => k[0]);
  const options = missing.map((k) => k[1]);
  await query(
    `INSERT INTO option_keys (project_id, subject_uuid, option_uuid)
     SELECT $1, s, o FROM unnest($2::text[], $3::text[]) AS k(s, o) ON CONFLICT DO NOTHING`,
    [projectId, subjects, options],
  );
  const rows = await storeKeysSql.run(query, [projectId, subjects, options]);
  for (const r of rows) {
    let keys = known.get(r.subject_uuid);
    if (!keys) known.set(r.subject_uuid, (keys = new Map()));
    keys.set(r.option_uuid, r.id);
  }
}

/**
 * The free submit rules: implausibly fast (under a second a question: 答题过快) or straight-lined (≥5 choices at
 * the same position: 答案规律一致); the reason, or null for a plausible sheet.
 */
export function suspectReasonOf(subjects: readonly TSubject[], facts: Readonly<Record<string, AnswerFacts>>, durationSeconds: number): string | null {
  const answered = subjects.filter((s) => s.uuid in facts);
  if (answered.length >= 3 && durationSeconds < answered.length) return SUBMIT_SUSPECT_REASONS.fast;
  const positions: number[] = [];
  for (const subject of answered) {
    const options = (subject as { options?: { uuid: string }[] }).options;
    if (!options || options.length < 3) continue;
    const [first] = facts[subject.uuid]!.chosen;
    if (first !== undefined) positions.push(options.findIndex((o) => o.uuid === first));
  }
  return positions.length >= 5 && positions.every((p) => p === positions[0]) ? SUBMIT_SUSPECT_REASONS.straight : null;
}
