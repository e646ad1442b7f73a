import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TChainEntry } from '../../../schemas/api/chain';
import { QUERY_LIMITS, QUERY_MESSAGES, type TQueryForm, type TQueryResult } from '../../../schemas/api/result-query';
import { USER_MESSAGES } from '../../../schemas/api/user';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { submissionId } from '../../helpers/publish';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { A, NOW, weekdaySchedule } from '../appointment/appointment-helpers';
import { S, device, publishChain } from '../chain/chain-helpers';
import { order, publishGroupBuy } from '../groupbuy/groupbuy-helpers';

/**
 * 结果查询 of records that are not plain sheets (issue 48 item 4): a sign-up chain's entries (by the phone an entry
 * left and an SMS code), an appointment's booking and a group-buy's order (made with their sheets).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.query(`DELETE FROM rate_limits WHERE key LIKE 'query:%' OR key LIKE 'sms:%'`);
});

const query = (body: object) => t.call<TQueryResult>('active/write/queryResult', body);

/** Ask a query code for `phone` and query with it, as the page does (the SMS cool-down reset: the clock stands still here). */
async function byPhone(questionId: string, phone: string) {
  await t.database.query(`DELETE FROM rate_limits WHERE key LIKE 'sms:%'`);
  const sent = await t.call('active/write/sendQuerySms', { questionId, phone });
  expect(sent.resultCode).toBe('200');
  return query({ questionId, phone, code: await lastCode(t.database, phone) });
}

const join = (questionId: string, name: string, phone: string, deviceId = device()) =>
  t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId, name, phone });

describe(`结果查询 of chains, bookings and orders on ${engineName()}`, () => {
  it('a sign-up chain: off until its setting says so, then the phone an entry left finds its place and nothing of anyone else', async () => {
    const { questionId, owner } = await publishChain(t, { cap: 2 });
    expect(await t.call('active/write/getQueryForm', { questionId })).toMatchObject({ resultCode: '404', resultMsg: QUERY_MESSAGES.closed });
    const saved = await t.call(`${S}saveChainSetting`, { questionId, queryEnabled: true }, owner.headers);
    expect(saved).toMatchObject({ resultCode: '200', data: { queryEnabled: true } });
    expect((await t.call<{ settings: { queryEnabled: boolean } }>(`${S}getChain`, { questionId })).data.settings.queryEnabled).toBe(true);
    const form = await t.call<TQueryForm>('active/write/getQueryForm', { questionId });
    expect(form.data).toMatchObject({ queryKey: 'phone', nameLabel: '手机号', fieldLabel: '短信验证码', questionType: 5 });

    expect((await join(questionId, '张三', '13922220001')).resultCode).toBe('200');
    expect((await join(questionId, '李四', '13922220002')).resultCode).toBe('200');
    expect((await join(questionId, '王五', '13922220003')).resultCode).toBe('200'); // the cap is 2: waitlisted

    const second = await byPhone(questionId, '13922220002');
    expect(second.resultCode).toBe('200');
    expect(second.data.list).toEqual([
      expect.objectContaining({ entry: { name: '李四', people: 1, state: 'joined', place: 2 }, score: null, booking: null, order: null, answers: null }),
    ]);
    const text = JSON.stringify(second.data);
    for (const other of ['张三', '王五', '13922220001', '13922220003']) expect(text).not.toContain(other);
    expect((await byPhone(questionId, '13922220003')).data.list[0]!.entry).toMatchObject({ state: 'waitlisted', place: 1 });

    // 张三 withdraws: 李四 is now first, 王五 joins in second place, 张三's entry says 已退出 (no place).
    const first = (
      await t.database.query<{ public_id: string; participant: string }>(`SELECT public_id, participant FROM chain_entries WHERE phone = $1`, ['13922220001'])
    )[0]!;
    const out = await t.call(`${S}withdrawChainEntry`, { questionId, deviceId: first.participant.slice(2), entryId: first.public_id });
    expect(out.resultCode).toBe('200');
    expect((await byPhone(questionId, '13922220001')).data.list[0]!.entry).toMatchObject({ state: 'withdrawn', place: null });
    expect((await byPhone(questionId, '13922220002')).data.list[0]!.entry).toMatchObject({ state: 'joined', place: 1 });
    expect((await byPhone(questionId, '13922220003')).data.list[0]!.entry).toMatchObject({ state: 'joined', place: 2 });
  });

  it('a chain: a phone with no entry answers 未查询到结果, a wrong code 验证码错误, a code serves once', async () => {
    const { questionId } = await publishChain(t, { queryEnabled: true });
    await join(questionId, '赵六', '13922220011');
    expect(await byPhone(questionId, '13922220012')).toMatchObject({ resultCode: '404', resultMsg: QUERY_MESSAGES.none, data: null });
    await t.call('active/write/sendQuerySms', { questionId, phone: '13922220011' });
    const code = await lastCode(t.database, '13922220011');
    expect(await query({ questionId, phone: '13922220011', code: code === '000000' ? '111111' : '000000' })).toMatchObject({
      resultCode: '400',
      resultMsg: USER_MESSAGES.codeWrong,
    });
    // The code was asked for 0011: it proves nothing for another number.
    expect((await query({ questionId, phone: '13922220012', code })).resultCode).toBe('400');
    expect((await query({ questionId, phone: '13922220011', code })).resultCode).toBe('200');
    expect((await query({ questionId, phone: '13922220011', code })).resultCode).toBe('400');
  });

  it('a chain without the switch keeps no phone of an entry admitted at once (the phone only served a promotion)', async () => {
    const { questionId } = await publishChain(t);
    await join(questionId, '孙七', '13922220021');
    const [row] = await t.database.query<{ phone: string }>(
      `SELECT e.phone FROM chain_entries e JOIN projects p ON p.id = e.project_id WHERE p.public_id = $1`,
      [questionId],
    );
    expect(row!.phone).toBe('');
  });

  it('a chain query counts against the same per-address limit as every query', async () => {
    const { questionId } = await publishChain(t, { queryEnabled: true });
    for (let i = 0; i < QUERY_LIMITS.perIp; i++) expect((await query({ questionId, phone: '13922220031', code: '123456' })).resultCode).toBe('400');
    expect(await query({ questionId, phone: '13922220031', code: '123456' })).toMatchObject({ resultCode: '429', resultMsg: QUERY_MESSAGES.tooMany });
  });

  it('an appointment: the booking the sheet made, with its date, time, item and state; never another phone’s', async () => {
    const owner = await loginNewUser(t);
    const slot = makeSubject(37, 1, '预约时间');
    const name = { ...makeSubject(6, 2, '姓名'), required: false } as TSubject;
    const phone = { ...makeSubject(26, 3, '手机号'), required: false } as TSubject;
    const created = await t.call<{ questionId: string }>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 7, title: '口腔检查预约', subtitle: '', subjects: [slot, name, phone] },
      owner.headers,
    );
    const questionId = created.data.questionId;
    const schedule = weekdaySchedule(2, { resources: [{ key: 'r1', name: '2 号诊室', weekly: weekdaySchedule().weekly }] });
    expect((await t.call(`${A}saveSetting`, { questionId, schedule }, owner.headers)).resultCode).toBe('200');
    expect(
      (await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: { queryEnabled: true, queryKey: 'phone' } }, owner.headers))
        .resultCode,
    ).toBe('200');
    expect((await t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, owner.headers)).resultCode).toBe('200');
    const book = (who: string, mobile: string, start: string) =>
      t.call('active/write/submit', {
        questionId,
        submissionId: submissionId(),
        deviceId: device(),
        answers: {
          [slot.uuid]: { date: '2026-12-08', start, end: start === '09:00' ? '10:00' : '15:00', resourceKey: 'r1', partySize: 2 },
          [name.uuid]: who,
          [phone.uuid]: mobile,
        },
      });
    expect((await book('王小明', '13922220041', '09:00')).resultCode).toBe('200');
    expect((await book('陈二', '13922220042', '14:00')).resultCode).toBe('200');

    const mine = await byPhone(questionId, '13922220041');
    expect(mine.data.list).toEqual([
      expect.objectContaining({
        booking: { date: '2026-12-08', start: '09:00', end: '10:00', item: '2 号诊室', partySize: 2, stateName: '已预约' },
        entry: null,
        order: null,
      }),
    ]);
    expect(JSON.stringify(mine.data)).not.toContain('14:00');
    await t.database.query(`UPDATE appointment_bookings SET state = 'cancelled' WHERE phone = $1`, ['13922220041']);
    expect((await byPhone(questionId, '13922220041')).data.list[0]!.booking!.stateName).toBe('已取消');
  });

  it('a group-buy: the order’s items, amount, state, 自提点 and 序号 by name + phone; another buyer’s never', async () => {
    const ctx = await publishGroupBuy(t);
    const { name, phone } = ctx.subjects;
    const settings = { queryEnabled: true, queryKey: 'field', queryNameSubject: name.uuid, queryFieldSubject: phone.uuid };
    expect((await t.call('activity/question/updateWxQuestionSetting', { questionId: ctx.questionId, settings }, ctx.owner.headers)).resultCode).toBe('200');
    expect((await order(t, ctx, device(), [{ productId: ctx.orange, quantity: 1 }], 0, '刘一')).resultCode).toBe('200');
    expect((await order(t, ctx, device(), [{ productId: ctx.tangerine, quantity: 2 }], 1, '王小明')).resultCode).toBe('200');

    const mine = await query({ questionId: ctx.questionId, name: '王小明', value: '13800138000' });
    expect(mine.resultCode).toBe('200');
    expect(mine.data.list).toEqual([
      expect.objectContaining({
        place: null,
        order: expect.objectContaining({ items: '四川丑橘（5斤装） ×2', amountFen: 9000, stateName: '待支付', point: '3号楼大堂', pickupNo: 2 }),
      }),
    ]);
    const text = JSON.stringify(mine.data);
    expect(text).not.toContain('刘一');
    expect(text).not.toContain('赣南脐橙');
    // The same phone with the other buyer's name is the other order only; a name with a wrong phone, nothing.
    expect((await query({ questionId: ctx.questionId, name: '刘一', value: '13800138000' })).data.list[0]!.order).toMatchObject({
      pickupNo: 1,
      point: '东门驿站',
    });
    expect(await query({ questionId: ctx.questionId, name: '王小明', value: '13800138001' })).toMatchObject({
      resultCode: '404',
      resultMsg: QUERY_MESSAGES.none,
    });
  });
});
