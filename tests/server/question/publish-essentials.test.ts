import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_MESSAGES } from '../../../schemas/api/checkin';
import { PUBLISH_ESSENTIALS } from '../../../schemas/api/editor';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TSubject } from '../../../schemas/subjects/registry';
import { weekdaySchedule } from '../appointment/appointment-helpers';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 43 item 2: publishing checks each kind's essentials and names what is missing — a slot subject and a saved
 * schedule for 预约, a priced product for 收款 and 团购, a cap or no-cap choice for 报名接龙, a period for 打卡.
 */

/** The tests' clock: Monday 2026-12-07 10:00 in Beijing (the schedule of the helpers covers December 2026). */
const clock = new Date('2026-12-07T02:00:00Z');
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

type Product = { uuid: string; title: string; price: number };
type Refusal = { resultCode: string; resultMsg: string; data: { reason?: string; missing?: string[] } | null };

async function create(body: Record<string, unknown>): Promise<string> {
  const created = await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { title: '发布检查', ...body }, owner.headers);
  expect(created.resultCode).toBe('200');
  return created.data.questionId!;
}
const publish = (questionId: string) => t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, owner.headers) as Promise<Refusal>;
const ok = async (answer: Promise<{ resultCode: string; resultMsg: string }>) => expect(await answer).toMatchObject({ resultCode: '200' });
const status = async (questionId: string) =>
  (await t.database.query<{ status: number }>('SELECT status FROM projects WHERE public_id = $1', [questionId]))[0]!.status;

/** The refusal names every missing item, in the message and in data.missing. */
function expectMissing(answer: Refusal, missing: (keyof typeof PUBLISH_ESSENTIALS)[]) {
  expect(answer).toMatchObject({ resultCode: '400', data: { reason: 'notReady', missing } });
  for (const key of missing) expect(answer.resultMsg).toContain(PUBLISH_ESSENTIALS[key]);
}

function shop(prices: number[]): TSubject {
  const goods = makeSubject(34, 1, '选择商品') as TSubject & { products: Product[] };
  goods.products = prices.map((price, i) => ({ uuid: `${goods.uuid}-p${i}`, title: `商品${i + 1}`, price }));
  return goods;
}

describe(`publishing checks each kind's essentials (${engineName()})`, () => {
  it('预约 needs a slot subject and a saved schedule, and names both', async () => {
    const questionId = await create({ questionType: 7, subjects: [makeSubject(26, 1, '手机号')] });
    expectMissing(await publish(questionId), ['slotSubject', 'schedule']);
    expect(await status(questionId)).toBe(0);

    const withSlot = await create({ questionType: 7, subjects: [makeSubject(37, 1, '预约时间'), makeSubject(26, 2, '手机号')] });
    expectMissing(await publish(withSlot), ['schedule']);
    await ok(t.call('activity/question/appointment/saveSetting', { questionId: withSlot, schedule: weekdaySchedule() }, owner.headers));
    await ok(publish(withSlot));
    expect(await status(withSlot)).toBe(1);
  });

  it('收款 needs at least one product with a price', async () => {
    const free = await create({ questionType: 6, subjects: [shop([0, 0])] });
    expectMissing(await publish(free), ['pricedProduct']);
    const noProduct = await create({ questionType: 6, subjects: [makeSubject(6, 1, '姓名')] });
    expectMissing(await publish(noProduct), ['pricedProduct']);
    const priced = await create({ questionType: 6, subjects: [shop([0, 1500])] });
    await ok(publish(priced));
  });

  it('收款 and 团购 refuse a product left without a name (new products start with empty fields)', async () => {
    const unnamed = shop([1500, 800]) as TSubject & { products: Product[] };
    unnamed.products[1]!.title = '';
    const payment = await create({ questionType: 6, subjects: [unnamed] });
    expectMissing(await publish(payment), ['productName']);
    const blank = shop([0]) as TSubject & { products: Product[] };
    blank.products[0]!.title = '  ';
    const groupBuy = await create({ questionType: 5, solitaireType: 2, subjects: [makeSubject(6, 1, '姓名'), blank] });
    expectMissing(await publish(groupBuy), ['pricedProduct', 'productName']);
    expect(await status(groupBuy)).toBe(0);
  });

  it('团购 needs at least one product with a price', async () => {
    const noProduct = await create({ questionType: 5, solitaireType: 2, subjects: [makeSubject(6, 1, '姓名')] });
    expectMissing(await publish(noProduct), ['pricedProduct']);
    const priced = await create({ questionType: 5, solitaireType: 2, subjects: [makeSubject(6, 1, '姓名'), shop([5800])] });
    await ok(publish(priced));
  });

  it('报名接龙 needs the creator to choose a cap or no cap; either choice will do', async () => {
    const unchosen = await create({ questionType: 5, solitaireType: 4 });
    // Other settings saved without a cap are no choice.
    await ok(t.call('activity/question/solitaire/saveChainSetting', { questionId: unchosen, waitlist: false }, owner.headers));
    expectMissing(await publish(unchosen), ['capChoice']);
    await ok(t.call('activity/question/solitaire/saveChainSetting', { questionId: unchosen, cap: 12 }, owner.headers));
    await ok(publish(unchosen));

    const noCap = await create({ questionType: 5, solitaireType: 4 });
    await ok(t.call('activity/question/solitaire/saveChainSetting', { questionId: noCap, cap: null }, owner.headers));
    await ok(publish(noCap));
  });

  it('打卡 needs a period with a start day that has not ended, and keeps the start while it runs', async () => {
    const questionId = await create({ questionType: 5, solitaireType: 1 });
    expectMissing(await publish(questionId), ['period']);
    const save = (patch: object) => t.call('activity/question/solitaire/saveCheckInSetting', { questionId, ...patch }, owner.headers);
    await ok(save({ startDay: '2026-11-01', endDay: '2026-11-30' }));
    expectMissing(await publish(questionId), ['periodEnded']);
    await ok(save({ endDay: null }));
    await ok(publish(questionId));
    expect(await save({ startDay: null })).toMatchObject({ resultCode: '400', resultMsg: CHECKIN_MESSAGES.startNeeded });
  });

  it('other kinds publish as before: a survey with a question', async () => {
    const questionId = await create({ questionType: 1, subjects: [makeSubject(1, 1, '满意吗')] });
    await ok(publish(questionId));
  });
});
