import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TQuotaKind } from '../../../schemas/money/catalog';
import type { Query } from '../../../server/db/client';
import { consumeQuota, quotasOf } from '../../../server/services/money/quota.service';
import { naiveConsumeQuota } from '../../helpers/naive-strategies';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { newPayer, recharge } from './money-helpers';

/**
 * A package's quota is taken exactly by the feature that uses it: 30 parallel uses of a 1 000-unit SMS package
 * taking 50 each leave 20 used and none over; the naive read-then-write use is caught handing out more than was
 * bought.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

type Consume = (query: Query, userId: number, kind: TQuotaKind, units: number, now: Date) => Promise<number | null>;

async function race(consume: Consume) {
  const payer = await newPayer(t);
  await recharge(t, payer, 10_000);
  expect((await t.call('active/pay/getBalancePay', { packageId: 'sms-1000' }, payer.headers)).resultCode).toBe('200');
  const results = await Promise.all(Array.from({ length: 30 }, () => consume(t.database.query, payer.id, 'sms', 50, new Date())));
  const [row] = await t.database.query<{ remaining: number; used: number }>(`SELECT remaining, used FROM user_quotas WHERE user_id = $1 AND kind = 'sms'`, [
    payer.id,
  ]);
  return { granted: results.filter((r) => r !== null).length, row: row!, payer };
}

describe(`quota use under concurrency (${engineName()})`, () => {
  it('takes exactly what was bought: 20 of 30 uses of 50 from 1 000', async () => {
    const { granted, row, payer } = await race(consumeQuota);
    expect(granted).toBe(20);
    expect(row).toEqual({ remaining: 0, used: 1_000 });
    expect(await quotasOf(t.database.query, payer.id)).toEqual({ ai: 0, sms: 0, advert: 0, risk: 0 });
    expect(await consumeQuota(t.database.query, payer.id, 'sms', 1, new Date())).toBeNull();
    expect(await consumeQuota(t.database.query, payer.id, 'ai', 1, new Date())).toBeNull();
  });

  it('the naive read-then-write use is caught handing out more than was bought', async () => {
    const { granted, row } = await race(naiveConsumeQuota);
    expect(granted).toBeGreaterThan(20);
    expect(row.used).toBeGreaterThan(1_000);
  });
});
