import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_LIMITS, API_TOKEN_MESSAGES, type TApiTokenItem } from '../../../schemas/api/api-tokens';
import type { TStatement } from '../../../schemas/api/report';
import { READ_CALLS, TOKEN_FORBIDDEN } from '../../../schemas/api/token-scope';
import { makeSubject, loginNewUser } from '../../helpers/fixtures';
import { PROJECT_CALLS } from '../../helpers/project-calls';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
/** The application clock (deps.now): moved forward to expire tokens. */
let clockShift = 0;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + clockShift) });
});
afterAll(() => t.close());

type Created = TApiTokenItem & { token: string };
const create = (headers: { token: string }, body: object) => t.call<Created>('activity/user/createApiToken', body, headers);
const list = async (headers: { token: string }) => (await t.call<{ list: TApiTokenItem[] }>('activity/user/getApiTokenList', {}, headers)).data.list;
const tokenOf = async (headers: { token: string }, scope: 'read' | 'write', expireDays: number | null = 30) => {
  const answer = await create(headers, { name: `${scope} 脚本`, scope, expireDays });
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};

/** A published single-choice project with one answer sheet. */
async function projectWithAnswer(headers: { token: string }) {
  const subject = makeSubject(1, 1, '最喜欢的颜色');
  const questionId = await publishProject(t, headers, { subjects: [subject] });
  const optionId = (subject as unknown as { options: { uuid: string }[] }).options[0]!.uuid;
  const answer = await t.call('active/write/submit', {
    questionId,
    submissionId: submissionId(),
    answers: { [subject.uuid]: { optionIds: [optionId] } },
    deviceId: 'dev-token',
    durationSeconds: 20,
    source: 'link',
  });
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return { questionId, subject };
}

const subjectTitle = async (uuid: string) =>
  (await t.database.query<{ title: string }>(`SELECT config->>'title' AS title FROM subjects WHERE uuid = $1`, [uuid]))[0]!.title;

describe(`personal API tokens on ${engineName()}`, () => {
  it('every READ_CALLS path is a registered call, and a project call among them needs only read or report power', () => {
    const registered = new Set(t.app.calls.map((c) => c.path));
    for (const path of READ_CALLS) {
      expect(registered.has(path), `${path} is not a call`).toBe(true);
      const project = PROJECT_CALLS[path];
      if (project) expect(['read', 'report'], `${path} needs ${project.need}`).toContain(project.need);
      expect(TOKEN_FORBIDDEN.has(path), `${path} is both read and forbidden`).toBe(false);
    }
    for (const path of TOKEN_FORBIDDEN) expect(registered.has(path), `${path} is not a call`).toBe(true);
  });

  it('is shown once with its prefix; only the SHA-256 is stored', async () => {
    const owner = await loginNewUser(t);
    const made = await tokenOf(owner.headers, 'read', 7);
    expect(made.token).toMatch(/^wjp_[A-Za-z0-9_-]{32}$/);
    expect(made).toMatchObject({ name: 'read 脚本', scope: 'read', prefix: made.token.slice(0, 8), lastUsedTime: null, expired: false });
    const [row] = await t.database.query<{ token_hash: string }>('SELECT token_hash FROM api_tokens WHERE id = $1', [made.tokenId]);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(made.token.slice(4));
    const listed = await list(owner.headers);
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('token');
    expect(await create(owner.headers, { name: ' ', scope: 'read', expireDays: 30 })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining(API_TOKEN_MESSAGES.nameRequired),
    });
    expect(await create(owner.headers, { name: 'x', scope: 'admin', expireDays: 30 })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining('请选择令牌权限'),
    });
  });

  it('a read token reads the report and downloads the export, but cannot save a subject; a write token can', async () => {
    const owner = await loginNewUser(t);
    const { questionId, subject } = await projectWithAnswer(owner.headers);
    const read = { token: (await tokenOf(owner.headers, 'read')).token };
    const report = await t.call<TStatement>('question/statement/getStatement', { questionId }, read);
    expect(report.resultCode, report.resultMsg).toBe('200');
    expect(report.data.total).toBe(1);
    expect(report.data.subjects[0]!.options!.map((o) => o.count)).toEqual([1, 0, 0, 0].slice(0, report.data.subjects[0]!.options!.length));
    const exported = await t.call<{ url: string }>('question/statement/exportCsv', { questionId, mode: 'option' }, read);
    expect(exported.resultCode, exported.resultMsg).toBe('200');
    const file = await t.app.inject({ method: 'GET', url: exported.data.url, headers: read });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('最喜欢的颜色');

    const edit = { questionId, subject: { ...subject, title: '改过的题目' } };
    expect(await t.call(`activity/question/updateWxQuestionSubject`, edit, read)).toMatchObject({ resultCode: '403', resultMsg: API_TOKEN_MESSAGES.readOnly });
    expect(await subjectTitle(subject.uuid)).toBe('最喜欢的颜色');
    const upload = await t.app.inject({ method: 'POST', url: '/api/upload/image', headers: read });
    expect(upload.json()).toMatchObject({ resultCode: '403', resultMsg: API_TOKEN_MESSAGES.readOnly });
    const ai = await t.app.inject({ method: 'POST', url: '/api/ai/agent/ai_analyze/getConversation', headers: read, payload: { questionId } });
    expect(ai.json()).toMatchObject({ resultCode: '403', resultMsg: API_TOKEN_MESSAGES.readOnly });

    const write = { token: (await tokenOf(owner.headers, 'write')).token };
    expect((await t.call('activity/question/getQuestionStatus', { questionId, status: 0 }, write)).resultCode).toBe('200');
    const saved = await t.call(`activity/question/updateWxQuestionSubject`, edit, write);
    expect(saved.resultCode, saved.resultMsg).toBe('200');
    expect(await subjectTitle(subject.uuid)).toBe('改过的题目');
  });

  it('a token reaches only its own user’s projects', async () => {
    const owner = await loginNewUser(t);
    const stranger = await loginNewUser(t);
    const { questionId } = await projectWithAnswer(owner.headers);
    const theirs = { token: (await tokenOf(stranger.headers, 'write')).token };
    expect((await t.call('question/statement/getStatement', { questionId }, theirs)).resultCode).not.toBe('200');
  });

  it('a revoked or expired token answers 401; revoking another user’s token is a clear 404', async () => {
    const owner = await loginNewUser(t);
    const other = await loginNewUser(t);
    const doomed = await tokenOf(owner.headers, 'read');
    const shortLived = await tokenOf(owner.headers, 'read', 7);
    expect((await t.call('activity/user/info', {}, { token: doomed.token })).resultCode).toBe('200');
    expect(await t.call('activity/user/revokeApiToken', { tokenId: doomed.tokenId }, other.headers)).toMatchObject({
      resultCode: '404',
      resultMsg: API_TOKEN_MESSAGES.gone,
    });
    expect((await t.call('activity/user/info', {}, { token: doomed.token })).resultCode).toBe('200');
    expect(await t.call('activity/user/revokeApiToken', { tokenId: doomed.tokenId }, owner.headers)).toMatchObject({
      resultCode: '200',
      resultMsg: API_TOKEN_MESSAGES.revoked,
    });
    expect((await t.call('activity/user/info', {}, { token: doomed.token })).resultCode).toBe('401');
    expect((await t.call('activity/user/revokeApiToken', { tokenId: doomed.tokenId }, owner.headers)).resultCode).toBe('404');
    expect((await list(owner.headers)).map((x) => x.tokenId)).toEqual([shortLived.tokenId]);

    clockShift = 8 * 86_400_000;
    try {
      expect((await t.call('activity/user/info', {}, { token: shortLived.token })).resultCode).toBe('401');
      expect(await list(owner.headers)).toEqual([expect.objectContaining({ tokenId: shortLived.tokenId, expired: true })]);
    } finally {
      clockShift = 0;
    }
  });

  it('a token never rides in the cookie', async () => {
    const owner = await loginNewUser(t);
    const made = await tokenOf(owner.headers, 'write');
    const answer = await t.app.inject({ method: 'POST', url: '/api/activity/user/info', payload: {}, cookies: { token: made.token } });
    expect(answer.json()).toMatchObject({ resultCode: '401' });
  });

  it('an API token cannot make tokens, list sessions or change the password', async () => {
    const owner = await loginNewUser(t);
    const write = { token: (await tokenOf(owner.headers, 'write')).token };
    const refused = { resultCode: '403', resultMsg: API_TOKEN_MESSAGES.notForTokens };
    expect(await create(write, { name: '再来一个', scope: 'write', expireDays: null })).toMatchObject(refused);
    expect(await t.call('activity/user/getApiTokenList', {}, write)).toMatchObject(refused);
    expect(await t.call('activity/user/changePassword', { oldPassword: 'x1234567', password: 'new12345' }, write)).toMatchObject(refused);
    expect(await t.call('activity/user/getSessionList', {}, write)).toMatchObject(refused);
    expect(await t.call('activity/user/logout', {}, write)).toMatchObject(refused);
    expect(await list(owner.headers)).toHaveLength(1);
  });

  it('shows the last use (time and address), written at most every 5 minutes', async () => {
    const owner = await loginNewUser(t);
    const made = await tokenOf(owner.headers, 'read');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/activity/user/info',
      payload: {},
      headers: { token: made.token },
      remoteAddress: '203.0.113.9',
    });
    expect(answer.json().resultCode).toBe('200');
    const [first] = await list(owner.headers);
    expect(first!.lastUsedTime).not.toBeNull();
    expect(first!.lastUsedIp).toBe('203.0.113.9');
    await t.app.inject({ method: 'POST', url: '/api/activity/user/info', payload: {}, headers: { token: made.token }, remoteAddress: '203.0.113.10' });
    expect((await list(owner.headers))[0]).toMatchObject({ lastUsedTime: first!.lastUsedTime, lastUsedIp: '203.0.113.9' });
  });

  it(`refuses the ${API_TOKEN_LIMITS.perUser + 1}st live token even when creates race`, async () => {
    const owner = await loginNewUser(t);
    const answers = await Promise.all(
      Array.from({ length: API_TOKEN_LIMITS.perUser + 6 }, (_, i) => create(owner.headers, { name: `并发 ${i}`, scope: 'read', expireDays: null })),
    );
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(API_TOKEN_LIMITS.perUser);
    expect(answers.filter((a) => a.resultCode !== '200').every((a) => a.resultMsg === API_TOKEN_MESSAGES.tooMany)).toBe(true);
    expect(await list(owner.headers)).toHaveLength(API_TOKEN_LIMITS.perUser);
    // A deleted token frees its place.
    const [first] = await list(owner.headers);
    await t.call('activity/user/revokeApiToken', { tokenId: first!.tokenId }, owner.headers);
    expect((await create(owner.headers, { name: '补上', scope: 'read', expireDays: 7 })).resultCode).toBe('200');
  });
});
