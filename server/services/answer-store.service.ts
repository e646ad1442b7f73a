import { answerFacts, type TSubject } from '../../schemas/subjects/registry';
import type { Query } from '../db/client';

export const COUNTER_SHARDS = 16;

/**
 * Write the per-option rows and sharded counters of one sheet (architecture.md "Data"): stable integer ids
 * for (subject, option) come from option_keys, one answer_choices row per chosen option.
 */
export async function storeChoices(scope: object, query: Query, projectId: number, sheetId: number, subjects: readonly TSubject[], answers: Readonly<Record<string, unknown>>): Promise<void> {
  const pairs: [string, string][] = [];
  for (const subject of subjects) {
    if (!(subject.uuid in answers)) continue;
    const { chosen } = answerFacts(subject, answers[subject.uuid]);
    for (const option of chosen) pairs.push([subject.uuid, option]);
  }
  if (!pairs.length) return;
  const id = await keyIds(scope, query, projectId, [...new Set(pairs.flatMap(([s, o]) => [`${s}\u0001`, `${s}\u0001${o}`]))]);
  const subjectIds = pairs.map(([s]) => id.get(`${s}\u0001`)!);
  const optionIds = pairs.map(([s, o]) => id.get(`${s}\u0001${o}`)!);
  await query(
    `INSERT INTO answer_choices (project_id, subject_id, option_id, sheet_id) SELECT $1, s, o, $4 FROM unnest($2::int[], $3::int[]) AS c(s, o)`,
    [projectId, subjectIds, optionIds, sheetId],
  );
  // Sharded upserts: parallel submits of one project rarely wait on the same counter row.
  await query(
    `INSERT INTO option_counters AS c (project_id, subject_id, option_id, shard, n)
     SELECT $1, s, o, $4, count(*) FROM unnest($2::int[], $3::int[]) AS x(s, o) GROUP BY s, o
     ON CONFLICT (project_id, subject_id, option_id, shard) DO UPDATE SET n = c.n + EXCLUDED.n`,
    [projectId, subjectIds, optionIds, sheetId % COUNTER_SHARDS],
  );
}

// Key ids never change once made, so each process remembers the ones it has seen (a lost cache costs a query).
// The cache is per database (`scope`), so two databases in one process never share ids.
const keyCaches = new WeakMap<object, Map<number, Map<string, number>>>();

async function keyIds(scope: object, query: Query, projectId: number, wanted: string[]): Promise<Map<string, number>> {
  let keyCache = keyCaches.get(scope);
  if (!keyCache) keyCaches.set(scope, (keyCache = new Map()));
  let known = keyCache.get(projectId);
  if (!known) keyCache.set(projectId, (known = new Map()));
  const missing = wanted.filter((k) => !known.has(k));
  if (missing.length) {
    const split = missing.map((k) => k.split('\u0001') as [string, string]);
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
export function isSuspect(subjects: readonly TSubject[], answers: Readonly<Record<string, unknown>>, durationSeconds: number): boolean {
  const answered = subjects.filter((s) => s.uuid in answers);
  if (answered.length >= 3 && durationSeconds < answered.length) return true;
  const positions: number[] = [];
  for (const subject of answered) {
    const options = (subject as { options?: { uuid: string }[] }).options;
    if (!options || options.length < 3) continue;
    const [first] = answerFacts(subject, answers[subject.uuid]).chosen;
    if (first !== undefined) positions.push(options.findIndex((o) => o.uuid === first));
  }
  return positions.length >= 5 && positions.every((p) => p === positions[0]);
}
