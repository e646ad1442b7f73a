import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naiveCapacity } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { buy, buyer } from '../pay/pay-helpers';
import { publishSpecShop } from './spec-helpers';

let t: TestApp;
let naiveApp: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  naiveApp = await siblingApp(t, { strategies: { capacity: naiveCapacity } });
});
afterAll(async () => {
  await naiveApp.close();
  await t.close();
});

/** 20 buyers at once each order one S码 T-shirt (stock 3). */
async function race(app: TestApp) {
  const ctx = await publishSpecShop(t);
  const answers = await Promise.all(Array.from({ length: 20 }, () => buy(app, ctx, buyer(), [{ productId: ctx.shirt, specId: ctx.s, quantity: 1 }])));
  const [sold] = await t.database.query<{ n: number }>(
    `SELECT coalesce(sum(l.quantity), 0)::int AS n FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN projects p ON p.id = o.project_id
     WHERE p.public_id = $1 AND l.spec_id = $2`,
    [ctx.questionId, ctx.s],
  );
  return { ctx, answers, sold: sold!.n };
}

describe(`a spec's stock under parallel orders on ${engineName()}`, () => {
  it('20 parallel orders of a spec with stock 3 sell exactly 3; the others hear 库存不足 with the spec named; the other specs are untouched', async () => {
    const { ctx, answers, sold } = await race(t);
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(3);
    expect(sold).toBe(3);
    const refused = answers.filter((a) => a.resultCode !== '200');
    expect(refused.every((a) => a.resultCode === '409' && a.resultMsg === '商品「纪念T恤（S码）」库存不足，请减少数量或选择其他商品')).toBe(true);
    const stock = await t.call<{ list: { specId: string; left: number | null; sold: number }[] }>(
      'activity/question/spec/getSpecStock',
      { questionId: ctx.questionId },
      ctx.owner.headers,
    );
    expect(stock.data.list.find((x) => x.specId === ctx.s)).toMatchObject({ sold: 3, left: 0 });
    expect(stock.data.list.find((x) => x.specId === ctx.l)).toMatchObject({ sold: 0, left: 10 });
    expect((await buy(t, ctx, buyer(), [{ productId: ctx.shirt, specId: ctx.l, quantity: 2 }])).resultCode).toBe('200');
  });

  it('has teeth: the naive read-then-write variant oversells the spec', async () => {
    const { sold } = await race(naiveApp);
    expect(sold).toBeGreaterThan(3);
  });
});
