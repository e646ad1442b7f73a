import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES, type TUserInfo } from '../../../schemas/api/user';
import { ACCOUNT_MESSAGES, type TAccountSmsPurpose } from '../../../schemas/api/user-account';
import { credit, writeLedger } from '../../../server/services/money/balance.service';
import { loginNewUser, singleChoices } from '../../helpers/fixtures';
import { publishProject, pick, submissionId } from '../../helpers/publish';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
const realNow = () => new Date();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const freshPhone = () => `1390000${String(3000 + n++).padStart(4, '0')}`;
/** Codes to one phone come one a minute: the tests forget the counts between sends. */
const forgetLimits = () => t.database.query(`DELETE FROM rate_limits WHERE key LIKE 'sms:%'`);
const userId = async (phone: string) => (await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]))[0]!.id;

async function accountCode(token: string, phone: string, type: TAccountSmsPurpose) {
  await forgetLimits();
  expect((await t.call('activity/user/sendAccountSms', { type }, { token })).resultMsg).toBe(USER_MESSAGES.smsSent);
  return lastCode(t.database, phone);
}
async function bindCode(phone: string) {
  await forgetLimits();
  expect((await t.call('activity/user/sendSms', { phone, type: 'bind' })).resultCode).toBe('200');
  return lastCode(t.database, phone);
}
const bind = (token: string, body: object) => t.call<TUserInfo>('activity/user/bindingPhone', body, { token });

describe(`phone binding and change on ${engineName()}`, () => {
  it('changes the phone with codes to both numbers; the new number logs in, the old one is free', async () => {
    const { token, phone } = await loginNewUser(t);
    const next = freshPhone();
    const oldCode = await accountCode(token, phone, 'rebind');
    const code = await bindCode(next);
    // A wrong new code is refused without spending the old number's right one.
    expect(await bind(token, { phone: next, code: code === '000000' ? '111111' : '000000', oldCode })).toMatchObject({
      resultCode: '400',
      resultMsg: USER_MESSAGES.codeWrong,
    });
    const answer = await bind(token, { phone: next, code, oldCode });
    expect(answer).toMatchObject({ resultCode: '200', resultMsg: '手机号已绑定' });
    expect(answer.data.phone).toBe(`${next.slice(0, 3)}****${next.slice(-4)}`);
    expect(await t.database.query('SELECT 1 FROM users WHERE phone = $1', [phone])).toHaveLength(0);
    await forgetLimits();
    await t.call('activity/user/sendSms', { phone: next, type: 'login' });
    const login = await t.call<{ userInfo: TUserInfo }>('activity/user/login', { phone: next, code: await lastCode(t.database, next) });
    expect(login.data.userInfo.userId).toBe(answer.data.userId);
  });

  it('refuses without the old number’s code, with a wrong or stale code, with the same number', async () => {
    const { token, phone } = await loginNewUser(t);
    const next = freshPhone();
    expect(await bind(token, { phone: next, code: await bindCode(next) })).toMatchObject({ resultCode: '400', resultMsg: ACCOUNT_MESSAGES.oldCodeMissing });
    const oldCode = await accountCode(token, phone, 'rebind');
    const wrong = oldCode === '000000' ? '111111' : '000000';
    expect(await bind(token, { phone: next, code: await bindCode(next), oldCode: wrong })).toMatchObject({
      resultCode: '400',
      resultMsg: USER_MESSAGES.codeWrong,
    });
    // A login code of the new number is not a bind code.
    await forgetLimits();
    await t.call('activity/user/sendSms', { phone: next, type: 'login' });
    expect(await bind(token, { phone: next, code: await lastCode(t.database, next), oldCode })).toMatchObject({
      resultCode: '400',
      resultMsg: USER_MESSAGES.codeWrong,
    });
    // Stale by the test clock: six minutes later both codes are dead.
    const staleOld = await accountCode(token, phone, 'rebind');
    const staleNew = await bindCode(next);
    t.app.deps.now = () => new Date(Date.now() + 6 * 60_000);
    try {
      expect(await bind(token, { phone: next, code: staleNew, oldCode: staleOld })).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.codeWrong });
    } finally {
      t.app.deps.now = realNow;
    }
    expect(await bind(token, { phone, code: await bindCode(phone), oldCode: await accountCode(token, phone, 'rebind') })).toMatchObject({
      resultCode: '400',
      resultMsg: ACCOUNT_MESSAGES.phoneSame,
    });
    expect(await t.database.query('SELECT 1 FROM users WHERE phone = $1', [phone])).toHaveLength(1);
  });

  it('refuses a number another account uses, after both codes proved it', async () => {
    const mine = await loginNewUser(t);
    const theirs = await loginNewUser(t);
    const answer = await bind(mine.token, {
      phone: theirs.phone,
      code: await bindCode(theirs.phone),
      oldCode: await accountCode(mine.token, mine.phone, 'rebind'),
    });
    expect(answer).toMatchObject({ resultCode: '400', resultMsg: ACCOUNT_MESSAGES.phoneTaken });
    expect(await userId(mine.phone)).toBeGreaterThan(0);
  });

  it('an account without a phone binds one with the new number’s code alone', async () => {
    const { token, phone } = await loginNewUser(t);
    const id = await userId(phone);
    await t.database.query(`UPDATE users SET phone = 'qq:' || public_id WHERE id = $1`, [id]);
    expect(await t.call('activity/user/sendAccountSms', { type: 'rebind' }, { token })).toMatchObject({
      resultCode: '400',
      resultMsg: ACCOUNT_MESSAGES.noBoundPhone,
    });
    const next = freshPhone();
    expect((await bind(token, { phone: next, code: await bindCode(next) })).resultCode).toBe('200');
    expect(await userId(next)).toBe(id);
  });

  it('answers bad bodies with Chinese messages', async () => {
    const { token } = await loginNewUser(t);
    expect(await bind(token, { phone: '123', code: '123456' })).toMatchObject({ resultCode: '400', resultMsg: expect.stringMatching(/手机号/) });
    expect(await bind(token, { phone: freshPhone(), code: '12ab' })).toMatchObject({ resultCode: '400', resultMsg: expect.stringMatching(/验证码/) });
    expect(await t.call('activity/user/sendAccountSms', { type: 'login' }, { token })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringMatching(/用途/),
    });
    expect(await t.call('activity/user/bindingPhone', { phone: freshPhone(), code: '123456' })).toMatchObject({ resultCode: '401' });
  });
});

describe(`invite link and intro on ${engineName()}`, () => {
  it('answers the invite link of the user and marks the intro seen', async () => {
    const { token } = await loginNewUser(t);
    const me = (await t.call<TUserInfo>('activity/user/info', {}, { token })).data;
    const invite = await t.call<{ inviteCode: string; inviteUrl: string }>('activity/user/getInviteQRCode', {}, { token, origin: 'https://www.example.com' });
    expect(invite.data).toEqual({ inviteCode: me.userId, inviteUrl: `https://www.example.com/login?tab=register&inviter=${me.userId}` });
    expect(me.intro).toBe(false);
    expect((await t.call<TUserInfo>('activity/user/getInfoIntro', {}, { token })).data.intro).toBe(true);
    expect((await t.call<TUserInfo>('activity/user/info', {}, { token })).data.intro).toBe(true);
    expect(await t.call('activity/user/getInviteQRCode', {})).toMatchObject({ resultCode: '401' });
  });
});

describe(`deleting one's account on ${engineName()}`, () => {
  const cancel = (token: string, body: object) => t.call('activity/user/cancelAccount', body, { token });

  it('refuses without proof, with a wrong password or code; then deletes with the password', async () => {
    const { token, phone } = await loginNewUser(t);
    await t.call('activity/user/settingPassword', { password: 'abc12345' }, { token });
    expect(await cancel(token, {})).toMatchObject({ resultCode: '400', resultMsg: ACCOUNT_MESSAGES.cancelProofMissing });
    expect(await cancel(token, { password: 'wrong1234' })).toMatchObject({ resultCode: '400', resultMsg: ACCOUNT_MESSAGES.passwordWrong });
    const code = await accountCode(token, phone, 'cancel');
    expect(await cancel(token, { code: code === '000000' ? '111111' : '000000' })).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.codeWrong });
    expect((await t.call('activity/user/info', {}, { token })).resultCode).toBe('200');
    expect(await cancel(token, { password: 'abc12345' })).toMatchObject({ resultCode: '200', resultMsg: ACCOUNT_MESSAGES.cancelled });
    expect((await t.call('activity/user/info', {}, { token })).resultCode).toBe('401');
    expect((await t.call('activity/user/userNameLogin', { userName: phone, password: 'abc12345' })).resultCode).toBe('400');
  });

  it('with an SMS code: sessions end, the phone is free, projects go, the ledger and answers given elsewhere stay', async () => {
    const leaving = await loginNewUser(t);
    const other = await loginNewUser(t);
    const id = await userId(leaving.phone);
    const subjects = singleChoices(1);
    const own = await publishProject(t, leaving.headers, { subjects });
    const theirs = await publishProject(t, other.headers, { subjects });
    // The leaving user answered the other's project while logged in, and once recharged and spent everything.
    const sheet = await t.call(
      'active/write/submit',
      {
        questionId: theirs,
        submissionId: submissionId(),
        deviceId: 'leaving-device',
        durationSeconds: 30,
        answers: { [subjects[0]!.uuid]: pick(subjects[0]!, 0) },
      },
      leaving.headers,
    );
    expect(sheet.resultCode).toBe('200');
    await t.database.transaction(async (q) => {
      const after = await credit(q, id, 1000);
      await writeLedger(q, {
        userId: id,
        amountFen: 1000,
        reason: 'recharge',
        orderNo: 'R-del-1',
        reference: `del-${id}`,
        title: '充值',
        balanceAfterFen: after,
        at: new Date(),
      });
      await q('UPDATE users SET balance_fen = 0 WHERE id = $1', [id]);
    });
    await forgetLimits();
    await t.call('activity/user/sendSms', { phone: leaving.phone, type: 'login' });
    const second = await t.call<{ token: string }>('activity/user/login', { phone: leaving.phone, code: await lastCode(t.database, leaving.phone) });
    const code = await accountCode(leaving.token, leaving.phone, 'cancel');
    expect((await cancel(leaving.token, { code })).resultCode).toBe('200');
    expect((await t.call('activity/user/info', {}, { token: second.data.token })).resultCode).toBe('401');
    expect(await t.database.query('SELECT 1 FROM projects WHERE public_id = $1', [own])).toHaveLength(0);
    expect(await t.database.query('SELECT 1 FROM balance_ledger WHERE user_id = $1', [id])).toHaveLength(1);
    const [row] = await t.database.query<{ username: string; phone: string; password_hash: string | null; deleted_at: Date | null }>(
      'SELECT username, phone, password_hash, deleted_at FROM users WHERE id = $1',
      [id],
    );
    expect(row).toMatchObject({ username: '已注销用户', password_hash: null });
    expect(row!.phone).not.toBe(leaving.phone);
    expect(row!.deleted_at).not.toBeNull();
    expect((await t.call<{ dataCount: number }>('activity/question/getWxQuestion', { questionId: theirs }, other.headers)).data.dataCount).toBe(1);
    // The phone signs up again as a new, empty account.
    await forgetLimits();
    await t.call('activity/user/sendSms', { phone: leaving.phone, type: 'login' });
    const again = await t.call<{ userInfo: TUserInfo }>('activity/user/login', { phone: leaving.phone, code: await lastCode(t.database, leaving.phone) });
    expect(again.resultCode).toBe('200');
    expect(await userId(leaving.phone)).not.toBe(id);
    expect(again.data.userInfo.balance).toBe(0);
  });

  it('refuses while a project has collaborators or the balance is not spent', async () => {
    const owner = await loginNewUser(t);
    const member = await loginNewUser(t);
    await t.call('activity/user/settingPassword', { password: 'abc12345' }, owner.headers);
    const questionId = await publishProject(t, owner.headers, { subjects: singleChoices(1) });
    await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) SELECT p.id, $2, 2 FROM projects p WHERE p.public_id = $1', [
      questionId,
      await userId(member.phone),
    ]);
    expect(await cancel(owner.token, { password: 'abc12345' })).toMatchObject({ resultCode: '400', resultMsg: ACCOUNT_MESSAGES.cancelWithTeam });
    await t.database.query('DELETE FROM project_members WHERE user_id = $1', [await userId(member.phone)]);
    await t.database.query('UPDATE users SET balance_fen = 1 WHERE id = $1', [await userId(owner.phone)]);
    expect(await cancel(owner.token, { password: 'abc12345' })).toMatchObject({ resultCode: '400', resultMsg: ACCOUNT_MESSAGES.cancelWithBalance });
    expect((await t.call('activity/user/info', {}, owner.headers)).resultCode).toBe('200');
    expect((await t.call('activity/question/getWxQuestion', { questionId }, owner.headers)).resultCode).toBe('200');
  });
});
