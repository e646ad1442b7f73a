import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDrawRecord, TSpaceRelease, TTask } from '../../../schemas/api/coins';
import { loginNewUser } from '../../helpers/fixtures';
import { answerFromSpace, coinsOfPhone, giveCoins, publishedSurvey, userIdByPhone } from '../../helpers/space-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 51's loop through the calls only, across its features: a creator releases surveys to the mutual space, a second
 * account answers three of them (coins arrive, and the daily task 2-2 counts those very answers), receives the task's
 * reward, signs in and spends on a draw; every coin is a ledger row and the creator's releases paid exactly the rewards.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

const ledgerSum = async (phone: string) => {
  const [row] = await t.database.query<{ n: number }>(
    `SELECT COALESCE(sum(l.delta), 0)::int AS n FROM coin_ledger l WHERE l.user_id = $1 AND l.brand = 'wenjuan'`,
    [await userIdByPhone(t, phone)],
  );
  return row!.n;
};

describe(`earning and spending the coin on ${engineName()}`, () => {
  it('space answers pay, count for the 3-answer task, and the coins go to a draw; both ledgers add up', async () => {
    const creator = await loginNewUser(t);
    const answerer = await loginNewUser(t);
    await giveCoins(t, creator.phone, 100);
    const releases: { questionId: string; releaseId: string }[] = [];
    for (const reward of [10, 10, 10]) {
      const questionId = await publishedSurvey(t, creator.headers);
      const made = await t.call<{ release: TSpaceRelease }>('activity/space/getSpaceRelease', { questionId, reward, budget: 30, minutes: 2 }, creator.headers);
      expect(made.resultCode).toBe('200');
      releases.push({ questionId, releaseId: made.data.release.releaseId });
    }
    expect(await coinsOfPhone(t, creator.phone)).toBe(10);

    const taskOf = async (code: string) =>
      (await t.call<{ tasks: TTask[] }>('activity/task/getWxAppletTaskList', {}, answerer.headers)).data.tasks.find((x) => x.code === code)!;
    expect(await taskOf('2-2')).toMatchObject({ state: 'todo', progress: 0 });
    const early = await t.call('activity/task/receiveTaskReward', { taskId: (await taskOf('2-2')).taskId }, answerer.headers);
    expect(early.resultCode).toBe('400');
    expect(early.resultMsg).toContain('任务尚未完成');

    for (const r of releases) {
      const answered = await answerFromSpace(t, r.questionId, r.releaseId, answerer.headers);
      expect(answered.data.space).toMatchObject({ state: 'paid', reward: 10, coinName: '问卷币' });
    }
    expect(await coinsOfPhone(t, answerer.phone)).toBe(30);
    expect(await taskOf('2-2')).toMatchObject({ state: 'done', progress: 3 });

    const reward = await t.call<{ reward: number; coin: number }>(
      'activity/task/receiveTaskReward',
      { taskId: (await taskOf('2-2')).taskId },
      answerer.headers,
    );
    expect(reward.data).toMatchObject({ reward: 15, coin: 45 });
    const twice = await t.call('activity/task/receiveTaskReward', { taskId: (await taskOf('2-2')).taskId }, answerer.headers);
    expect(twice.resultCode).toBe('409');

    const sign = await t.call<{ reward: number; coin: number }>('activity/task/receiveSignTask', {}, answerer.headers);
    expect(sign.data).toMatchObject({ reward: 5, coin: 50 });

    const draw = await t.call<{ record: TDrawRecord }>('activity/coinDraw/getUserDraw', {}, answerer.headers);
    expect(draw.resultCode).toBe('200');
    expect(draw.data.record.cost).toBe(20);
    const after = 50 - 20 + draw.data.record.wonCoins;
    expect(await coinsOfPhone(t, answerer.phone)).toBe(after);
    expect(await ledgerSum(answerer.phone)).toBe(after);

    // The creator's budgets took exactly the three rewards; what is left of each went back, so the ledger adds up too.
    const [paid] = await t.database.query<{ n: number }>(
      `SELECT sum(paid)::int AS n FROM space_releases r JOIN projects p ON p.id = r.project_id WHERE p.public_id = ANY($1)`,
      [releases.map((r) => r.questionId)],
    );
    expect(paid!.n).toBe(30);
    expect(await ledgerSum(creator.phone)).toBe(await coinsOfPhone(t, creator.phone));
  });
});
