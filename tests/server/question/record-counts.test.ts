import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProjectDetail, TProjectList } from '../../../schemas/api/question';
import { recordKindOf } from '../../../schemas/project-kinds';
import { bookSlot, publishAppointment } from '../appointment/appointment-helpers';
import { device as chainDevice, publishChain, S as CHAIN } from '../chain/chain-helpers';
import { at, device as checkInDevice, publishCheckIn, S as CHECKIN } from '../checkin/checkin-helpers';
import { buy, buyer, publishShop } from '../pay/pay-helpers';
import { makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 43 item 1: a project's list row and getWxQuestion carry its kind's own records (recordCount): a sign-up
 * chain's entries, a check-in's check-ins, a payment page's orders, an appointment's bookings; answers for the rest.
 * dataCount stays the answer sheets (what 清空数据 clears).
 */
let clock = at('2026-12-07', '10:00');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
}, 60_000);
afterAll(() => t.close());

type Owner = { headers: { token: string } };
const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }): T => {
  if (answer.resultCode !== '200') throw new Error(`${answer.resultCode} ${answer.resultMsg}`);
  return answer.data;
};
async function listed(owner: Owner, questionId: string, questionType: number) {
  const list = ok(await t.call<TProjectList>('activity/question/getWxQuestionList', { questionType, page: 1, pageSize: 20 }, owner.headers));
  return list.list.find((p) => p.questionId === questionId)!;
}
const detail = async (owner: Owner, questionId: string) => ok(await t.call<TProjectDetail>('activity/question/getWxQuestion', { questionId }, owner.headers));

describe(`each kind counts its own records (${engineName()})`, () => {
  it('a sign-up chain with 5 entries (3 joined, 2 waiting) counts 5 entries; a withdrawn one no longer counts', async () => {
    const { questionId, owner } = await publishChain(t, { cap: 3 });
    const entries = [];
    for (const name of ['张三', '李四', '王五', '赵六', '孙七'])
      entries.push(ok(await t.call<{ entry: { entryId: string } }>(`${CHAIN}joinChain`, { questionId, deviceId: chainDevice(), name })));
    const row = await listed(owner, questionId, 5);
    expect(row).toMatchObject({ recordCount: 5, dataCount: 0, solitaireType: 4 });
    expect(recordKindOf(row.questionType, row.solitaireType)).toBe('entries');
    ok(await t.call(`${CHAIN}removeChainEntry`, { questionId, entryId: entries[0]!.entry.entryId, reason: '重复报名' }, owner.headers));
    expect((await detail(owner, questionId)).recordCount).toBe(4);
  });

  it('a check-in counts its check-ins, over days', async () => {
    const { questionId, owner } = await publishCheckIn(t, { startDay: '2026-12-07' });
    const [a, b] = [checkInDevice(), checkInDevice()];
    ok(await t.call(`${CHECKIN}checkIn`, { questionId, deviceId: a, name: '小王' }));
    ok(await t.call(`${CHECKIN}checkIn`, { questionId, deviceId: b, name: '小李' }));
    clock = at('2026-12-08', '09:00');
    ok(await t.call(`${CHECKIN}checkIn`, { questionId, deviceId: a, name: '小王' }));
    expect(await listed(owner, questionId, 5)).toMatchObject({ recordCount: 3, dataCount: 0 });
    clock = at('2026-12-07', '10:00');
  });

  it('a payment page counts its orders, an appointment its bookings, a survey its answers', async () => {
    const shop = await publishShop(t);
    ok(await buy(t, shop, buyer(), [{ productId: shop.ticket, quantity: 1 }]));
    ok(await buy(t, shop, buyer(), [{ productId: shop.shirt, quantity: 2 }]));
    expect(await listed(shop.owner, shop.questionId, 6)).toMatchObject({ recordCount: 2 });

    const appointment = await publishAppointment(t);
    ok(await bookSlot(t, appointment.questionId, '2026-12-08', '09:00'));
    expect(await listed(appointment.owner, appointment.questionId, 7)).toMatchObject({ recordCount: 1 });

    const survey = makeSubject(6, 1, '建议');
    const questionId = await publishProject(t, shop.owner.headers, { subjects: [survey] });
    for (let i = 0; i < 3; i++)
      ok(
        await t.call('active/write/submit', {
          questionId,
          submissionId: submissionId(),
          deviceId: `rc-${i}`,
          durationSeconds: 5,
          answers: { [survey.uuid]: '好' },
        }),
      );
    expect(await listed(shop.owner, questionId, 1)).toMatchObject({ recordCount: 3, dataCount: 3 });
  });

  it("sorting by 数据量 sorts by the kind's records", async () => {
    const { questionId: small, owner } = await publishChain(t, {});
    ok(await t.call(`${CHAIN}joinChain`, { questionId: small, deviceId: chainDevice(), name: '甲' }));
    const big = ok(await t.call<{ questionId: string }>('activity/question/getQuestionCopy', { questionId: small }, owner.headers)).questionId;
    ok(await t.call(`${CHAIN}saveChainSetting`, { questionId: big, cap: null }, owner.headers));
    ok(await t.call('activity/question/getQuestionStatus', { questionId: big, status: 1 }, owner.headers));
    for (const name of ['乙', '丙']) ok(await t.call(`${CHAIN}joinChain`, { questionId: big, deviceId: chainDevice(), name }));
    const list = ok(
      await t.call<TProjectList>(
        'activity/question/getWxQuestionList',
        { questionType: 5, sort: 'dataCount', order: 'desc', page: 1, pageSize: 20 },
        owner.headers,
      ),
    );
    expect(list.list.map((p) => [p.questionId, p.recordCount])).toEqual([
      [big, 2],
      [small, 1],
    ]);
  });
});
