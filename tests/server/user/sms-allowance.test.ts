import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../schemas/api/user';
import { SMS_PER_DAY, SMS_PER_IP_PER_DAY, SMS_PER_PHONE_PER_DAY } from '../../../server/services/access/sms-codes.service';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

// Issue 16 item 12: a request refused for its address still spent the phone's minute and day; and the phone's 10 codes
// a day were one pool for everybody, so one stranger could use them all up (and, asking once a minute, keep the
// owner from ever getting a code). Limits are now counted all-or-nothing, and a phone's allowance is kept per
// requester, with a cool-down growing from a minute to an hour instead of a captcha.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const nextPhone = () => `1374444${String(1000 + n++).padStart(4, '0')}`;
const send = async (phone: string, remoteAddress: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/activity/user/sendSms', payload: { phone, type: 'login' }, remoteAddress })).json() as {
    resultCode: string;
    resultMsg: string;
  };
/** Let the minute and hour cool-downs pass for everyone. */
const coolDownsPass = () =>
  t.database.query(`UPDATE rate_limits SET window_start = window_start - interval '61 minutes' WHERE key LIKE 'sms:cool:%' OR key LIKE 'sms:hour:%'`);
const sent = async (phone: string) => (await t.database.query('SELECT 1 FROM sms_outbox WHERE phone = $1', [phone])).length;

describe(`SMS allowance on ${engineName()}`, () => {
  it('a request refused for its address spends nothing of the phone', async () => {
    const phone = nextPhone();
    const busy = '203.0.113.50';
    await t.database.query(`INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), $2)`, [`sms:ip:${busy}`, SMS_PER_IP_PER_DAY]);
    expect(await send(phone, busy)).toMatchObject({ resultCode: '429', resultMsg: USER_MESSAGES.smsDailyLimit });
    expect(await t.database.query(`SELECT key, count FROM rate_limits WHERE key LIKE $1`, [`%${phone}%`])).toEqual([]);
    // The owner, elsewhere, gets a code at once: no minute was taken from the phone.
    expect((await send(phone, '198.51.100.50')).resultCode).toBe('200');
    expect(await sent(phone)).toBe(1);
  });

  it("one stranger asking all day cannot use up the owner's codes", async () => {
    const phone = nextPhone();
    const stranger = '203.0.113.60';
    const answers: string[] = [];
    for (let i = 0; i < SMS_PER_DAY + 3; i++) {
      answers.push((await send(phone, stranger)).resultCode);
      await coolDownsPass();
    }
    expect(answers.filter((c) => c === '200')).toHaveLength(SMS_PER_DAY);
    expect((await send(phone, stranger)).resultMsg).toBe(USER_MESSAGES.smsDailyLimit);
    expect((await send(phone, '198.51.100.60')).resultCode).toBe('200');
  });

  it("a stranger asking once a minute does not hold the owner's cool-down", async () => {
    const phone = nextPhone();
    expect((await send(phone, '203.0.113.70')).resultCode).toBe('200');
    expect(await send(phone, '203.0.113.70')).toMatchObject({ resultCode: '429', resultMsg: USER_MESSAGES.smsTooOften });
    expect((await send(phone, '198.51.100.70')).resultCode).toBe('200');
  });

  it('the cool-down grows: after 5 codes in an hour the same requester waits for the hour', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      expect((await send(phone, '203.0.113.80')).resultCode).toBe('200');
      await t.database.query(`UPDATE rate_limits SET window_start = window_start - interval '61 seconds' WHERE key LIKE 'sms:cool:%'`);
    }
    expect(await send(phone, '203.0.113.80')).toMatchObject({ resultCode: '429', resultMsg: USER_MESSAGES.smsCoolDown });
  });

  it('IPv6 requesters are counted by their /64, not by each address', async () => {
    const phone = nextPhone();
    expect((await send(phone, '2001:db8:1:2::10')).resultCode).toBe('200');
    expect((await send(phone, '2001:db8:1:2:abcd::99')).resultCode).toBe('429');
    expect((await send(phone, '2001:db8:1:3::10')).resultCode).toBe('200');
  });

  it('a number receives at most 20 codes a day whoever asks', async () => {
    const phone = nextPhone();
    let accepted = 0;
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < SMS_PER_DAY; j++) {
        if ((await send(phone, `203.0.114.${i}`)).resultCode === '200') accepted++;
        await coolDownsPass();
      }
    }
    expect(accepted).toBe(SMS_PER_PHONE_PER_DAY);
    expect(await sent(phone)).toBe(SMS_PER_PHONE_PER_DAY);
  });
});
