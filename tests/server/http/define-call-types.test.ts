import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, ZNoFields } from '../../../schemas/api/contract';
import { userCalls } from '../../../schemas/api/user';
import { defineCall } from '../../../server/http/define-call';

// defineCall checks a handler's answer against its contract's response schema at compile time (npm run
// typecheck covers this file): each @ts-expect-error below must stay an error, or the typecheck fails.
const registered: string[] = [];
const fakeApp = { calls: [] as unknown[], post: (url: string) => registered.push(url) } as unknown as FastifyInstance;

describe('defineCall: the handler answers what the contract says', () => {
  it('accepts a handler whose answer is the response schema', () => {
    defineCall(fakeApp, userCalls.showLoginQr, async () => ({ qrId: 'q', pollSecret: 's', qrContent: 'c', expiresIn: 120 }));
    expect(registered).toEqual(['/api/activity/user/showLoginQr']);
  });

  it('refuses, at compile time, an answer missing a field, of the wrong type, or data where null is due', () => {
    // @ts-expect-error pollSecret, qrContent and expiresIn are missing
    defineCall(fakeApp, userCalls.showLoginQr, async () => ({ qrId: 'q' }));
    // @ts-expect-error expiresIn is a number
    defineCall(fakeApp, userCalls.showLoginQr, async () => ({ qrId: 'q', pollSecret: 's', qrContent: 'c', expiresIn: '120' }));
    // @ts-expect-error logout answers null
    defineCall(fakeApp, userCalls.logout, async () => ({ ok: true }));
    const listCall = contract({ path: 'test/list', request: ZNoFields, response: z.array(z.object({ id: z.string() })), auth: 'optional' });
    // @ts-expect-error a row without its id
    defineCall(fakeApp, listCall, async () => [{ name: 'x' }]);
    expect(registered.length).toBeGreaterThan(1);
  });

  it('types the body from the request schema', () => {
    defineCall(fakeApp, userCalls.login, async (body) => {
      // @ts-expect-error the login body has no password
      void body.password;
      return { token: body.phone + body.code, userInfo: null as never };
    });
    expect(registered).toContain('/api/activity/user/login');
  });
});
