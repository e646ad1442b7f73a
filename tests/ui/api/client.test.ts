import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { questionCalls } from '../../../schemas/api/question';
import { userCalls } from '../../../schemas/api/user';
import { ApiError, call, setApiHooks } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';

/** Spec §8: the main client's envelope rules, against a stubbed fetch. */
const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('api client envelope', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();
  const onError = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    onError.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setApiHooks({ onUnauthorized, onError });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    forgetSession();
  });

  it('"200" resolves with data and posts JSON to the brand api base; the token rides in its HttpOnly cookie, no script reads it', async () => {
    markSession();
    let seen: { method: string; url: string; token: string | null; credentials: string; body: unknown } | undefined;
    fetchMock.mockImplementationOnce(async (input) => {
      const request = input as Request;
      seen = {
        method: request.method,
        url: request.url,
        token: request.headers.get('token'),
        credentials: request.credentials,
        body: await request.clone().json(),
      };
      return reply({ resultCode: '200', resultMsg: '成功', data: { n: 1 } });
    });

    await expect(call(userCalls.info, { a: 1 })).resolves.toEqual({ n: 1 });

    expect(seen).toEqual({ method: 'POST', url: `${location.origin}/api/activity/user/info`, token: null, credentials: 'same-origin', body: { a: 1 } });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('"401" calls the unauthorized hook with the message and rejects', async () => {
    fetchMock.mockResolvedValueOnce(reply({ resultCode: '401', resultMsg: '登录已过期', data: null }));

    const failure = call(userCalls.info, {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ resultCode: '401', message: '登录已过期' });
    expect(onUnauthorized).toHaveBeenCalledWith('登录已过期');
    expect(onError).not.toHaveBeenCalled();
  });

  it('"401" without a message falls back to token失效', async () => {
    fetchMock.mockResolvedValueOnce(reply({ resultCode: '401', resultMsg: '', data: null }));

    await expect(call(userCalls.info, {})).rejects.toMatchObject({ resultCode: '401', message: 'token失效' });
    expect(onUnauthorized).toHaveBeenCalledWith('token失效');
  });

  it.each(['400', '403', '404', '409', '429', '500'])('"%s" shows the message and rejects', async (code) => {
    fetchMock.mockResolvedValueOnce(reply({ resultCode: code, resultMsg: `错误${code}`, data: { field: 'x' } }));

    await expect(call(questionCalls.getWxQuestion, { questionId: 'q-00000001' })).rejects.toMatchObject({ resultCode: code, message: `错误${code}` });
    expect(onError).toHaveBeenCalledWith(`错误${code}`, code);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('another code without a message falls back to 系统处理出错', async () => {
    fetchMock.mockResolvedValueOnce(reply({ resultCode: '500', resultMsg: '', data: null }));

    await expect(call(questionCalls.getWxQuestion, { questionId: 'q-00000001' })).rejects.toMatchObject({ message: '系统处理出错' });
    expect(onError).toHaveBeenCalledWith('系统处理出错', '500');
  });

  it('a network failure shows 系统处理出错 and rejects', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await expect(call(userCalls.info, {})).rejects.toMatchObject({ message: '系统处理出错' });
    expect(onError).toHaveBeenCalledWith('系统处理出错', '500');
  });
});
