import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AI_GENERATE_CALLS, aiCalls, aiServiceCalls } from '../../../schemas/api/ai';
import { contract } from '../../../schemas/api/contract';
import { buildApp } from '../../../server/app';
import { defineAiCall } from '../../../server/http/define-ai-call';
import { BAD_SIGNATURE_MESSAGE, NONCE_KEEP_MS, purgeNonces, REPLAY_MESSAGE, STALE_MESSAGE, takeNonce } from '../../../server/services/ai/ai-signature.service';
import type { AiModel } from '../../../server/providers/ai/model';
import { signedAiHeaders } from '../../helpers/ai-sign';
import { grantUnits, loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 52 acceptance "Signature tests": an AI call is signed with the session's key over method, path, timestamp,
 * nonce and the body's hash; a replayed nonce (on this process or another on the same database), a stale timestamp,
 * a body changed after signing, missing or garbled headers are refused, each with its own code and message.
 */

/** An AI call whose handler says what it received (the real calls' handlers belong to other work). */
const ECHO = contract({
  path: 'ai/test/echo',
  summary: 'echo',
  request: z.object({ text: z.string().max(100) }),
  response: z.object({ text: z.string(), userId: z.number() }),
  auth: 'required',
});
const ECHO_PATH: string = ECHO.path;

let t: TestApp;
let first: FastifyInstance;
let second: FastifyInstance;
let user: { token: string; phone: string };
let handled = 0;

async function echoApp(): Promise<FastifyInstance> {
  const app = await buildApp({ database: t.database, clientDir: '/nonexistent', jobs: 'manual' });
  defineAiCall(app, ECHO, async (body, { user: caller, stream }) => {
    handled += 1;
    stream?.send({ type: 'delta', text: body.text });
    return { text: body.text, userId: caller!.id };
  });
  await app.ready();
  return app;
}

interface Sent {
  body?: string;
  headers?: Record<string, string | undefined>;
}
async function send(app: FastifyInstance, { body = '{"text":"你好"}', headers = {} }: Sent, path = ECHO_PATH) {
  const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const response = await app.inject({ method: 'POST', url: `/api/${path}`, payload: body, headers: { 'content-type': 'application/json', ...clean } });
  expect(response.statusCode).toBe(200);
  return response;
}
const envelope = async (app: FastifyInstance, sent: Sent, path?: string) =>
  (await send(app, sent, path)).json() as { resultCode: string; resultMsg: string; data: unknown };

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  user = await loginNewUser(t);
  first = await echoApp();
  second = await echoApp();
}, 60_000);
afterAll(async () => {
  await first.close();
  await second.close();
  await t.close();
});

describe(`signed AI calls (${engineName()})`, () => {
  it('a call signed with the session key reaches its handler, as a plain answer and as a stream', async () => {
    const body = '{"text":"员工满意度"}';
    const answer = await envelope(first, { body, headers: signedAiHeaders(first, user.token, ECHO_PATH, body) });
    expect(answer).toMatchObject({ resultCode: '200', data: { text: '员工满意度' } });

    const headers = { ...signedAiHeaders(first, user.token, ECHO_PATH, body), accept: 'text/event-stream' };
    const stream = await send(first, { body, headers });
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expect(stream.body).toContain('"type":"delta","text":"员工满意度"');
    expect(stream.body).toContain('"resultCode":"200"');
  });

  it('a replayed nonce is refused and the handler does not run twice', async () => {
    const body = '{"text":"一次"}';
    const headers = signedAiHeaders(first, user.token, ECHO_PATH, body);
    expect((await envelope(first, { body, headers })).resultCode).toBe('200');
    const before = handled;
    expect(await envelope(first, { body, headers })).toMatchObject({ resultCode: '409', resultMsg: REPLAY_MESSAGE });
    expect(handled).toBe(before);
  });

  it('the same nonce sent to a second app on the same database is refused too', async () => {
    const body = '{"text":"两个进程"}';
    const headers = signedAiHeaders(first, user.token, ECHO_PATH, body);
    expect((await envelope(first, { body, headers })).resultCode).toBe('200');
    expect(await envelope(second, { body, headers })).toMatchObject({ resultCode: '409', resultMsg: REPLAY_MESSAGE });
    // And the other way round: whichever process sees it first takes it.
    const other = signedAiHeaders(second, user.token, ECHO_PATH, body);
    expect((await envelope(second, { body, headers: other })).resultCode).toBe('200');
    expect((await envelope(first, { body, headers: other })).resultCode).toBe('409');
  });

  it('a timestamp more than 5 minutes from the server clock is refused, either way', async () => {
    const body = '{"text":"时间"}';
    const signedNow = signedAiHeaders(first, user.token, ECHO_PATH, body);
    first.deps.now = () => new Date(Date.now() + 6 * 60_000);
    try {
      expect(await envelope(first, { body, headers: signedNow })).toMatchObject({ resultCode: '400', resultMsg: STALE_MESSAGE });
      // A client whose clock agrees with the (moved) server clock passes.
      expect((await envelope(first, { body, headers: signedAiHeaders(first, user.token, ECHO_PATH, body) })).resultCode).toBe('200');
    } finally {
      first.deps.now = () => new Date();
    }
    const ahead = signedAiHeaders(first, user.token, ECHO_PATH, body, { now: Date.now() + 6 * 60_000 });
    expect(await envelope(first, { body, headers: ahead })).toMatchObject({ resultCode: '400', resultMsg: STALE_MESSAGE });
    const nearlyStale = signedAiHeaders(first, user.token, ECHO_PATH, body, { now: Date.now() - 4 * 60_000 });
    expect((await envelope(first, { body, headers: nearlyStale })).resultCode).toBe('200');
  });

  it('a body or path changed after signing is refused, and the refusal does not use up the nonce', async () => {
    const body = '{"text":"原文"}';
    const headers = signedAiHeaders(first, user.token, ECHO_PATH, body);
    expect(await envelope(first, { body: '{"text":"改过"}', headers })).toMatchObject({ resultCode: '403', resultMsg: BAD_SIGNATURE_MESSAGE });
    // The same JSON written differently is other bytes: the signature covers the bytes sent.
    expect((await envelope(first, { body: '{ "text": "原文" }', headers })).resultCode).toBe('403');
    // Signed for one call, sent to another.
    const exam = { body: JSON.stringify({ prompt: '员工满意度调查，10题左右' }) };
    const signedForQuestion = signedAiHeaders(t.app, user.token, aiCalls.questionType.path, exam.body);
    expect((await envelope(t.app, { ...exam, headers: signedForQuestion }, aiCalls.examType.path)).resultCode).toBe('403');
    // The nonce of a refused call was not taken: the genuine call still goes through.
    expect((await envelope(first, { body, headers })).resultCode).toBe('200');
  });

  it("a signature made with another session's key is refused", async () => {
    const other = await loginNewUser(t);
    const body = '{"text":"别人的钥匙"}';
    const headers = { ...signedAiHeaders(first, other.token, ECHO_PATH, body), token: user.token };
    expect((await envelope(first, { body, headers })).resultCode).toBe('403');
  });

  it('missing or garbled headers are refused naming the header; no login is "401" before any of it', async () => {
    const body = '{"text":"头"}';
    const good = () => signedAiHeaders(first, user.token, ECHO_PATH, body);
    for (const name of ['timestamp', 'nonce', 'signature'] as const) {
      const answer = await envelope(first, { body, headers: { ...good(), [name]: undefined } });
      expect(answer).toMatchObject({ resultCode: '400', resultMsg: `缺少请求头 ${name}`, data: { field: name } });
    }
    const garbled: Array<[string, string]> = [
      ['timestamp', 'yesterday'],
      ['timestamp', '-1'],
      ['nonce', 'short'],
      ['nonce', 'has-dash_and_17ch'],
      ['nonce', '０１２３４５６７８９abcdef'],
      ['signature', 'zz'],
      ['signature', 'A'.repeat(64)],
    ];
    for (const [name, value] of garbled) {
      const answer = await envelope(first, { body, headers: { ...good(), [name]: value } });
      expect(answer, `${name}=${value}`).toMatchObject({ resultCode: '400', resultMsg: `请求头 ${name} 格式错误` });
    }
    const unsigned = await envelope(first, { body, headers: { token: user.token } });
    expect(unsigned.resultCode).toBe('400');
    expect(await envelope(first, { body, headers: { ...good(), token: undefined } })).toMatchObject({ resultCode: '401' });
    expect((await envelope(first, { body, headers: { ...good(), token: 'x'.repeat(43) } })).resultCode).toBe('401');
    expect((await envelope(first, { body: 'not json', headers: {} })).resultCode).toBe('401');
  });

  it('the signature is checked before the body: a signed body that is not JSON or not valid is a "400" of the body', async () => {
    const notJson = '{"text":';
    expect(await envelope(first, { body: notJson, headers: signedAiHeaders(first, user.token, ECHO_PATH, notJson) })).toMatchObject({
      resultCode: '400',
      resultMsg: '请求体不是有效的 JSON',
    });
    const tooLong = JSON.stringify({ text: 'x'.repeat(101) });
    const answer = await envelope(first, { body: tooLong, headers: signedAiHeaders(first, user.token, ECHO_PATH, tooLong) });
    expect(answer.resultCode).toBe('400');
    expect(answer.resultMsg).toMatch(/^text:/);
  });

  it('every AI call of the app is signed: unsigned refused, signed past the gate', async () => {
    const aiPaths = t.app.calls.filter((c) => c.path.startsWith('ai/')).map((c) => c.path);
    expect(aiPaths).toEqual(expect.arrayContaining(Object.values(AI_GENERATE_CALLS).map((c) => c.path)));
    for (const path of aiPaths) {
      const body = JSON.stringify({ prompt: '员工满意度调查' });
      expect((await envelope(t.app, { body, headers: { token: user.token } }, path)).resultMsg, path).toBe('缺少请求头 timestamp');
      const signed = await envelope(t.app, { body, headers: signedAiHeaders(t.app, user.token, path, body) }, path);
      expect([BAD_SIGNATURE_MESSAGE, REPLAY_MESSAGE, STALE_MESSAGE]).not.toContain(signed.resultMsg);
    }
  });
});

describe(`the session key: activity/ai/getAiSession (${engineName()})`, () => {
  it('gives the key the calls are signed with, the same by cookie or token header, other for another login', async () => {
    await grantUnits(t, user.phone, 'ai', 7);
    const byHeader = await t.call<{ key: string; engine: string; engineName: string; aiRemaining: number; costPerUse: number }>(
      aiServiceCalls.getAiSession.path,
      {},
      { token: user.token },
    );
    expect(byHeader).toMatchObject({ resultCode: '200', data: { engine: 'builtin', engineName: '内置助手', aiRemaining: 7, costPerUse: 0 } });
    expect(byHeader.data.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const byCookie = await t.app.inject({ method: 'POST', url: `/api/${aiServiceCalls.getAiSession.path}`, payload: {}, cookies: { token: user.token } });
    expect((byCookie.json() as { data: { key: string } }).data.key).toBe(byHeader.data.key);
    const again = await loginNewUser(t);
    const otherKey = (await t.call<{ key: string }>(aiServiceCalls.getAiSession.path, {}, again.headers)).data.key;
    expect(otherKey).not.toBe(byHeader.data.key);
    expect((await t.call(aiServiceCalls.getAiSession.path, {})).resultCode).toBe('401');
  });

  it('names the model and its cost when one is configured', async () => {
    const model: AiModel = { name: 'qwen-plus', chat: async () => ({ text: '{}', usage: null }) };
    const withModel = await buildApp({ database: t.database, clientDir: '/nonexistent', jobs: 'manual', aiModel: model });
    await withModel.ready();
    try {
      const answer = await withModel.inject({ method: 'POST', url: `/api/${aiServiceCalls.getAiSession.path}`, payload: {}, headers: { token: user.token } });
      expect(answer.json()).toMatchObject({ resultCode: '200', data: { engine: 'model', engineName: 'qwen-plus', costPerUse: 1 } });
    } finally {
      await withModel.close();
    }
  });
});

describe(`the nonce store (${engineName()})`, () => {
  it('keeps a nonce twice the window, then lets it go', async () => {
    const [{ id }] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [user.phone]);
    const start = new Date(Date.now() + 3_600_000);
    expect(await takeNonce(t.database.query, 'Keep0000Keep0000', id!, start)).toBe(true);
    expect(await takeNonce(t.database.query, 'Keep0000Keep0000', id!, new Date(start.getTime() + NONCE_KEEP_MS - 1000))).toBe(false);
    await purgeNonces(t.database.query, new Date(start.getTime() + NONCE_KEEP_MS + 1000));
    expect(await takeNonce(t.database.query, 'Keep0000Keep0000', id!, new Date(start.getTime() + NONCE_KEEP_MS + 2000))).toBe(true);
  });
});
