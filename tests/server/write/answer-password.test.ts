import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_PASSWORD_TRIES_PER_CLIENT, ANSWER_PASSWORD_TRIES_PER_PROJECT } from '../../../server/services/access/answer-password.service';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

type Envelope = { resultCode: string; resultMsg: string; data: { locked?: boolean } | null };
const from = async (ip: string, path: string, body: object): Promise<Envelope> =>
  (await t.app.inject({ method: 'POST', url: `/api/${path}`, payload: body, remoteAddress: ip })).json();
const open = (ip: string, questionId: string, password: string) => from(ip, 'active/write/getQuestion', { questionId, password });

describe(`answering password tries on ${engineName()}`, () => {
  it('a client gets 10 tries in 15 minutes, counted exactly under 40 parallel guesses; then even the right one is "429"', async () => {
    const q1 = makeSubject(1, 1);
    const questionId = await publishProject(t, owner.headers, { subjects: [q1], settings: { password: '8642' } });
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => open('203.0.113.7', questionId, String(1000 + i))));
    expect(guesses.filter((g) => g.resultCode === '200' && g.data?.locked)).toHaveLength(ANSWER_PASSWORD_TRIES_PER_CLIENT);
    const refused = guesses.filter((g) => g.resultCode === '429');
    expect(refused).toHaveLength(40 - ANSWER_PASSWORD_TRIES_PER_CLIENT);
    expect(refused[0]!.resultMsg).toBe('密码错误次数过多，请15分钟后再试');
    // Locked out: the right password does not tell itself apart, on any path.
    expect((await open('203.0.113.7', questionId, '8642')).resultCode).toBe('429');
    const sheet = { questionId, submissionId: submissionId(), deviceId: 'pw-device', password: '8642', answers: { [q1.uuid]: pick(q1, 0) } };
    expect((await from('203.0.113.7', 'active/write/submit', sheet)).resultCode).toBe('429');
    // Another client is not affected.
    const other = await open('198.51.100.9', questionId, '8642');
    expect(other.resultCode).toBe('200');
    expect(other.data?.locked).toBe(false);
    expect((await from('198.51.100.9', 'active/write/submit', sheet)).resultCode).toBe('200');
  });

  it('the right password gives its try back: respondents who know it are never locked', async () => {
    const q1 = makeSubject(1, 1);
    const questionId = await publishProject(t, owner.headers, { subjects: [q1], settings: { password: 'abc' } });
    for (let i = 0; i < ANSWER_PASSWORD_TRIES_PER_CLIENT + 5; i++) {
      expect((await open('192.0.2.44', questionId, 'abc')).data?.locked).toBe(false);
      const sheet = { questionId, submissionId: submissionId(), deviceId: `pw-right-${i}`, password: 'abc', answers: { [q1.uuid]: pick(q1, 0) } };
      expect((await from('192.0.2.44', 'active/write/submit', sheet)).resultCode).toBe('200');
    }
  });

  it('the project as a whole takes 300 wrong tries in 15 minutes from all clients together', async () => {
    const q1 = makeSubject(1, 1);
    const questionId = await publishProject(t, owner.headers, { subjects: [q1], settings: { password: 'zz-top' } });
    const clients = ANSWER_PASSWORD_TRIES_PER_PROJECT / ANSWER_PASSWORD_TRIES_PER_CLIENT;
    for (let c = 0; c < clients; c++) {
      const round = await Promise.all(Array.from({ length: ANSWER_PASSWORD_TRIES_PER_CLIENT }, (_, i) => open(`10.9.${c}.1`, questionId, `wrong${i}`)));
      expect(round.every((g) => g.resultCode === '200' && g.data?.locked)).toBe(true);
    }
    expect((await open('10.9.250.1', questionId, 'zz-top')).resultCode).toBe('429');
    expect((await open('10.9.250.1', questionId, 'another')).resultCode).toBe('429');
  });
});
