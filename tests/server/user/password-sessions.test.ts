import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES, type TSessionItem } from '../../../schemas/api/user';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const nextPhone = () => `1370000${String(2000 + n++).padStart(4, '0')}`;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

/** A registered user with two sessions: `a` (the one that acts) and `b` (another browser, an iPhone). */
async function twoSessions(password = 'abc12345') {
  const phone = nextPhone();
  await t.call('activity/user/sendSms', { phone, type: 'register' });
  const a = (await t.call<{ token: string }>('activity/user/register', { phone, code: await lastCode(t.database, phone), password })).data.token;
  const b = (await t.call<{ token: string }>('activity/user/userNameLogin', { userName: phone, password }, { 'user-agent': IPHONE })).data.token;
  return { phone, a, b };
}

const info = (token: string) => t.call('activity/user/info', {}, { token });
const sessions = async (token: string) => (await t.call<{ list: TSessionItem[] }>('activity/user/getSessionList', {}, { token })).data.list;
const change = (token: string, body: object) => t.call('activity/user/changePassword', body, { token });

describe(`password change and sessions on ${engineName()}`, () => {
  it('changes with the old password: every other session gets 401, the current one stays', async () => {
    const { phone, a, b } = await twoSessions();
    expect((await change(a, { oldPassword: 'abc12345', password: 'new12345' })).resultMsg).toBe('密码修改成功');
    expect(await info(b)).toMatchObject({ resultCode: '401' });
    expect((await info(a)).resultCode).toBe('200');
    expect((await t.call('activity/user/userNameLogin', { userName: phone, password: 'new12345' })).resultCode).toBe('200');
    expect((await t.call('activity/user/userNameLogin', { userName: phone, password: 'abc12345' })).resultCode).toBe('400');
  });

  it('refuses in Chinese: wrong old password, weak password, neither old password nor code', async () => {
    const { a, b } = await twoSessions();
    expect(await change(a, { oldPassword: 'wrong999', password: 'new12345' })).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.oldPasswordWrong });
    expect(await change(a, { oldPassword: 'abc12345', password: '123456' })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining('密码需同时包含字母和数字'),
    });
    expect(await change(a, { oldPassword: 'abc12345', password: 'a1' })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining('密码至少6位'),
    });
    expect(await change(a, { password: 'new12345' })).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.proofMissing });
    // Nothing was changed by a refusal: the other session lives on.
    expect((await info(b)).resultCode).toBe('200');
  });

  it('changes with a code sent to the bound phone; a wrong, a stale or a reused code is refused', async () => {
    const { phone, a, b } = await twoSessions();
    // The register code of a moment ago holds the phone's one-a-minute allowance.
    await t.database.query(`DELETE FROM rate_limits WHERE key LIKE $1`, [`sms:%${phone}%`]);
    expect((await t.call('activity/user/sendPasswordSms', {}, { token: a })).resultMsg).toBe(USER_MESSAGES.smsSent);
    const code = await lastCode(t.database, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await change(a, { code: wrong, password: 'sms12345' })).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.codeWrong });
    // A login code of the same phone does not change the password.
    await t.database.query(`DELETE FROM rate_limits WHERE key LIKE $1`, [`sms:%${phone}%`]);
    await t.call('activity/user/sendSms', { phone, type: 'login' });
    expect(await change(a, { code: await lastCode(t.database, phone), password: 'sms12345' })).toMatchObject({ resultCode: '400' });
    expect((await change(a, { code, password: 'sms12345' })).resultCode).toBe('200');
    expect(await info(b)).toMatchObject({ resultCode: '401' });
    expect((await info(a)).resultCode).toBe('200');
    expect(await change(a, { code, password: 'sms99999' })).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.codeWrong });
    // Stale: a code past its five minutes.
    await t.database.query(`DELETE FROM rate_limits WHERE key LIKE $1`, [`sms:%${phone}%`]);
    await t.call('activity/user/sendPasswordSms', {}, { token: a });
    const late = await lastCode(t.database, phone);
    await t.database.query(`UPDATE sms_codes SET expires_at = now() - interval '1 second' WHERE phone = $1`, [phone]);
    expect(await change(a, { code: late, password: 'late1234' })).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.codeWrong });
  });

  it('lists the sessions with their browser, signs out one and all the others', async () => {
    const { a, b } = await twoSessions();
    const list = await sessions(a);
    expect(list).toHaveLength(2);
    const [current, other] = [list.find((s) => s.current)!, list.find((s) => !s.current)!];
    expect(other.userAgent).toBe(IPHONE);
    expect(current.lastSeenTime).not.toBeNull();
    expect(JSON.stringify(list)).not.toMatch(/token|hash/i);
    expect((await t.call('activity/user/revokeSession', { sessionId: other.sessionId }, { token: a })).resultMsg).toBe('已退出该设备');
    expect(await info(b)).toMatchObject({ resultCode: '401' });
    expect(await t.call('activity/user/revokeSession', { sessionId: other.sessionId }, { token: a })).toMatchObject({
      resultCode: '400',
      resultMsg: USER_MESSAGES.sessionGone,
    });
    expect((await sessions(a)).map((s) => s.sessionId)).toEqual([current.sessionId]);
  });

  it("cannot sign out another user's session", async () => {
    const mine = await twoSessions();
    const theirs = await twoSessions();
    const target = (await sessions(theirs.a)).find((s) => !s.current)!;
    expect(await t.call('activity/user/revokeSession', { sessionId: target.sessionId }, { token: mine.a })).toMatchObject({
      resultCode: '400',
      resultMsg: USER_MESSAGES.sessionGone,
    });
    expect((await info(theirs.b)).resultCode).toBe('200');
    // Signing out all others touches only the caller's own.
    expect((await t.call('activity/user/revokeOtherSessions', {}, { token: mine.a })).resultMsg).toBe('已退出其他设备');
    expect(await info(mine.b)).toMatchObject({ resultCode: '401' });
    expect((await info(mine.a)).resultCode).toBe('200');
    expect((await info(theirs.b)).resultCode).toBe('200');
    expect(await t.call('activity/user/getSessionList', {})).toMatchObject({ resultCode: '401' });
  });
});
