import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTask } from '../../../schemas/api/coins';
import type { TaskClaimStrategy } from '../../../server/services/coins/tasks/task-claim';
import { loginNewUser } from '../../helpers/fixtures';
import { naiveTaskClaim } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 51 under concurrency: 20 parallel claims of one completed task's reward pay it once (the conditional UPDATE
 * of exactTaskClaim), a naive read-then-write claim lets several through; 10 parallel sign-ins of one day sign once.
 */
let t: TestApp;
let naive: TestApp;
let naiveGrants = 0;
/** The naive claim, counting the claims it granted. */
const countedNaive: TaskClaimStrategy = {
  async prepare(query, key) {
    const claimer = await naiveTaskClaim.prepare(query, key);
    return {
      async claim(q, k, reward, at) {
        const granted = await claimer.claim(q, k, reward, at);
        if (granted) naiveGrants++;
        return granted;
      },
    };
  },
};
beforeAll(async () => {
  t = await createTestApp();
  naive = await siblingApp(t, { strategies: { taskClaim: countedNaive } });
}, 60_000);
afterAll(async () => {
  await naive.close();
  await t.close();
});

const T = 'activity/task/';

/** A new user whose 1-2 task is done (a project created): its taskId. */
async function completedTask() {
  const u = await loginNewUser(t);
  await t.call('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '并发' }, u.headers);
  const list = await t.call<{ tasks: TTask[] }>(`${T}getWxAppletTaskList`, {}, u.headers);
  const task = list.data.tasks.find((x) => x.code === '1-2')!;
  expect(task.state).toBe('done');
  return { ...u, taskId: task.taskId };
}

const ledgerOf = (phone: string, reason: string) =>
  t.database.query<{ delta: number }>('SELECT l.delta FROM coin_ledger l JOIN users u ON u.id = l.user_id WHERE u.phone = $1 AND l.reason = $2', [
    phone,
    reason,
  ]);
const balanceOf = async (phone: string) =>
  (await t.database.query<{ balance: number }>('SELECT a.balance FROM coin_accounts a JOIN users u ON u.id = a.user_id WHERE u.phone = $1', [phone]))[0]
    ?.balance ?? 0;

describe(`task rewards and sign-ins under concurrency on ${engineName()}`, () => {
  it('20 parallel claims of one completed task pay it once: one ledger row, 19 told 奖励已领取', async () => {
    const u = await completedTask();
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.call(`${T}receiveTaskReward`, { taskId: u.taskId }, u.headers)));
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.resultCode === '409').map((a) => a.resultMsg)).toEqual(Array(19).fill('奖励已领取'));
    expect(await ledgerOf(u.phone, 'task')).toEqual([{ delta: 20 }]);
    expect(await balanceOf(u.phone)).toBe(20);
  });

  it('a naive read-then-write claim grants the reward more than once (only the ledger’s once-only key stops the payment)', async () => {
    const u = await completedTask();
    naiveGrants = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => naive.call(`${T}receiveTaskReward`, { taskId: u.taskId }, u.headers)));
    expect(naiveGrants).toBeGreaterThan(1);
    expect(answers.every((a) => a.resultCode === '200' || a.resultCode === '409')).toBe(true);
    expect(await ledgerOf(u.phone, 'task')).toHaveLength(1);
    expect(await balanceOf(u.phone)).toBe(20);
  });

  it('20 parallel claims of one new-user task spread over the three brands pay it once in all, on one brand', async () => {
    const u = await completedTask();
    const hosts = ['localhost', 'toupiao.localhost', 'jielong.localhost'];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call(`${T}receiveTaskReward`, { taskId: u.taskId }, { ...u.headers, host: hosts[i % 3]! })),
    );
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.resultCode === '409')).toHaveLength(19);
    const paid = await t.database.query<{ brand: string; delta: number }>(
      `SELECT l.brand, l.delta FROM coin_ledger l JOIN users u ON u.id = l.user_id WHERE u.phone = $1 AND l.reason = 'task'`,
      [u.phone],
    );
    expect(paid.map((p) => p.delta)).toEqual([20]);
    const balances = await t.database.query<{ balance: number }>(
      'SELECT a.balance FROM coin_accounts a JOIN users u ON u.id = a.user_id WHERE u.phone = $1 AND a.balance > 0',
      [u.phone],
    );
    expect(balances).toEqual([{ balance: 20 }]);
  });

  it('a naive claim of a new-user task over the three brands pays it on more than one brand', async () => {
    const u = await completedTask();
    const hosts = ['localhost', 'toupiao.localhost', 'jielong.localhost'];
    await Promise.all(Array.from({ length: 20 }, (_, i) => naive.call(`${T}receiveTaskReward`, { taskId: u.taskId }, { ...u.headers, host: hosts[i % 3]! })));
    const paid = await ledgerOf(u.phone, 'task');
    expect(paid.length).toBeGreaterThan(1);
  });

  it('10 parallel sign-ins of one day sign once and pay once', async () => {
    const u = await loginNewUser(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.call(`${T}receiveSignTask`, {}, u.headers)));
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.resultCode === '409').map((a) => a.resultMsg)).toEqual(Array(9).fill('今天已签到'));
    expect(await ledgerOf(u.phone, 'sign')).toEqual([{ delta: 5 }]);
    expect(await balanceOf(u.phone)).toBe(5);
  });
});
