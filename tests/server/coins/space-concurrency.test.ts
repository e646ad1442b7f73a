import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSpaceRelease } from '../../../schemas/api/coins';
import { SPACE_MESSAGES } from '../../../schemas/coins/space';
import { loginNewUser } from '../../helpers/fixtures';
import { naiveSpaceBudget } from '../../helpers/naive-strategies';
import { answerFromSpace, coinsOfPhone, giveCoins, publishedSurvey } from '../../helpers/space-fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 51 acceptance: 100 parallel space answers from 100 different logged-in users against a budget for 40 pay
 * exactly 40 (one conditional UPDATE of the release's budget); a naive read-then-write take pays more.
 */
let t: TestApp;
let naive: TestApp;
let respondents: { phone: string; headers: { token: string } }[];
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  naive = await siblingApp(t, { strategies: { spaceBudget: naiveSpaceBudget } });
  respondents = [];
  for (let i = 0; i < 100; i++) respondents.push(await loginNewUser(t));
}, 180_000);
afterAll(async () => {
  await naive.close();
  await t.close();
});

const REWARD = 5;

async function race(app: TestApp) {
  const a = await loginNewUser(t);
  await giveCoins(t, a.phone, 40 * REWARD);
  const questionId = await publishedSurvey(t, a.headers);
  const released = await t.call<{ release: TSpaceRelease }>('activity/space/getSpaceRelease', { questionId, reward: REWARD, budget: 40 * REWARD }, a.headers);
  const { releaseId } = released.data.release;
  const before = await Promise.all(respondents.map((r) => coinsOfPhone(t, r.phone)));
  const answers = await Promise.all(respondents.map((r) => answerFromSpace(app, questionId, releaseId, r.headers)));
  const after = await Promise.all(respondents.map((r) => coinsOfPhone(t, r.phone)));
  const [row] = await t.database.query<{ paid: number; answers: number; state: string }>(
    'SELECT paid, answers, state FROM space_releases WHERE public_id = $1',
    [releaseId],
  );
  const [rows] = await t.database.query<{ paid: number; refused: number }>(
    `SELECT count(*) FILTER (WHERE a.state = 'paid')::int AS paid, count(*) FILTER (WHERE a.state = 'refused')::int AS refused
     FROM space_answers a JOIN space_releases r ON r.id = a.release_id WHERE r.public_id = $1`,
    [releaseId],
  );
  return { answers, gained: after.map((n, i) => n - before[i]!), release: row!, rows: rows! };
}

describe(`issue 51 space budget under concurrency on ${engineName()}`, () => {
  it('100 parallel answers against a budget for 40 pay exactly 40 and refuse 60 with 奖励已发完', async () => {
    const { answers, gained, release, rows } = await race(t);
    expect(answers.every((a) => a.resultCode === '200')).toBe(true);
    const states = answers.map((a) => a.data.space!.state);
    expect(states.filter((s) => s === 'paid')).toHaveLength(40);
    const refused = answers.filter((a) => a.data.space!.state === 'refused');
    expect(refused).toHaveLength(60);
    expect(refused.every((a) => a.data.space!.message === SPACE_MESSAGES.exhausted)).toBe(true);
    expect(release).toEqual({ paid: 40 * REWARD, answers: 40, state: 'closed' });
    expect(rows).toEqual({ paid: 40, refused: 60 });
    expect(gained.filter((g) => g === REWARD)).toHaveLength(40);
    expect(gained.filter((g) => g === 0)).toHaveLength(60);
    // The ledger holds every coin: each balance equals the sum of its rows.
    const drift = await t.database.query(
      `SELECT a.user_id FROM coin_accounts a LEFT JOIN coin_ledger l ON l.user_id = a.user_id AND l.brand = a.brand
       GROUP BY a.user_id, a.brand, a.balance HAVING a.balance <> coalesce(sum(l.delta), 0)`,
    );
    expect(drift).toEqual([]);
  });

  it('a naive read-then-write take of the budget pays more answers than the budget holds', async () => {
    const { answers, rows } = await race(naive);
    expect(answers.filter((a) => a.data.space?.state === 'paid').length).toBeGreaterThan(40);
    expect(rows.paid).toBeGreaterThan(40);
  });
});
