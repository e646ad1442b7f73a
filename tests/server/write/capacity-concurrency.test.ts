import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { naiveCapacity } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
/** The same database through an app built with the naive read-then-write capacity strategy. */
let naiveApp: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  naiveApp = await siblingApp(t, { strategies: { capacity: naiveCapacity } });
  owner = await loginNewUser(t);
});
afterAll(async () => {
  await naiveApp.close();
  await t.close();
});

type Slot = TSubject & { weeks: number[]; times: { uuid: string; start: string; end: string; capacity?: number }[] };
type Shop = TSubject & { products: { uuid: string; title: string; price: number; stock?: number }[] };

/** A date in Shanghai `days` from today. */
const shanghaiDate = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A slot subject with its own weekdays and times, on a form: the places are the subject's (an appointment project,
 * questionType 7, books from its saved schedule instead, and needs one to publish: tests/server/appointment).
 */
const SLOT_FORM = 4;
function appointmentProject() {
  const slot = makeSubject(37, 1, '预约时段') as Slot;
  slot.weeks = [1, 2, 3, 4, 5, 6, 7];
  slot.times = slot.times.map((x) => ({ ...x, start: '09:00', end: '23:59', capacity: 4 })).slice(0, 1);
  return slot;
}
function shopProject() {
  const shop = makeSubject(34, 1, '购买') as Shop;
  shop.products = shop.products.map((p) => ({ ...p, title: '门票', price: 100, stock: 10 }));
  return shop;
}

const send = (questionId: string, answers: Record<string, unknown>, i: number, app = t) =>
  app.call('active/write/submit', { questionId, submissionId: submissionId(), deviceId: `cap-${i}`, durationSeconds: 10, answers });
const stored = async (questionId: string) =>
  (
    await t.database.query<{ answers: Record<string, unknown> }>(
      'SELECT a.answers FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1',
      [questionId],
    )
  ).map((r) => r.answers);

async function bookRace(naive = false) {
  const slot = appointmentProject();
  const questionId = await publishProject(t, owner.headers, { subjects: [slot], questionType: SLOT_FORM });
  const booking = { [slot.uuid]: { date: shanghaiDate(2), start: '09:00', end: '23:59' } };
  const app = naive ? naiveApp : t;
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(questionId, booking, i, app)));
  return { answers, sheets: await stored(questionId), slot, questionId };
}

async function buyRace(naive = false) {
  const shop = shopProject();
  const questionId = await publishProject(t, owner.headers, { subjects: [shop], questionType: 6 });
  const productId = shop.products[0]!.uuid;
  const app = naive ? naiveApp : t;
  // 12 buyers of 1 and 3 buyers of 4 at once, against a stock of 10.
  const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => send(questionId, { [shop.uuid]: [{ productId, quantity: i < 12 ? 1 : 4 }] }, i, app)));
  const sold = (await stored(questionId)).reduce((sum, a) => sum + (a[shop.uuid] as { quantity: number }[])[0]!.quantity, 0);
  return { answers, sold, shop, questionId, productId };
}

describe(`appointment capacity and stock on the submit path on ${engineName()}`, () => {
  it('a slot of capacity 4 takes exactly 4 of 20 parallel bookings; the rest hear 已约满; another date has its own places', async () => {
    const { answers, sheets, slot, questionId } = await bookRace();
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(4);
    expect(sheets).toHaveLength(4);
    const refused = answers.filter((a) => a.resultCode !== '200');
    expect(refused.every((a) => a.resultCode === '409' && a.resultMsg === `${shanghaiDate(2)} 09:00–23:59 已约满，请选择其他时段`)).toBe(true);
    expect((await send(questionId, { [slot.uuid]: { date: shanghaiDate(3), start: '09:00', end: '23:59' } }, 99)).resultCode).toBe('200');
    const form = await t.call<{ slotsTaken: Record<string, number> }>('active/write/getQuestion', { questionId });
    expect(form.data.slotsTaken).toEqual({
      [`${slot.uuid}|${shanghaiDate(2)}|${slot.times[0]!.uuid}`]: 4,
      [`${slot.uuid}|${shanghaiDate(3)}|${slot.times[0]!.uuid}`]: 1,
    });
  });

  it('a booking for a past date is refused with a clear message at its subject', async () => {
    const slot = appointmentProject();
    const questionId = await publishProject(t, owner.headers, { subjects: [slot], questionType: SLOT_FORM });
    const answer = await send(questionId, { [slot.uuid]: { date: '2020-03-02', start: '09:00', end: '23:59' } }, 1);
    expect(answer).toMatchObject({ resultCode: '400', resultMsg: `subjects.${slot.uuid}: 第1题：预约日期已过，请选择今天或以后的日期` });
    expect(await stored(questionId)).toHaveLength(0);
  });

  it('stock 10: parallel orders sell exactly what is there, never more; a later order that does not fit is refused, one that fits is taken', async () => {
    const { answers, sold, shop, questionId, productId } = await buyRace();
    expect(sold).toBeLessThanOrEqual(10);
    expect(sold).toBeGreaterThanOrEqual(10 - 3); // at worst a 4 was refused with 3 left
    const refused = answers.filter((a) => a.resultCode !== '200');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((a) => a.resultCode === '409' && a.resultMsg === '商品「门票」库存不足，请减少数量或选择其他商品')).toBe(true);
    const left = 10 - sold;
    // The page is told what is left, not the stock the creator entered.
    const form = await t.call<{ subjects: Shop[] }>('active/write/getQuestion', { questionId });
    expect(form.data.subjects[0]!.products[0]!.stock).toBe(left);
    if (left > 0) expect((await send(questionId, { [shop.uuid]: [{ productId, quantity: left }] }, 50)).resultCode).toBe('200');
    expect((await send(questionId, { [shop.uuid]: [{ productId, quantity: 1 }] }, 51)).resultCode).toBe('409');
  });

  it('has teeth: the naive read-then-write variant overbooks the slot and oversells the stock', async () => {
    const booked = await bookRace(true);
    const bought = await buyRace(true);
    expect(booked.sheets.length).toBeGreaterThan(4);
    expect(bought.sold).toBeGreaterThan(10);
  });
});
