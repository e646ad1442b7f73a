import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../schemas/api/user';
import { MIGRATIONS_DIR } from '../../../server/db/client';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

// Issue 16 item 5: a user could take another person's phone number as user name; password login with that
// number then found the attacker's account first (phone = $1 OR username = $1 ORDER BY id). Phone-shaped names
// are refused, and a phone-shaped login string only ever matches a phone.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const nextPhone = () => `1362222${String(1000 + n++).padStart(4, '0')}`;
async function account(password: string) {
  const phone = nextPhone();
  await t.call('activity/user/sendSms', { phone, type: 'register' });
  const reg = await t.call<{ token: string; userInfo: { userId: string } }>('activity/user/register', {
    phone,
    code: await lastCode(t.database, phone),
    password,
  });
  expect(reg.resultCode).toBe('200');
  await t.database.query(`DELETE FROM rate_limits`);
  return { phone, token: reg.data.token, userId: reg.data.userInfo.userId };
}
const rename = (token: string, username: string) => t.call('activity/user/upDateUserName', { username }, { token });
const passwordLogin = (userName: string, password: string) => t.call<{ userInfo: { userId: string } }>('activity/user/userNameLogin', { userName, password });

describe(`user names and login strings on ${engineName()}`, () => {
  it("refuses another person's phone number, in any format, as a user name", async () => {
    const victim = await account('victim1234');
    const attacker = await account('attack1234');
    const formats = [
      victim.phone,
      `+86${victim.phone}`,
      `${victim.phone.slice(0, 3)} ${victim.phone.slice(3, 7)} ${victim.phone.slice(7)}`,
      victim.phone.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)),
    ];
    for (const name of formats)
      expect(await rename(attacker.token, name), name).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining('用户名不能是手机号') });
    // Not even an unregistered number or a bare number.
    expect((await rename(attacker.token, '13999999999')).resultCode).toBe('400');
    expect((await rename(attacker.token, '20240101')).resultCode).toBe('400');
    // The victim's number still logs the victim in.
    expect((await passwordLogin(victim.phone, 'victim1234')).data.userInfo.userId).toBe(victim.userId);
  });

  it('refuses a user name another account uses; one that only this account uses logs it in', async () => {
    const first = await account('first1234');
    const second = await account('second1234');
    expect((await rename(first.token, '问卷达人')).resultCode).toBe('200');
    expect(await rename(second.token, '问卷达人')).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.usernameTaken });
    expect((await passwordLogin('问卷达人', 'first1234')).data.userInfo.userId).toBe(first.userId);
    // Renaming to your own current name is fine.
    expect((await rename(first.token, '问卷达人')).resultCode).toBe('200');
  });

  it('a phone-shaped name stored before this rule captures nothing: the login resolves to the phone', async () => {
    // The attacker's account is the older one: "phone OR username, lowest id first" found it.
    const attacker = await account('attack1234');
    const victim = await account('victim1234');
    await t.database.query('UPDATE users SET username = $1 WHERE phone = $2', [victim.phone, attacker.phone]);
    expect(await passwordLogin(victim.phone, 'attack1234')).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.loginFailed });
    expect((await passwordLogin(victim.phone, 'victim1234')).data.userInfo.userId).toBe(victim.userId);
  });

  it('a user name shared by several accounts names none of them', async () => {
    const a = await account('same1234');
    const b = await account('same1234');
    await t.database.query(`UPDATE users SET username = '同名用户' WHERE phone IN ($1, $2)`, [a.phone, b.phone]);
    expect(await passwordLogin('同名用户', 'same1234')).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.loginFailed });
    expect((await passwordLogin(a.phone, 'same1234')).resultCode).toBe('200');
  });

  it('migration 0020 gives phone-shaped names stored earlier the default name back', async () => {
    const victim = await account('victim1234');
    const attacker = await account('attack1234');
    const keeper = await account('keeper1234');
    await t.database.query('UPDATE users SET username = $1 WHERE phone = $2', [`+86 ${victim.phone}`, attacker.phone]);
    await t.database.query(`UPDATE users SET username = '小李2024' WHERE phone = $1`, [keeper.phone]);
    const sql = readFileSync(path.join(MIGRATIONS_DIR, '0020_username_login.sql'), 'utf8').split('--> statement-breakpoint')[0]!;
    await t.database.query(sql);
    const names = await t.database.query<{ phone: string; username: string }>('SELECT phone, username FROM users WHERE phone IN ($1, $2)', [
      attacker.phone,
      keeper.phone,
    ]);
    expect(Object.fromEntries(names.map((r) => [r.phone, r.username]))).toEqual({
      [attacker.phone]: `用户${attacker.phone.slice(-4)}`,
      [keeper.phone]: '小李2024',
    });
  });
});
