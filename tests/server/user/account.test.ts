import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../schemas/api/user';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each test uses its own phone so limits of one never leak into another.
let n = 0;
const nextPhone = () => `1390000${String(1000 + n++).padStart(4, '0')}`;

async function register(phone: string, password = 'abc12345') {
  expect((await t.call('activity/user/sendSms', { phone, type: 'register' })).resultCode).toBe('200');
  return t.call<{ token: string; userInfo: { phone: string; hasPassword: boolean } }>('activity/user/register', {
    phone,
    code: await lastCode(t.database, phone),
    password,
  });
}

describe(`account calls on ${engineName()}`, () => {
  it('registers with an SMS code, then logs in with the password', async () => {
    const phone = nextPhone();
    const reg = await register(phone);
    expect(reg.resultCode).toBe('200');
    expect(reg.data.token).toMatch(/^[\w-]{20,}$/);
    expect(reg.data.userInfo.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    const login = await t.call<{ token: string }>('activity/user/userNameLogin', { userName: phone, password: 'abc12345' });
    expect(login.resultCode).toBe('200');
    const info = await t.call('activity/user/info', {}, { token: login.data.token });
    expect(info.resultCode).toBe('200');
  });

  it('stores the code hashed, never in clear', async () => {
    const phone = nextPhone();
    await t.call('activity/user/sendSms', { phone, type: 'login' });
    const code = await lastCode(t.database, phone);
    const rows = await t.database.query<{ code_hash: string }>('SELECT code_hash FROM sms_codes WHERE phone = $1', [phone]);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toHaveLength(64);
  });

  it('a wrong code gets a clear message; the sixth try is refused even with the right code', async () => {
    const phone = nextPhone();
    await t.call('activity/user/sendSms', { phone, type: 'login' });
    const code = await lastCode(t.database, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const answer = await t.call('activity/user/login', { phone, code: wrong });
      expect(answer).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.codeWrong });
    }
    const sixth = await t.call('activity/user/login', { phone, code });
    expect(sixth).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.codeDead });
  });

  it('a code is single-use', async () => {
    const phone = nextPhone();
    await t.call('activity/user/sendSms', { phone, type: 'login' });
    const code = await lastCode(t.database, phone);
    expect((await t.call('activity/user/login', { phone, code })).resultCode).toBe('200');
    expect((await t.call('activity/user/login', { phone, code })).resultMsg).toBe(USER_MESSAGES.codeWrong);
  });

  it('one SMS a minute per phone, whatever format the number is written in', async () => {
    const phone = nextPhone();
    expect((await t.call('activity/user/sendSms', { phone })).resultCode).toBe('200');
    const formatted = `+86 ${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
    expect(await t.call('activity/user/sendSms', { phone: formatted })).toMatchObject({ resultCode: '429', resultMsg: USER_MESSAGES.smsTooOften });
    const fullWidth = phone.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    expect((await t.call('activity/user/sendSms', { phone: fullWidth })).resultCode).toBe('429');
  });

  it('per phone and requester: a minute apart, 5 an hour (the cool-down), 10 a day', async () => {
    const phone = nextPhone();
    const wait = (key: string, seconds: number) =>
      t.database.query(`UPDATE rate_limits SET window_start = window_start - make_interval(secs => $2) WHERE key LIKE $1`, [key, seconds]);
    for (let i = 0; i < 10; i++) {
      if (i === 5) {
        expect(await t.call('activity/user/sendSms', { phone })).toMatchObject({ resultCode: '429', resultMsg: USER_MESSAGES.smsCoolDown });
        await wait(`sms:hour:${phone}:%`, 3_601);
      }
      expect((await t.call('activity/user/sendSms', { phone })).resultCode).toBe('200');
      await wait(`sms:cool:${phone}:%`, 61);
    }
    await wait(`sms:hour:${phone}:%`, 3_601);
    expect(await t.call('activity/user/sendSms', { phone })).toMatchObject({ resultCode: '429', resultMsg: USER_MESSAGES.smsDailyLimit });
  });

  it('sendSms, login and reset answer the same whether or not the account exists', async () => {
    const known = nextPhone();
    const unknown = nextPhone();
    await register(known);
    await t.database.query(`DELETE FROM rate_limits WHERE key LIKE 'sms:cool:%'`);
    const a = await t.call('activity/user/sendSms', { phone: known, type: 'reset' });
    const b = await t.call('activity/user/sendSms', { phone: unknown, type: 'reset' });
    expect(a).toEqual(b);
    const la = await t.call('activity/user/userNameLogin', { userName: known, password: 'wrong1234' });
    const lb = await t.call('activity/user/userNameLogin', { userName: unknown, password: 'wrong1234' });
    expect(la).toEqual(lb);
    expect(la.resultMsg).toBe(USER_MESSAGES.loginFailed);
  });

  it('password login locks after 5 failures for the account and address', async () => {
    const phone = nextPhone();
    await register(phone);
    for (let i = 0; i < 5; i++) {
      expect((await t.call('activity/user/userNameLogin', { userName: phone, password: 'bad12345' })).resultCode).toBe('400');
    }
    expect(await t.call('activity/user/userNameLogin', { userName: phone, password: 'abc12345' })).toMatchObject({
      resultCode: '429',
      resultMsg: USER_MESSAGES.loginLocked,
    });
  });

  it('logout revokes the token; a password change revokes the other sessions', async () => {
    const phone = nextPhone();
    const first = (await register(phone)).data.token;
    const second = (await t.call<{ token: string }>('activity/user/userNameLogin', { userName: phone, password: 'abc12345' })).data.token;
    expect((await t.call('activity/user/changePassword', { oldPassword: 'abc12345', password: 'new12345' }, { token: second })).resultCode).toBe('200');
    expect((await t.call('activity/user/info', {}, { token: first })).resultCode).toBe('401');
    expect((await t.call('activity/user/info', {}, { token: second })).resultCode).toBe('200');
    expect((await t.call('activity/user/logout', {}, { token: second })).resultMsg).toBe('退出成功');
    expect(await t.call('activity/user/info', {}, { token: second })).toMatchObject({ resultCode: '401', resultMsg: 'token失效' });
  });

  it('resets the password with an SMS code', async () => {
    const phone = nextPhone();
    await register(phone);
    await t.database.query(`DELETE FROM rate_limits WHERE key LIKE $1`, [`sms:cool:${phone}:%`]);
    await t.call('activity/user/sendSms', { phone, type: 'reset' });
    const reset = await t.call('activity/user/resetPwd', { phone, code: await lastCode(t.database, phone), password: 'reset1234' });
    expect(reset.resultCode).toBe('200');
    expect((await t.call('activity/user/userNameLogin', { userName: phone, password: 'reset1234' })).resultCode).toBe('200');
  });

  it('updates name and avatar, and sets a password for an SMS-only account', async () => {
    const phone = nextPhone();
    await t.call('activity/user/sendSms', { phone, type: 'login' });
    const { token, userInfo } = (
      await t.call<{ token: string; userInfo: { hasPassword: boolean } }>('activity/user/login', { phone, code: await lastCode(t.database, phone) })
    ).data;
    expect(userInfo.hasPassword).toBe(false);
    expect((await t.call('activity/user/upDateUserName', { username: '小王' }, { token })).data).toMatchObject({ username: '小王' });
    expect((await t.call('activity/user/updateHeadInfo', { headImg: '/uploads/a.png' }, { token })).data).toMatchObject({ headImg: '/uploads/a.png' });
    expect((await t.call('activity/user/settingPassword', { password: 'set12345' }, { token })).resultCode).toBe('200');
    expect((await t.call('activity/user/settingPassword', { password: 'set12345' }, { token })).resultCode).toBe('400');
    expect((await t.call('activity/user/getLoginInfo', {}, { token })).data).toMatchObject({ loggedIn: true });
    expect((await t.call('activity/user/getLoginInfo', {})).data).toEqual({ loggedIn: false, userInfo: null });
  });
});
