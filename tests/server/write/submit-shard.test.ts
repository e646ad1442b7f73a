import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Query } from '../../../server/db/client';
import { SUBMIT_SQL, submitParams } from '../../../server/services/submit/submit-batch.service';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { plainSubmitArgs } from '../../helpers/submit-args';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * An uncapped project counts its sheets in 16 shards. A batch of sheets (one transaction, as group commit sends
 * them) must count in one shard: when each sheet took its own, two processes' batches locked shard rows in
 * different orders and PostgreSQL broke the cycle after a second (bench/cluster: 0.21× with 2 processes).
 */
let t: TestApp;
let project: { id: number; version: number; stamp: string };
beforeAll(async () => {
  t = await createTestApp();
  const owner = await loginNewUser(t);
  const questionId = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1, '是否参加')] });
  const [row] = await t.database.query<{ id: number; version: number; stamp: string }>(
    'SELECT id, version, conclusions_version::text AS stamp FROM projects WHERE public_id = $1',
    [questionId],
  );
  project = row!;
});
afterAll(() => t.close());

/** One sheet through the submit statement, as the batch sends it (no choices, no capacities, 16 shards). */
async function submitSheet(query: Query): Promise<void> {
  const id = randomUUID();
  const [row] = await query<{ outcome: string }>(
    SUBMIT_SQL,
    submitParams(plainSubmitArgs({ project: project.id, version: project.version, stamp: project.stamp, publicId: id.slice(0, 12), submission: id })),
  );
  expect(row!.outcome).toBe('ok');
}

const counts = () =>
  t.database.query<{ shard: number; n: number }>('SELECT shard, n FROM project_answer_counts WHERE project_id = $1 ORDER BY shard', [project.id]);

describe(`answer-count shards on ${engineName()}`, () => {
  it('the 20 sheets of one transaction count in one shard', async () => {
    const before = await counts();
    await t.database.transaction(async (query) => {
      for (let i = 0; i < 20; i++) await submitSheet(query);
    });
    const after = await counts();
    const grown = after.filter((row) => row.n !== (before.find((b) => b.shard === row.shard)?.n ?? 0));
    expect(grown).toHaveLength(1);
    expect(after.reduce((sum, row) => sum + row.n, 0) - before.reduce((sum, row) => sum + row.n, 0)).toBe(20);
  });

  it('separate transactions spread over the shards, so parallel batches do not queue on one row', async () => {
    const before = await counts();
    for (let i = 0; i < 4; i++) await t.database.transaction(submitSheet);
    const grown = (await counts()).filter((row) => row.n !== (before.find((b) => b.shard === row.shard)?.n ?? 0));
    expect(grown.length).toBeGreaterThan(1);
  });

  it('two transactions writing 17 sheets each, interleaved, both commit and every sheet is counted', async () => {
    const before = (await counts()).reduce((sum, row) => sum + row.n, 0);
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    const first = t.database.transaction(async (query) => {
      await submitSheet(query);
      firstStarted();
      await firstHolds;
      for (let i = 0; i < 16; i++) await submitSheet(query);
    });
    await started;
    const second = t.database.transaction(async (query) => {
      for (let i = 0; i < 17; i++) await submitSheet(query);
    });
    // The second may now wait on the first's shard; the first goes on while it does.
    setTimeout(releaseFirst, 200);
    const results = await Promise.allSettled([first, second]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
    expect((await counts()).reduce((sum, row) => sum + row.n, 0) - before).toBe(34);
  });
});
