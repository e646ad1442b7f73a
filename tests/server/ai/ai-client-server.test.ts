import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { TAiStreamEvent } from '../../../schemas/api/ai';
import { contract } from '../../../schemas/api/contract';
import { buildApp } from '../../../server/app';
import { defineAiCall } from '../../../server/http/define-ai-call';
import { aiCall, aiStream, forgetAiKey } from '../../../src/api/ai-client';
import { setApiHooks } from '../../../src/api/client';
import { markSession } from '../../../src/api/token';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * The page's AI client against the real server: the client (src/api/ai-client.ts) signs, the server
 * (define-ai-call.ts) checks, the login riding in its cookie as in a browser (the client never sees the token).
 */
const ECHO = contract({
  path: 'ai/test/echo',
  summary: 'echo',
  request: z.object({ text: z.string().max(100) }),
  response: z.object({ text: z.string(), userId: z.number() }),
  auth: 'required',
});

let t: TestApp;
let app: FastifyInstance;
/** The browser's cookie jar: the login token the server set. */
let cookie = '';
const onError = vi.fn();
const onUnauthorized = vi.fn();

/** fetch as a browser on the app's origin: relative URLs, the cookie added, the answer as a Response. */
async function browserFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://wenjuan.test'), init);
  const url = new URL(request.url);
  const headers = Object.fromEntries(request.headers.entries());
  const response = await app.inject({
    method: request.method as 'POST',
    url: url.pathname,
    payload: await request.text(),
    headers: { ...headers, ...(cookie ? { cookie: `token=${cookie}` } : {}) },
  });
  return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers: response.headers as Record<string, string> });
}

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  app = await buildApp({ database: t.database, clientDir: '/nonexistent', jobs: 'manual' });
  defineAiCall(app, ECHO, async (body, { user, stream }) => {
    stream?.send({ type: 'delta', text: body.text });
    return { text: body.text, userId: user!.id };
  });
  await app.ready();
  vi.stubGlobal('fetch', browserFetch);
  // The page's origin, which the main client's addresses are made from.
  vi.stubGlobal('location', new URL('http://wenjuan.test/'));
  setApiHooks({ onError, onUnauthorized });
}, 60_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await app.close();
  await t.close();
});

describe(`the AI client against the server (${engineName()})`, () => {
  it('a call and a stream signed by the page are taken by the server, the login in its cookie', async () => {
    cookie = (await loginNewUser(t)).token;
    markSession();
    await expect(aiCall(ECHO, { text: '员工满意度' })).resolves.toMatchObject({ text: '员工满意度' });
    const events: TAiStreamEvent[] = [];
    await expect(aiStream(ECHO, { text: '流式' }, (e) => events.push(e))).resolves.toMatchObject({ text: '流式' });
    expect(events).toEqual([{ type: 'delta', text: '流式' }]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('after the login changed under it (another account in the same browser), one new key and the call goes through', async () => {
    const before = (await aiCall(ECHO, { text: 'a' })).userId;
    cookie = (await loginNewUser(t)).token;
    const after = await aiCall(ECHO, { text: 'b' });
    expect(after.userId).not.toBe(before);
    expect(onError).not.toHaveBeenCalled();
  });

  it('logged out on the server: "401" reaches the logout hook', async () => {
    cookie = '';
    forgetAiKey();
    await expect(aiCall(ECHO, { text: 'c' })).rejects.toMatchObject({ resultCode: '401' });
    expect(onUnauthorized).toHaveBeenCalledWith('token失效');
  });
});
