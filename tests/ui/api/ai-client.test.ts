import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_SIGN_MESSAGES, AI_NONCE_PATTERN, AI_SIGN_WINDOW_MS, aiSignature } from '../../../schemas/ai/signature';
import { aiCalls, type TAiStreamEvent } from '../../../schemas/api/ai';
import { aiCall, aiStream, forgetAiKey } from '../../../src/api/ai-client';
import { ApiError, setApiHooks } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';

/**
 * The AI client (spec §7 "AI", §8): every call signed with the session's key (asked once per login from
 * activity/ai/getAiSession), a new key asked once when the server no longer takes the old one, and the envelope
 * rules of §8 — against a fake server behind a stubbed fetch that checks the signature as the real one does.
 */

interface Received {
  path: string;
  body: string;
  headers: Record<string, string>;
}

/** A fake AI base: answers getAiSession with its current key and checks every AI call's signature against it. */
function fakeServer() {
  const state = {
    key: 'key-1',
    /** The server's clock minus the real one. */
    clockAhead: 0,
    sessions: 0,
    received: [] as Received[],
    /** What an AI call answers once its signature holds. */
    answer: (_r: Received): Response => json({ resultCode: '200', resultMsg: '成功', data: { ok: true } }),
    seen: new Set<string>(),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
    const url = new URL(request.url);
    const body = await request.text();
    if (url.pathname === '/api/activity/ai/getAiSession') {
      state.sessions += 1;
      return json({ resultCode: '200', resultMsg: '成功', data: { key: state.key, engine: 'builtin', engineName: '内置助手', aiRemaining: 3, costPerUse: 0 } });
    }
    const headers = Object.fromEntries(request.headers.entries());
    const received = { path: url.pathname, body, headers };
    state.received.push(received);
    const now = Date.now() + state.clockAhead;
    const date = { date: new Date(now).toUTCString() };
    if (Math.abs(Number(headers.timestamp) - now) > AI_SIGN_WINDOW_MS) return json({ resultCode: '400', resultMsg: AI_SIGN_MESSAGES.stale, data: null }, date);
    const expected = aiSignature(state.key, { method: 'POST', path: url.pathname, timestamp: headers.timestamp!, nonce: headers.nonce!, body });
    if (headers.signature !== expected) return json({ resultCode: '403', resultMsg: AI_SIGN_MESSAGES.badSignature, data: null }, date);
    if (state.seen.has(headers.nonce!)) return json({ resultCode: '409', resultMsg: AI_SIGN_MESSAGES.replay, data: null }, date);
    state.seen.add(headers.nonce!);
    return state.answer(received);
  });
  return { state, fetchMock };
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

const prompt = { prompt: '员工满意度调查，10题左右' };

describe('AI client: signed calls', () => {
  let server: ReturnType<typeof fakeServer>;
  const onUnauthorized = vi.fn();
  const onError = vi.fn();

  beforeEach(() => {
    server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    onUnauthorized.mockReset();
    onError.mockReset();
    setApiHooks({ onUnauthorized, onError });
    markSession();
    forgetAiKey();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetSession();
  });

  it('signs each call with the session key, asked once, over the route path and the exact body sent', async () => {
    await expect(aiCall(aiCalls.questionType, prompt)).resolves.toEqual({ ok: true });
    await expect(aiCall(aiCalls.examType, prompt)).resolves.toEqual({ ok: true });
    expect(server.state.sessions).toBe(1);
    const [first, second] = server.state.received;
    expect(first!.path).toBe('/api/ai/question/ai_question_type');
    expect(JSON.parse(first!.body)).toEqual(prompt);
    expect(first!.headers.nonce).toMatch(AI_NONCE_PATTERN);
    expect(first!.headers.nonce).not.toBe(second!.headers.nonce);
    expect(Math.abs(Number(first!.headers.timestamp) - Date.now())).toBeLessThan(60_000);
    // The login token stays in its HttpOnly cookie: the page never sends it as a header.
    expect(first!.headers.token).toBeUndefined();
    expect(onError).not.toHaveBeenCalled();
  });

  it('asks for a new key once when the server no longer takes the old one, then the call goes through', async () => {
    await aiCall(aiCalls.questionType, prompt);
    server.state.key = 'key-2';
    await expect(aiCall(aiCalls.questionType, prompt)).resolves.toEqual({ ok: true });
    expect(server.state.sessions).toBe(2);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a signature still refused after one new key is shown and rejected, not retried for ever', async () => {
    server.fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
      if (request.url.endsWith('getAiSession'))
        return json({ resultCode: '200', resultMsg: '', data: { key: 'stale', engine: 'builtin', engineName: '', aiRemaining: 0, costPerUse: 0 } });
      return json({ resultCode: '403', resultMsg: AI_SIGN_MESSAGES.badSignature, data: null });
    });
    await expect(aiCall(aiCalls.questionType, prompt)).rejects.toMatchObject({ resultCode: '403', message: '签名校验失败' });
    expect(server.fetchMock).toHaveBeenCalledTimes(4);
    expect(onError).toHaveBeenCalledWith('签名校验失败', '403');
  });

  it("signs by the server's clock when this device's clock is off", async () => {
    server.state.clockAhead = 30 * 60_000;
    await expect(aiCall(aiCalls.questionType, prompt)).resolves.toEqual({ ok: true });
    expect(server.state.received).toHaveLength(2);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a new login (or a logout) asks for a new key', async () => {
    await aiCall(aiCalls.questionType, prompt);
    forgetSession();
    markSession();
    await aiCall(aiCalls.questionType, prompt);
    expect(server.state.sessions).toBe(2);
  });

  it('"401" logs out with the message (or token失效) and forgets the key', async () => {
    server.state.answer = () => json({ resultCode: '401', resultMsg: '', data: null });
    const failure = aiCall(aiCalls.questionType, prompt);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ resultCode: '401', message: 'token失效' });
    expect(onUnauthorized).toHaveBeenCalledWith('token失效');
    server.state.answer = () => json({ resultCode: '200', resultMsg: '', data: { ok: true } });
    await aiCall(aiCalls.questionType, prompt);
    expect(server.state.sessions).toBe(2);
  });

  it('no login when the key is asked: "401" from getAiSession logs out once, no AI call is sent', async () => {
    server.fetchMock.mockImplementation(async () => json({ resultCode: '401', resultMsg: '登录已过期', data: null }));
    await expect(aiCall(aiCalls.questionType, prompt)).rejects.toMatchObject({ resultCode: '401' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('登录已过期');
    expect(server.state.received).toHaveLength(0);
  });

  it('another refusal shows its message, or 系统处理出错 without one; quiet leaves it to the page', async () => {
    server.state.answer = () => json({ resultCode: '409', resultMsg: 'AI 次数不足，请购买', data: null });
    await expect(aiCall(aiCalls.questionType, prompt)).rejects.toMatchObject({ resultCode: '409', message: 'AI 次数不足，请购买' });
    expect(onError).toHaveBeenLastCalledWith('AI 次数不足，请购买', '409');
    server.state.answer = () => json({ resultCode: '502', resultMsg: '', data: null });
    await expect(aiCall(aiCalls.questionType, prompt)).rejects.toMatchObject({ message: '系统处理出错' });
    expect(onError).toHaveBeenLastCalledWith('系统处理出错', '502');
    onError.mockReset();
    await expect(aiCall(aiCalls.questionType, prompt, { quiet: true })).rejects.toMatchObject({ resultCode: '502' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('a network failure is 系统处理出错', async () => {
    await aiCall(aiCalls.questionType, prompt);
    server.fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(aiCall(aiCalls.questionType, prompt)).rejects.toMatchObject({ resultCode: '500', message: '系统处理出错' });
    expect(onError).toHaveBeenCalledWith('系统处理出错', '500');
  });

  it('a stream is signed too: its events arrive in order and its end envelope is the answer', async () => {
    const events: TAiStreamEvent[] = [
      { type: 'start', engine: 'builtin', engineName: '内置助手' },
      { type: 'title', title: '员工满意度调查', subtitle: '' },
      { type: 'delta', text: '正在生成' },
    ];
    server.state.answer = () =>
      new Response(
        [...events, { type: 'end', envelope: { resultCode: '200', resultMsg: '成功', data: { generationId: 'g1' } } }]
          .map((e) => `data: ${JSON.stringify(e)}\n\n`)
          .join(': ping\n\n'),
        { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
      );
    const got: TAiStreamEvent[] = [];
    await expect(aiStream(aiCalls.questionType, prompt, (e) => got.push(e))).resolves.toEqual({ generationId: 'g1' });
    expect(got).toEqual(events);
    expect(server.state.received[0]!.headers.accept).toBe('text/event-stream');
  });

  it('a stream refused before it began (a new key needed) is mended the same way', async () => {
    await aiCall(aiCalls.questionType, prompt);
    server.state.key = 'key-3';
    server.state.answer = () =>
      new Response(`data: ${JSON.stringify({ type: 'end', envelope: { resultCode: '200', resultMsg: '', data: 1 } })}\n\n`, {
        headers: { 'content-type': 'text/event-stream' },
      });
    await expect(aiStream(aiCalls.questionType, prompt, () => {})).resolves.toBe(1);
    expect(server.state.sessions).toBe(2);
  });
});
