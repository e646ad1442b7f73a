import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

describe('the envelope', () => {
  it('names the field of a missing or wrongly typed value', async () => {
    expect(await t.call('activity/user/login', { code: '123456' })).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining('phone') });
    expect(await t.call('activity/user/login', { phone: 13800138000, code: '123456' })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining('phone'),
    });
    expect(await t.call('activity/user/register', { phone: '13800138000', code: '123456', password: 123 })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining('password'),
    });
  });

  it('refuses a 1 MB string naming the field', async () => {
    const answer = await t.call('activity/user/userNameLogin', { userName: 'x'.repeat(1024 * 1024), password: 'a' });
    expect(answer).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining('userName') });
  });

  it('answers broken JSON, a wrong content type and an over-large body with "400"', async () => {
    for (const response of [
      await post('/api/activity/user/login', '{"phone": '),
      await post('/api/activity/user/login', 'phone=1', 'text/plain'),
      await post('/api/activity/user/login', JSON.stringify({ a: 'x'.repeat(5 * 1024 * 1024) })),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.json().resultCode).toBe('400');
      expect(response.body).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
    }
  });

  it('an unknown call is "404"; a protected call without token is "401" token失效', async () => {
    expect((await t.call('activity/user/noSuchCall', {})).resultCode).toBe('404');
    expect((await t.app.inject({ method: 'GET', url: '/api/activity/user/info' })).json().resultCode).toBe('404');
    expect(await t.call('activity/user/info', {})).toMatchObject({ resultCode: '401', resultMsg: 'token失效' });
    expect(await t.call('activity/user/info', {}, { token: 'forged' })).toMatchObject({ resultCode: '401' });
  });

  it('a NUL character in any string is dropped, never a "500"', async () => {
    for (const path of ['activity/user/userNameLogin', 'dev/outbox', 'activity/question/getWxQuestionTemplateList']) {
      const answer = await t.call(path, { userName: 'a\u0000', password: 'x\u0000', phone: '1\u0000', keyword: 'a\u0000b' });
      expect(answer.resultCode, path).not.toBe('500');
    }
  });

  it('a lone surrogate in a string stored as JSON is kept as U+FFFD, never a "500"', async () => {
    const { loginNewUser, makeSubject } = await import('../helpers/fixtures');
    const owner = await loginNewUser(t);
    // A project still being edited (status 0): a collecting one refuses logic changes until it is paused.
    const created = await t.call<{ questionId: string }>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 1, title: '编辑中', subjects: [makeSubject(1, 1)] },
      owner.headers,
    );
    const questionId = created.data.questionId;
    const { version } = (await t.database.query<{ version: number }>('SELECT version FROM projects WHERE public_id = $1', [questionId]))[0]!;
    const random = [{ id: 'g\ud800', subjects: ['\udc00x'], draw: 1, shuffle: false }];
    const answer = await t.call('activity/question/saveRandomSubject', { questionId, version, random }, owner.headers);
    expect(answer.resultCode).toBe('200');
    const stored = await t.database.query<{ logic: { random: { id: string; subjects: string[] }[] } }>('SELECT logic FROM projects WHERE public_id = $1', [
      questionId,
    ]);
    expect(stored[0]!.logic.random[0]).toMatchObject({ id: 'g\ufffd', subjects: ['\ufffdx'] });
  });

  it('/healthz answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});
