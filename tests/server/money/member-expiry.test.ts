import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserInfo } from '../../../schemas/api/user';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { newPayer, recharge } from './money-helpers';

/**
 * Issue 46 acceptance: a level expiring by the test clock drops the limits in a second process without a restart.
 * Two apps on one database: the clock is moved through the first (it lives in the database), the second — built
 * before, never restarted — answers the free level's limits at once.
 */
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({ jobs: 'manual' });
  second = await siblingApp(first, {});
}, 60_000);
afterAll(async () => {
  await first.call('dev/clock', { offsetDays: 0 });
  await second.close();
  await first.close();
});

describe(`an expired member level drops everywhere (${engineName()})`, () => {
  it('moves to the free level in another process when the test clock passes its end', async () => {
    const payer = await newPayer(first);
    await recharge(first, payer, 10_000);
    expect((await first.call('active/pay/getBalancePay', { packageId: 'member-3-month' }, payer.headers)).resultCode).toBe('200');
    const limits = async (app: TestApp) =>
      (await app.call<{ maxNumber: number; memberLevel: number }>('activity/question/getQuestionCount', {}, payer.headers)).data;
    expect(await limits(second)).toMatchObject({ memberLevel: 3, maxNumber: 80 });

    await first.call('dev/clock', { offsetDays: 29 });
    expect(await limits(second)).toMatchObject({ memberLevel: 3, maxNumber: 80 });

    await first.call('dev/clock', { offsetDays: 31 });
    expect(await limits(second)).toMatchObject({ memberLevel: 1, maxNumber: 20 });
    const info = (await second.call<TUserInfo>('activity/user/info', {}, payer.headers)).data;
    expect(info).toMatchObject({ memberLevel: 1, memberName: '免费版' });
    expect(new Date(info.expDate!).getTime()).toBeLessThan(Date.now() + 31 * 86_400_000);
    // Written down too, so the owner's level read by collaborators' edits and project details agrees.
    const [row] = await first.database.query<{ member_level: number }>('SELECT member_level FROM users WHERE id = $1', [payer.id]);
    expect(row!.member_level).toBe(1);

    // Renewing after the end starts a new period from now (the clock's now), at the level bought.
    const again = await second.call<{ member: { memberLevel: number; expDate: string } }>(
      'active/pay/getBalancePay',
      { packageId: 'member-2-month' },
      payer.headers,
    );
    expect(again.resultCode, again.resultMsg).toBe('200');
    expect(new Date(again.data.member.expDate).getTime()).toBeGreaterThan(Date.now() + 60 * 86_400_000);
    expect(await limits(first)).toMatchObject({ memberLevel: 2, maxNumber: 50 });
  });

  it('the sweep drops levels of users no request has brought in', async () => {
    const payer = await newPayer(first);
    await first.database.query(`UPDATE users SET member_level = 4, member_expire = now() - interval '1 minute' WHERE id = $1`, [payer.id]);
    await first.app.orderSweeper.runOnce();
    const [row] = await first.database.query<{ member_level: number }>('SELECT member_level FROM users WHERE id = $1', [payer.id]);
    expect(row!.member_level).toBe(1);
  });
});
