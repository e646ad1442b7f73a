import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChainManageView, TChainView, TWithdrawResult } from './chain-types';
import { CHAIN_MESSAGES, type TChainEntry } from '../../../schemas/api/chain';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { device, publishChain, S } from './chain-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const join = (questionId: string, deviceId: string, name: string, extra: object = {}) =>
  t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId, name, ...extra });

describe('sign-up chain: joining', () => {
  it('numbers entries in order, fills the cap, then waitlists and promotes the oldest when one withdraws', async () => {
    const { questionId } = await publishChain(t, { cap: 2 });
    const [a, b, c, d] = [device(), device(), device(), device()];
    const first = await join(questionId, a, '张三', { answer: '带两支拍' });
    expect(first.resultCode).toBe('200');
    expect(first.resultMsg).toBe('接龙成功');
    expect(first.data.entry).toMatchObject({ seq: 1, name: '张三', state: 'joined', answer: '带两支拍' });
    expect((await join(questionId, b, '李四')).data.entry).toMatchObject({ seq: 2, state: 'joined' });
    expect((await join(questionId, c, '王五')).data.entry).toMatchObject({ seq: 3, state: 'waitlisted' });
    expect((await join(questionId, d, '赵六')).data.entry).toMatchObject({ seq: 4, state: 'waitlisted' });

    const out = await t.call<TWithdrawResult>(`${S}withdrawChainEntry`, { questionId, deviceId: a, entryId: first.data.entry.entryId });
    expect(out.resultCode).toBe('200');
    expect(out.data.counts).toEqual({ joinedPeople: 2, joinedCount: 2, waitingCount: 1 });
    expect(out.data.promoted).toHaveLength(1);

    const view = await t.call<TChainView>(`${S}getChain`, { questionId, deviceId: c });
    // Numbers of later entries never change; the withdrawn entry leaves the public list.
    expect(view.data.entries.map((e) => [e.seq, e.name, e.state])).toEqual([
      [2, '李四', 'joined'],
      [3, '王五', 'joined'],
      [4, '赵六', 'waitlisted'],
    ]);
    expect(view.data.mine).toEqual([view.data.entries[1]!.entryId]);
  });

  it('refuses a second entry of the same person unless the chain allows several, and counts people against the cap', async () => {
    const { questionId } = await publishChain(t, { cap: 5, waitlist: false });
    const me = device();
    expect((await join(questionId, me, '张三', { people: 3 })).resultCode).toBe('200');
    const again = await join(questionId, me, '张三的朋友');
    expect(again.resultCode).toBe('409');
    expect(again.resultMsg).toBe(CHAIN_MESSAGES.alreadyJoined);
    expect(again.data).toEqual({ reason: 'alreadyJoined' });
    const tooMany = await join(questionId, device(), '李四', { people: 3 });
    expect(tooMany.resultCode).toBe('409');
    expect(tooMany.resultMsg).toBe(CHAIN_MESSAGES.full);
    expect((await join(questionId, device(), '王五', { people: 2 })).resultCode).toBe('200');

    const several = await publishChain(t, { multiple: true });
    expect((await join(several.questionId, me, '张三')).data.entry.seq).toBe(1);
    expect((await join(several.questionId, me, '张三家属')).data.entry.seq).toBe(2);
  });

  it('refuses joining a closed chain, a chain past its deadline and an unpublished one, with clear messages', async () => {
    const { questionId, owner } = await publishChain(t);
    expect((await t.call(`${S}closeChain`, { questionId, closed: true }, owner.headers)).resultCode).toBe('200');
    const closed = await join(questionId, device(), '张三');
    expect(closed).toMatchObject({ resultCode: '409', resultMsg: CHAIN_MESSAGES.closed, data: { reason: 'chainClosed' } });
    await t.call(`${S}closeChain`, { questionId, closed: false }, owner.headers);
    expect((await join(questionId, device(), '张三')).resultCode).toBe('200');

    await t.call(`${S}saveChainSetting`, { questionId, deadline: new Date(Date.now() - 60_000).toISOString() }, owner.headers);
    expect((await join(questionId, device(), '李四')).resultMsg).toBe(CHAIN_MESSAGES.closed);

    await t.call('activity/question/getQuestionStatus', { questionId, status: 0 }, owner.headers);
    expect((await join(questionId, device(), '王五')).resultMsg).toBe(CHAIN_MESSAGES.notCollecting);
  });

  it('lets a participant edit and withdraw only their own entry', async () => {
    const { questionId } = await publishChain(t);
    const mine = device();
    const { entry } = (await join(questionId, mine, '张三')).data;
    const other = await t.call(`${S}updateChainEntry`, { questionId, deviceId: device(), entryId: entry.entryId, name: '冒名' });
    expect(other).toMatchObject({ resultCode: '403', resultMsg: CHAIN_MESSAGES.notYours });
    const stranger = await t.call(`${S}withdrawChainEntry`, { questionId, deviceId: device(), entryId: entry.entryId });
    expect(stranger).toMatchObject({ resultCode: '403', resultMsg: CHAIN_MESSAGES.notYours });
    const edited = await t.call<TChainEntry>(`${S}updateChainEntry`, {
      questionId,
      deviceId: mine,
      entryId: entry.entryId,
      name: '张三丰',
      answer: '晚到十分钟',
    });
    expect(edited.data).toMatchObject({ seq: 1, name: '张三丰', answer: '晚到十分钟', state: 'joined' });
    expect((await t.call(`${S}withdrawChainEntry`, { questionId, deviceId: mine, entryId: entry.entryId })).resultCode).toBe('200');
    const twice = await t.call(`${S}withdrawChainEntry`, { questionId, deviceId: mine, entryId: entry.entryId });
    expect(twice).toMatchObject({ resultCode: '409', resultMsg: CHAIN_MESSAGES.entryGone });
    // Withdrawn, the person may join again, with a new number.
    expect((await join(questionId, mine, '张三')).data.entry.seq).toBe(2);
  });

  it('identifies a logged-in participant by the login on any device', async () => {
    const { questionId } = await publishChain(t);
    const user = await loginNewUser(t);
    const joined = await t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId: device(), name: '韩梅梅' }, user.headers);
    const edited = await t.call(`${S}updateChainEntry`, { questionId, deviceId: device(), entryId: joined.data.entry.entryId, name: '韩梅梅2' }, user.headers);
    expect(edited.resultCode).toBe('200');
  });
});

describe('sign-up chain: the creator', () => {
  it('masks names on the public list but not on the manage list, and shows withdrawn and removed entries with the reason', async () => {
    const { questionId, owner } = await publishChain(t, { maskNames: true, cap: 1 });
    const a = device();
    const first = (await join(questionId, a, '欧阳娜娜')).data.entry;
    const second = (await join(questionId, device(), '李四')).data.entry;
    expect(first.name).toBe('欧***');
    const removed = await t.call<TWithdrawResult>(`${S}removeChainEntry`, { questionId, entryId: first.entryId, reason: '重复报名' }, owner.headers);
    expect(removed.data.promoted).toEqual([second.entryId]);
    const view = await t.call<TChainManageView>(`${S}getChainManage`, { questionId }, owner.headers);
    expect(view.data.entries.map((e) => [e.seq, e.realName, e.state, e.reason])).toEqual([
      [1, '欧阳娜娜', 'removed', '重复报名'],
      [2, '李四', 'joined', ''],
    ]);
    const third = (await join(questionId, device(), '王五')).data.entry;
    await t.call(`${S}withdrawChainEntry`, { questionId, deviceId: a, entryId: first.entryId });
    expect(third.state).toBe('waitlisted');
  });

  it('pins a note, refuses a cap below the people joined, promotes when the cap is raised', async () => {
    const { questionId, owner } = await publishChain(t, { cap: 1 });
    await join(questionId, device(), '张三');
    const waiting = (await join(questionId, device(), '李四')).data.entry;
    expect(waiting.state).toBe('waitlisted');
    const pinned = await t.call(`${S}pinChainNote`, { questionId, note: '周六下午两点集合' }, owner.headers);
    expect(pinned.data).toMatchObject({ pinnedNote: '周六下午两点集合' });
    const zero = await t.call(`${S}saveChainSetting`, { questionId, cap: 0 }, owner.headers);
    expect(zero.resultCode).toBe('400');
    await join(questionId, device(), '王五');
    const raised = await t.call(`${S}saveChainSetting`, { questionId, cap: 2 }, owner.headers);
    expect(raised.resultCode).toBe('200');
    const view = await t.call<TChainView>(`${S}getChain`, { questionId });
    expect(view.data.entries.map((e) => [e.name, e.state])).toEqual([
      ['张三', 'joined'],
      ['李四', 'joined'],
      ['王五', 'waitlisted'],
    ]);
    const lower = await t.call(`${S}saveChainSetting`, { questionId, cap: 1 }, owner.headers);
    expect(lower).toMatchObject({ resultCode: '400' });
    expect(lower.resultMsg).toContain(CHAIN_MESSAGES.capBelowJoined);
  });

  it('lists who of a pasted name list has not joined', async () => {
    const { questionId, owner } = await publishChain(t);
    await join(questionId, device(), '张三');
    await join(questionId, device(), '李 四');
    const missing = await t.call<{ missing: string[]; joined: string[]; expected: number }>(
      `${S}getChainMissing`,
      { questionId, names: '1. 张三\n2、李四\n王五，赵六\n王五' },
      owner.headers,
    );
    expect(missing.data).toEqual({ expected: 4, missing: ['王五', '赵六'], joined: ['张三', '李四'] });
  });

  it('keeps strangers and view collaborators out of the creator calls, and answers "404" for a project that is no chain', async () => {
    const { questionId } = await publishChain(t);
    const stranger = await loginNewUser(t);
    expect((await t.call(`${S}getChainManage`, { questionId }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${S}closeChain`, { questionId, closed: true }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${S}closeChain`, { questionId, closed: true })).resultCode).toBe('401');
    const survey = await t.call<{ questionId: string }>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '问卷' }, stranger.headers);
    const notChain = await t.call(`${S}getChain`, { questionId: survey.data.questionId });
    expect(notChain).toMatchObject({ resultCode: '404', resultMsg: CHAIN_MESSAGES.notChain });
  });
});
