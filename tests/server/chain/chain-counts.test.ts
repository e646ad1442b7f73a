import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChainCounts, TChainEntry } from '../../../schemas/api/chain';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import type { TWithdrawResult } from './chain-types';
import { device, publishChain, S } from './chain-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

interface StoredCounts {
  joined_count: number;
  joined_people: number;
  waiting_count: number;
}

/** The counts as the entries themselves say (what the chain's counters must equal). */
async function countedFromEntries(questionId: string): Promise<TChainCounts> {
  const [row] = await t.database.query<StoredCounts>(
    `SELECT count(*) FILTER (WHERE e.state = 'joined')::int AS joined_count,
            coalesce(sum(e.people) FILTER (WHERE e.state = 'joined'), 0)::int AS joined_people,
            count(*) FILTER (WHERE e.state = 'waitlisted')::int AS waiting_count
       FROM projects p LEFT JOIN chain_entries e ON e.project_id = p.id WHERE p.public_id = $1`,
    [questionId],
  );
  return { joinedCount: row!.joined_count, joinedPeople: row!.joined_people, waitingCount: row!.waiting_count };
}

/** A small seeded generator: the same sequence of joins and leavings on each run and engine. */
function seeded(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

describe(`a chain's joined count is a counter kept by each change (${engineName()})`, () => {
  it('equals the joined entries after joins, waitlisting, withdrawals, removals and promotions', async () => {
    const { questionId, owner } = await publishChain(t, { cap: 6 });
    const random = seeded(54);
    const live: { entryId: string; deviceId: string }[] = [];
    for (let step = 0; step < 40; step += 1) {
      const leave = live.length > 0 && random(3) === 0;
      let counts: TChainCounts;
      if (leave) {
        const [gone] = live.splice(random(live.length), 1);
        const byOwner = random(2) === 0;
        const out = byOwner
          ? await t.call<TWithdrawResult>(`${S}removeChainEntry`, { questionId, entryId: gone!.entryId, reason: '重复报名' }, owner.headers)
          : await t.call<TWithdrawResult>(`${S}withdrawChainEntry`, { questionId, deviceId: gone!.deviceId, entryId: gone!.entryId });
        expect(out.resultCode).toBe('200');
        counts = out.data.counts;
      } else {
        const deviceId = device();
        const out = await t.call<{ entry: TChainEntry; counts: TChainCounts }>(`${S}joinChain`, {
          questionId,
          deviceId,
          name: `报名者${step}`,
          people: 1 + random(2),
        });
        expect(out.resultCode).toBe('200');
        live.push({ entryId: out.data.entry.entryId, deviceId });
        counts = out.data.counts;
      }
      expect(counts).toEqual(await countedFromEntries(questionId));
    }
    const view = await t.call<{ counts: TChainCounts }>(`${S}getChain`, { questionId, deviceId: device() });
    expect(view.data.counts).toEqual(await countedFromEntries(questionId));
    expect(view.data.counts.joinedCount).toBeGreaterThan(0);
  });

  it('stays exact under parallel joins and withdrawals', async () => {
    const { questionId } = await publishChain(t, { cap: 10 });
    const joins = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const deviceId = device();
        return t
          .call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId, name: `并发${i}` })
          .then((out) => ({ deviceId, entryId: out.data.entry.entryId, code: out.resultCode }));
      }),
    );
    expect(joins.every((j) => j.code === '200')).toBe(true);
    const leaving = await Promise.all(
      joins.filter((_, i) => i % 3 === 0).map((j) => t.call(`${S}withdrawChainEntry`, { questionId, deviceId: j.deviceId, entryId: j.entryId })),
    );
    expect(leaving.every((l) => l.resultCode === '200')).toBe(true);
    const view = await t.call<{ counts: TChainCounts }>(`${S}getChain`, { questionId, deviceId: device() });
    expect(view.data.counts).toEqual(await countedFromEntries(questionId));
    expect(view.data.counts).toMatchObject({ joinedCount: 10, joinedPeople: 10, waitingCount: 10 });
  });

  it('is filled in for chains that existed before the counter (migration 0099)', async () => {
    const { questionId } = await publishChain(t, { cap: 3 });
    for (let i = 0; i < 5; i += 1) await t.call(`${S}joinChain`, { questionId, deviceId: device(), name: `早到${i}` });
    await t.database.query('UPDATE chain_settings SET joined = 0 WHERE project_id = (SELECT id FROM projects WHERE public_id = $1)', [questionId]);
    const migration = readFileSync(new URL('../../../server/db/migrations/0099_chain_joined.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint')[1]!;
    await t.database.query(backfill);
    const view = await t.call<{ counts: TChainCounts }>(`${S}getChain`, { questionId, deviceId: device() });
    expect(view.data.counts).toEqual({ joinedCount: 3, joinedPeople: 3, waitingCount: 2 });
  });
});
