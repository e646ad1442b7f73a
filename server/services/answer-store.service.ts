import type { AnswerFacts } from '../../schemas/subjects/base';
import type { TSubject } from '../../schemas/subjects/registry';
import type { Query } from '../db/client';

export const COUNTER_SHARDS = 16;

/**
 * A project's answer count as SQL over the projects row aliased `p`: data_count (capped projects, answer-bin
 * moves, 清空数据) plus the shards that submits of uncapped projects add to (project_answer_counts).
 */
export const ANSWER_COUNT_SQL = `(p.data_count + COALESCE((SELECT sum(c.n) FROM project_answer_counts c WHERE c.project_id = p.id), 0))::int`;

export async function answerCount(query: Query, projectId: number): Promise<number> {
  return (await query<{ n: number }>(`SELECT ${ANSWER_COUNT_SQL} AS n FROM projects p WHERE p.id = $1`, [projectId]))[0]?.n ?? 0;
}

/**
 * The integer ids of one sheet's chosen options, for its answer_choices rows
 * (architecture.md "Data"): one (subject id, option id) pair per chosen option, ids from option_keys.
 * `facts` are the kept answers' facts as the sheet check read them.
 */
export async function choiceIds(scope: object, query: Query, projectId: number, facts: Readonly<Record<string, AnswerFacts>>): Promise<{ subjectIds: number[]; optionIds: number[] }> {
  const pairs: [string, string][] = [];
  for (const [uuid, { chosen }] of Object.entries(facts)) for (const option of chosen) pairs.push([uuid, option]);
  if (!pairs.length) return { subjectIds: [], optionIds: [] };
  const id = await keyIds(scope, query, projectId, pairs);
  return { subjectIds: pairs.map(([s]) => id.get(`${s}\u0001`)!), optionIds: pairs.map(([s, o]) => id.get(`${s}\u0001${o}`)!) };
}

// Key ids never change once made, so each process remembers the ones it has seen (a lost cache costs a query).
// The cache is per database (`scope`), so two databases in one process never share ids.
const keyCaches = new WeakMap<object, Map<number, Map<string, number>>>();

async function keyIds(scope: object, query: Query, projectId: number, pairs: [string, string][]): Promise<Map<string, number>> {
  let keyCache = keyCaches.get(scope);
  if (!keyCache) keyCaches.set(scope, (keyCache = new Map()));
  let known = keyCache.get(projectId);
  if (!known) keyCache.set(projectId, (known = new Map()));
  // Each pair needs its subject's key (empty option uuid) and its option's key.
  const missing = new Map<string, [string, string]>();
  const want = (s: string, o: string) => {
    const key = `${s}\u0001${o}`;
    if (!known.has(key)) missing.set(key, [s, o]);
  };
  for (const [s, o] of pairs) {
    want(s, '');
    want(s, o);
  }
  if (missing.size) {
    const split = [...missing.values()];
    await query(
      `INSERT INTO option_keys (project_id, subject_uuid, option_uuid)
       SELECT $1, s, o FROM unnest($2::text[], $3::text[]) AS k(s, o) ON CONFLICT DO NOTHING`,
      [projectId, split.map((k) => k[0]), split.map((k) => k[1])],
    );
    const rows = await query<{ id: number; subject_uuid: string; option_uuid: string }>(
      `SELECT k.id, k.subject_uuid, k.option_uuid FROM option_keys k JOIN unnest($2::text[], $3::text[]) AS w(s, o) ON k.subject_uuid = w.s AND k.option_uuid = w.o
       WHERE k.project_id = $1`,
      [projectId, split.map((k) => k[0]), split.map((k) => k[1])],
    );
    for (const r of rows) known.set(`${r.subject_uuid}\u0001${r.option_uuid}`, r.id);
    if (keyCache.size > 10_000) keyCache.clear();
  }
  return known;
}

/** Implausibly fast (under a second a question) or straight-lined (every matrix row or ≥5 choices alike). */
export function isSuspect(subjects: readonly TSubject[], facts: Readonly<Record<string, AnswerFacts>>, durationSeconds: number): boolean {
  const answered = subjects.filter((s) => s.uuid in facts);
  if (answered.length >= 3 && durationSeconds < answered.length) return true;
  const positions: number[] = [];
  for (const subject of answered) {
    const options = (subject as { options?: { uuid: string }[] }).options;
    if (!options || options.length < 3) continue;
    const [first] = facts[subject.uuid]!.chosen;
    if (first !== undefined) positions.push(options.findIndex((o) => o.uuid === first));
  }
  return positions.length >= 5 && positions.every((p) => p === positions[0]);
}
