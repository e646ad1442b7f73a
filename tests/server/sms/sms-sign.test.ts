import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSmsSign, TSmsSignStatus } from '../../../schemas/api/sms';
import { grantUnits, loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/** 短信签名 (/smsSign/index.html, issue 50 item 2): apply, the operator's review, choosing the one that signs sends. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

const S = 'activity/sms/sign/';
const purpose = '企业或机构全称/简称';

describe(`SMS signatures on ${engineName()}`, () => {
  it('refuses names outside 2–12 characters, with 【】, or without a purpose, with clear messages', async () => {
    const { headers } = await loginNewUser(t);
    expect((await t.call(`${S}saveOrUpdateSmsSign`, { name: '问', purpose }, headers)).resultMsg).toContain('签名须为2-12个字');
    expect((await t.call(`${S}saveOrUpdateSmsSign`, { name: '一二三四五六七八九十一二三', purpose }, headers)).resultMsg).toContain('签名须为2-12个字');
    expect((await t.call(`${S}saveOrUpdateSmsSign`, { name: '【问卷】', purpose }, headers)).resultMsg).toContain('签名不能包含【】');
    expect((await t.call(`${S}saveOrUpdateSmsSign`, { name: '问卷通' }, headers)).resultMsg).toContain('请选择签名用途');
    const first = await t.call(`${S}saveOrUpdateSmsSign`, { name: '问卷通', purpose }, headers);
    expect(first.resultCode).toBe('200');
    const again = await t.call(`${S}saveOrUpdateSmsSign`, { name: '问卷通', purpose }, headers);
    expect([again.resultCode, again.resultMsg]).toEqual(['409', '已申请过同名签名']);
  });

  it('goes 审核中 → approved by the operator (chosen at once as the first) or rejected with a reason', async () => {
    const { headers, phone } = await loginNewUser(t);
    await grantUnits(t, phone, 'sms', 30);
    const a = (await t.call<TSmsSign>(`${S}saveOrUpdateSmsSign`, { name: '甲公司', purpose }, headers)).data;
    const b = (await t.call<TSmsSign>(`${S}saveOrUpdateSmsSign`, { name: '乙公司', purpose }, headers)).data;
    expect(a.state).toBe('reviewing');
    let status = (await t.call<TSmsSignStatus>(`${S}getSmsSignStatus`, {}, headers)).data;
    expect(status).toMatchObject({ chosen: null, approved: 0, reviewing: 2, smsRemaining: 30 });
    // Choosing one in review is refused.
    expect((await t.call('activity/user/updateUserSmsSign', { signId: a.signId }, headers)).resultMsg).toContain('只能选择审核通过的签名');

    expect((await t.call('dev/smsSign/reject', { signId: b.signId, reason: '' })).resultMsg).toContain('请填写驳回原因');
    const rejected = await t.call<TSmsSign>('dev/smsSign/reject', { signId: b.signId, reason: '签名与企业名称不符' });
    expect(rejected.data).toMatchObject({ state: 'rejected', reason: '签名与企业名称不符', chosen: false });
    const approved = await t.call<TSmsSign>('dev/smsSign/approve', { signId: a.signId });
    expect(approved.data).toMatchObject({ state: 'approved', chosen: true });
    expect((await t.call('dev/smsSign/approve', { signId: a.signId })).resultMsg).toContain('该签名不在审核中');

    // A rejected one is changed and goes back to review; an approved one cannot be changed.
    const changed = await t.call<TSmsSign>(`${S}saveOrUpdateSmsSign`, { signId: b.signId, name: '乙有限公司', purpose }, headers);
    expect(changed.data).toMatchObject({ state: 'reviewing', reason: null, name: '乙有限公司' });
    expect((await t.call(`${S}saveOrUpdateSmsSign`, { signId: a.signId, name: '甲', purpose }, headers)).resultMsg).toContain('签名须为2-12个字');
    expect((await t.call(`${S}saveOrUpdateSmsSign`, { signId: a.signId, name: '甲集团', purpose }, headers)).resultMsg).toContain('签名已审核通过，不能修改');

    // A second approved one is not chosen until the user chooses it; choosing moves the choice.
    await t.call('dev/smsSign/approve', { signId: b.signId });
    status = (await t.call<TSmsSignStatus>(`${S}getSmsSignStatus`, {}, headers)).data;
    expect(status.chosen?.name).toBe('甲公司');
    expect((await t.call('activity/user/updateUserSmsSign', { signId: b.signId }, headers)).resultCode).toBe('200');
    const list = (await t.call<{ list: TSmsSign[] }>(`${S}getSmsSignName`, {}, headers)).data.list;
    expect(list.filter((s) => s.chosen).map((s) => s.name)).toEqual(['乙有限公司']);
  });

  it("never shows or chooses another user's signature", async () => {
    const owner = await loginNewUser(t);
    const other = await loginNewUser(t);
    const mine = (await t.call<TSmsSign>(`${S}saveOrUpdateSmsSign`, { name: '我的签名', purpose }, owner.headers)).data;
    await t.call('dev/smsSign/approve', { signId: mine.signId });
    expect((await t.call<{ list: TSmsSign[] }>(`${S}getSmsSignName`, {}, other.headers)).data.list).toEqual([]);
    expect((await t.call('activity/user/updateUserSmsSign', { signId: mine.signId }, other.headers)).resultMsg).toContain('签名不存在');
    expect((await t.call(`${S}saveOrUpdateSmsSign`, { signId: mine.signId, name: '抢走', purpose }, other.headers)).resultMsg).toContain('签名不存在');
  });
});
