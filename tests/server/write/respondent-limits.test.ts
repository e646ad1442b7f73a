import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubmitResult } from '../../../schemas/api/write';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

type Envelope = { resultCode: string; resultMsg: string; data: TSubmitResult };

let t: TestApp;
let proxied: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ env: { TRUST_PROXY: 1 } });
  owner = await loginNewUser(t);
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

let deviceSeq = 0;
const body = (questionId: string, q: TSubject, extra: Record<string, unknown> = {}) => ({
  questionId,
  submissionId: submissionId(),
  answers: 'answers' in extra ? extra.answers : { [q.uuid]: pick(q, 0) },
  deviceId: `device-${++deviceSeq}`,
  durationSeconds: 60,
  ...extra,
});

/** A submit from a chosen client address, optionally claiming another one in X-Forwarded-For. */
async function submitFrom(app: TestApp, address: string, payload: object, forwardedFor?: string): Promise<Envelope> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/active/write/submit',
    payload,
    remoteAddress: address,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return response.json();
}

const sheetsOf = async (app: TestApp, questionId: string) =>
  app.database.query<{ suspect: boolean; ip: string }>(
    'SELECT a.suspect, a.ip FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1 ORDER BY a.id',
    [questionId],
  );

describe(`who may answer, and how often, on ${engineName()}`, () => {
  it('per user: the limit counts a logged-in respondent, who must log in first', async () => {
    const q = makeSubject(1, 1);
    const questionId = await publishProject(t, owner.headers, { subjects: [q], settings: { perUserLimit: 2 } });
    const alice = await loginNewUser(t);
    expect(await t.call('active/write/submit', body(questionId, q))).toMatchObject({ resultCode: '401', resultMsg: '请登录后再作答' });
    expect((await t.call('active/write/submit', body(questionId, q), alice.headers)).resultCode).toBe('200');
    expect((await t.call('active/write/submit', body(questionId, q), alice.headers)).resultCode).toBe('200');
    expect(await t.call('active/write/submit', body(questionId, q), alice.headers)).toMatchObject({
      resultCode: '409',
      resultMsg: '您已达到本问卷的作答次数上限',
    });
    const bob = await loginNewUser(t);
    expect((await t.call('active/write/submit', body(questionId, q), bob.headers)).resultCode).toBe('200');
    expect(await sheetsOf(t, questionId)).toHaveLength(3);
  });

  it('per device: the same device id is refused once it used its answers', async () => {
    const q = makeSubject(1, 1);
    const questionId = await publishProject(t, owner.headers, { subjects: [q], settings: { perDeviceLimit: 1 } });
    expect((await t.call('active/write/submit', body(questionId, q, { deviceId: 'phone-a' }))).resultCode).toBe('200');
    expect(await t.call('active/write/submit', body(questionId, q, { deviceId: 'phone-a' }))).toMatchObject({
      resultCode: '409',
      resultMsg: '您已提交过，不能重复作答',
    });
    expect((await t.call('active/write/submit', body(questionId, q, { deviceId: 'phone-b' }))).resultCode).toBe('200');
  });

  it('per address: a made-up X-Forwarded-For does not reset the count unless TRUST_PROXY is on', async () => {
    const q = makeSubject(1, 1);
    const questionId = await publishProject(t, owner.headers, { subjects: [q], settings: { perIpLimit: 2 } });
    expect((await submitFrom(t, '203.0.113.7', body(questionId, q), '198.51.100.1')).resultCode).toBe('200');
    expect((await submitFrom(t, '203.0.113.7', body(questionId, q), '198.51.100.2')).resultCode).toBe('200');
    expect(await submitFrom(t, '203.0.113.7', body(questionId, q), '198.51.100.3')).toMatchObject({
      resultCode: '409',
      resultMsg: '当前网络的作答次数已达上限',
    });
    expect((await submitFrom(t, '203.0.113.8', body(questionId, q))).resultCode).toBe('200');
    expect((await sheetsOf(t, questionId)).map((s) => s.ip)).toEqual(['203.0.113.7', '203.0.113.7', '203.0.113.8']);

    // Behind a reverse proxy the client address is the forwarded one.
    const proxyOwner = await loginNewUser(proxied);
    const behind = await publishProject(proxied, proxyOwner.headers, { subjects: [q], settings: { perIpLimit: 1 } });
    expect((await submitFrom(proxied, '10.0.0.2', body(behind, q), '198.51.100.1')).resultCode).toBe('200');
    expect((await submitFrom(proxied, '10.0.0.2', body(behind, q), '198.51.100.2')).resultCode).toBe('200');
    expect(await submitFrom(proxied, '10.0.0.2', body(behind, q), '198.51.100.1')).toMatchObject({
      resultCode: '409',
      resultMsg: '当前网络的作答次数已达上限',
    });
    expect((await sheetsOf(proxied, behind)).map((s) => s.ip)).toEqual(['198.51.100.1', '198.51.100.2']);
  });

  it('whitelist (issue 49: rows of their own, tests/server/whitelist/): the sheet waits behind the gate, no login asked', async () => {
    const q = makeSubject(1, 1);
    const other = await loginNewUser(t);
    const questionId = await publishProject(t, owner.headers, { subjects: [q], settings: { whitelistEnabled: true } });
    expect((await t.call('active/write/getQuestion', { questionId })).data).toMatchObject({ locked: true, subjects: [], whitelist: { mode: 'phone' } });
    expect(await t.call('active/write/submit', body(questionId, q), other.headers)).toMatchObject({
      resultCode: '403',
      resultMsg: '请先通过白名单验证后再作答',
    });
    expect(await sheetsOf(t, questionId)).toHaveLength(0);
  });

  it('password: locked without it, refused when wrong, accepted when right', async () => {
    const q = makeSubject(1, 1);
    const questionId = await publishProject(t, owner.headers, { subjects: [q], settings: { password: 'abc123' } });
    expect((await t.call<{ locked: boolean; subjects: unknown[] }>('active/write/getQuestion', { questionId })).data).toMatchObject({
      locked: true,
      subjects: [],
    });
    expect((await t.call<{ locked: boolean; subjects: unknown[] }>('active/write/getQuestion', { questionId, password: 'abc123' })).data).toMatchObject({
      locked: false,
      subjects: [{ uuid: q.uuid }],
    });
    expect(await t.call('active/write/submit', body(questionId, q))).toMatchObject({ resultCode: '403', resultMsg: '作答密码错误' });
    expect(await t.call('active/write/submit', body(questionId, q, { password: 'abc124' }))).toMatchObject({ resultCode: '403', resultMsg: '作答密码错误' });
    expect((await t.call('active/write/submit', body(questionId, q, { password: 'abc123' }))).resultCode).toBe('200');
  });

  it('a paused project says 问卷已暂停收集 and accepts again once resumed', async () => {
    const q = makeSubject(1, 1);
    const questionId = await publishProject(t, owner.headers, { subjects: [q] });
    await t.call('activity/question/getQuestionStatus', { questionId, status: 0 }, owner.headers);
    expect(await t.call('active/write/submit', body(questionId, q))).toMatchObject({ resultCode: '409', resultMsg: '问卷已暂停收集' });
    await t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, owner.headers);
    expect((await t.call('active/write/submit', body(questionId, q))).resultCode).toBe('200');
  });
});

describe(`the collection window on ${engineName()}`, () => {
  it('before the start: 问卷尚未开始; inside: accepted; after the end: 问卷已结束 (moving the test clock)', async () => {
    const day = 86_400_000;
    const q = makeSubject(1, 1);
    const startTime = new Date(Date.now() + day).toISOString();
    const endTime = new Date(Date.now() + 3 * day).toISOString();
    const questionId = await publishProject(t, owner.headers, { subjects: [q], settings: { startTime, endTime } });
    try {
      expect(await t.call('active/write/getQuestion', { questionId })).toMatchObject({ resultCode: '409', resultMsg: '问卷尚未开始' });
      expect(await t.call('active/write/submit', body(questionId, q))).toMatchObject({ resultCode: '409', resultMsg: '问卷尚未开始' });
      await t.call('dev/clock', { offsetDays: 2 });
      expect((await t.call('active/write/submit', body(questionId, q))).resultCode).toBe('200');
      await t.call('dev/clock', { offsetDays: 4 });
      expect(await t.call('active/write/getQuestion', { questionId })).toMatchObject({ resultCode: '409', resultMsg: '问卷已结束' });
      expect(await t.call('active/write/submit', body(questionId, q))).toMatchObject({ resultCode: '409', resultMsg: '问卷已结束' });
    } finally {
      await t.call('dev/clock', { offsetDays: 0 });
    }
    expect(await sheetsOf(t, questionId)).toHaveLength(1);
  });
});

describe(`suspect sheets are kept and marked on ${engineName()}`, () => {
  const threeOptions = (indexSort: number) => {
    const s = makeSubject(1, indexSort, `第${indexSort}题`) as TSubject & { options: { uuid: string; title: string }[] };
    return { ...s, options: [...s.options, { ...s.options[0]!, uuid: `${s.uuid}-c`, title: '选项3' }] } as TSubject;
  };
  const list = async (questionId: string) =>
    (
      await t.call<{ list: { suspect: boolean; suspectReason: string | null; durationSeconds: number }[] }>(
        'activity/question/getAnswerList',
        { questionId },
        owner.headers,
      )
    ).data.list;

  it('too fast: under a second a question', async () => {
    const subjects = [makeSubject(6, 1), makeSubject(6, 2), makeSubject(6, 3)];
    const questionId = await publishProject(t, owner.headers, { subjects });
    const answers = Object.fromEntries(subjects.map((s, i) => [s.uuid, `回答${i}`]));
    expect((await t.call('active/write/submit', body(questionId, subjects[0]!, { answers, durationSeconds: 2 }))).resultCode).toBe('200');
    expect((await t.call('active/write/submit', body(questionId, subjects[0]!, { answers, durationSeconds: 45 }))).resultCode).toBe('200');
    // Newest first.
    expect((await list(questionId)).map((s) => [s.durationSeconds, s.suspect, s.suspectReason])).toEqual([
      [45, false, null],
      [2, true, '答题过快'],
    ]);
  });

  it('straight-lining: five choice questions answered with the same option position', async () => {
    const subjects = [1, 2, 3, 4, 5].map(threeOptions);
    const questionId = await publishProject(t, owner.headers, { subjects });
    const same = Object.fromEntries(subjects.map((s) => [s.uuid, pick(s, 2)]));
    const varied = Object.fromEntries(subjects.map((s, i) => [s.uuid, pick(s, i % 3)]));
    expect((await t.call('active/write/submit', body(questionId, subjects[0]!, { answers: same, durationSeconds: 300 }))).resultCode).toBe('200');
    expect((await t.call('active/write/submit', body(questionId, subjects[0]!, { answers: varied, durationSeconds: 300 }))).resultCode).toBe('200');
    expect((await list(questionId)).map((s) => [s.suspect, s.suspectReason])).toEqual([
      [false, null],
      [true, '答案规律一致'],
    ]);
    expect(await sheetsOf(t, questionId)).toHaveLength(2);
  });
});
