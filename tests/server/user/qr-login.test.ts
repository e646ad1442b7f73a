import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let phoneToken: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.call('activity/user/sendSms', { phone: '13612340000' });
  phoneToken = (await t.call<{ token: string }>('activity/user/login', { phone: '13612340000', code: await lastCode(t.database, '13612340000') })).data.token;
});
afterAll(() => t.close());

type Challenge = { qrId: string; pollSecret: string; qrContent: string; expiresIn: number };

describe('QR login', () => {
  it('desktop shows a code, the phone confirms, the desktop poll receives a token once', async () => {
    const { data: qr } = await t.call<Challenge>('activity/user/showLoginQr', {});
    expect(qr.qrContent).toContain(qr.qrId);
    expect(qr.qrContent).not.toContain(qr.pollSecret);
    expect(qr.expiresIn).toBe(120);
    expect((await t.call('activity/user/checkCode', { qrId: qr.qrId, pollSecret: qr.pollSecret })).data).toEqual({ status: 'waiting' });
    await t.call('activity/user/loginByQr', { qrId: qr.qrId, confirm: false }, { token: phoneToken });
    expect((await t.call('activity/user/checkCode', { qrId: qr.qrId, pollSecret: qr.pollSecret })).data).toEqual({ status: 'scanned' });
    expect((await t.call('activity/user/loginByQr', { qrId: qr.qrId, confirm: true }, { token: phoneToken })).resultCode).toBe('200');
    const polled = await t.call<{ status: string; token: string }>('activity/user/checkCode', { qrId: qr.qrId, pollSecret: qr.pollSecret });
    expect(polled.data.status).toBe('confirmed');
    expect((await t.call('activity/user/info', {}, { token: polled.data.token })).resultCode).toBe('200');
    expect((await t.call('activity/user/checkCode', { qrId: qr.qrId, pollSecret: qr.pollSecret })).data).toEqual({ status: 'expired' });
    expect((await t.call('activity/user/loginByQr', { qrId: qr.qrId, confirm: true }, { token: phoneToken })).resultCode).toBe('400');
  });

  it('the challenge id alone cannot be polled, and approving needs a logged-in phone', async () => {
    const { data: qr } = await t.call<Challenge>('activity/user/showLoginQr', {});
    expect((await t.call('activity/user/checkCode', { qrId: qr.qrId, pollSecret: 'x'.repeat(32) })).data).toEqual({ status: 'expired' });
    expect((await t.call('activity/user/loginByQr', { qrId: qr.qrId })).resultCode).toBe('401');
  });

  it('a challenge dies after 2 minutes', async () => {
    const { data: qr } = await t.call<Challenge>('activity/user/showLoginQr', {});
    await t.database.query(`UPDATE qr_logins SET expires_at = now() - interval '1 second' WHERE id = $1`, [qr.qrId]);
    expect((await t.call('activity/user/checkCode', qr)).data).toEqual({ status: 'expired' });
    expect((await t.call('activity/user/loginByQr', { qrId: qr.qrId }, { token: phoneToken })).resultCode).toBe('400');
  });
});
