import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChainEntry } from '../../../schemas/api/chain';
import { naiveChainSeat } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { device, publishChain, S } from './chain-helpers';

let t: TestApp;
/** The same database through an app whose joins check the cap against a count read before their transaction. */
let naiveApp: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  naiveApp = await siblingApp(t, { strategies: { chainSeat: naiveChainSeat } });
}, 60_000);
afterAll(async () => {
  await naiveApp.close();
  await t.close();
});

const stored = (questionId: string) =>
  t.database.query<{ seq: number; state: string; people: number }>(
    `SELECT e.seq, e.state, e.people FROM chain_entries e JOIN projects p ON p.id = e.project_id WHERE p.public_id = $1 ORDER BY e.seq`,
    [questionId],
  );

async function race(app: TestApp, questionId: string, n: number) {
  return Promise.all(
    Array.from({ length: n }, (_, i) => app.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId: device(), name: `报名者${i + 1}` })),
  );
}

describe(`100 parallel joins against a cap of 30 (${engineName()})`, () => {
  it('admit exactly 30, waitlist 70 in arrival order, and promote the oldest waiting when places free', async () => {
    const { questionId } = await publishChain(t, { cap: 30 });
    const answers = await race(t, questionId, 100);
    expect(answers.every((a) => a.resultCode === '200')).toBe(true);
    const rows = await stored(questionId);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // Arrival order is the order joins took the chain's row: the first 30 numbers hold the places, the rest wait.
    expect(rows.filter((r) => r.state === 'joined').map((r) => r.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(rows.filter((r) => r.state === 'waitlisted').map((r) => r.seq)).toEqual(Array.from({ length: 70 }, (_, i) => i + 31));
    const [chain] = await t.database.query<{ used: number; waiting: number }>(
      'SELECT c.used, c.waiting FROM chain_settings c JOIN projects p ON p.id = c.project_id WHERE p.public_id = $1',
      [questionId],
    );
    expect(chain).toEqual({ used: 30, waiting: 70 });

    // Five withdraw at once: the five oldest waiting move up, and the places stay exactly 30.
    const leaving = answers
      .slice(0, 100)
      .filter((a) => a.data.entry.state === 'joined')
      .slice(0, 5);
    const devices = await t.database.query<{ public_id: string; participant: string }>(
      `SELECT public_id, participant FROM chain_entries WHERE public_id = ANY($1)`,
      [leaving.map((a) => a.data.entry.entryId)],
    );
    await Promise.all(devices.map((d) => t.call(`${S}withdrawChainEntry`, { questionId, deviceId: d.participant.slice(2), entryId: d.public_id })));
    const after = await stored(questionId);
    expect(after.filter((r) => r.state === 'joined')).toHaveLength(30);
    expect(after.filter((r) => r.state === 'waitlisted').map((r) => r.seq)[0]).toBe(36);
    expect(
      after
        .filter((r) => r.state === 'joined')
        .map((r) => r.seq)
        .slice(-5),
    ).toEqual([31, 32, 33, 34, 35]);
  }, 120_000);

  it('the naive read-then-write join overshoots the cap (the test can catch the bug it is named after)', async () => {
    const { questionId } = await publishChain(t, { cap: 30 });
    await race(naiveApp, questionId, 100);
    const joined = (await stored(questionId)).filter((r) => r.state === 'joined');
    expect(joined.length).toBeGreaterThan(30);
  }, 120_000);
});
