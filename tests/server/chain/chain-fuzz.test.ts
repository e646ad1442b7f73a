import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainCalls, type TChainEntry } from '../../../schemas/api/chain';
import type { Contract } from '../../../schemas/api/contract';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { arbitraryOf } from '../../helpers/zod-arbitrary';
import { device, publishChain, S } from './chain-helpers';

/**
 * Every chain call with bodies drawn from its own request schema, aimed at a real published chain with entries
 * (so handlers run past validation, the lookup and the power check), as its owner and logged out, then with
 * one field broken at a time. Never a "500".
 */
let t: TestApp;
let ctx: { questionId: string; entryId: string; deviceId: string; headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  const { questionId, owner } = await publishChain(t, { cap: 2 });
  const deviceId = device();
  const joined = await t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId, name: '张三' });
  await t.call(`${S}joinChain`, { questionId, deviceId: device(), name: '李四' });
  ctx = { questionId, entryId: joined.data.entry.entryId, deviceId, headers: owner.headers };
}, 60_000);
afterAll(() => t.close());

const JUNK = [null, 1, -1, 1e12, 'x'.repeat(5_000), '', '\u0000', { a: 1 }, [1], true, '1e400', '2026-13-45', '0000-01-01', '+275760-09-13T00:00:00Z'];

async function expectNo500(path: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await t.call(path, body, headers);
  expect(answer.resultCode, `${path} ${JSON.stringify(body).slice(0, 200)} → ${answer.resultMsg}`).not.toBe('500');
  expect(typeof answer.resultMsg).toBe('string');
}

describe.each(Object.values(chainCalls).map((c) => [c.path, c] as [string, Contract]))('%s', (path, contract) => {
  it('answers drawn bodies aimed at a real chain without a "500"', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryOf(contract.request), fc.boolean(), async (drawn, asOwner) => {
        const body = { ...(drawn as object), questionId: ctx.questionId };
        if ('entryId' in body) Object.assign(body, { entryId: ctx.entryId });
        await expectNo500(path, body, asOwner ? ctx.headers : {});
      }),
      { numRuns: 15 },
    );
  });

  it('answers one broken field at a time with a clear refusal', async () => {
    const valid: Record<string, unknown> = {
      questionId: ctx.questionId,
      deviceId: ctx.deviceId,
      entryId: ctx.entryId,
      name: '张三',
      answer: '',
      people: 1,
      note: '公告',
      closed: false,
      reason: '重复',
      names: '张三',
      cap: 5,
    };
    const shape = (contract.request as unknown as { shape?: Record<string, unknown> }).shape ?? {};
    for (const field of Object.keys(shape)) {
      for (const value of JUNK) {
        await expectNo500(path, { ...valid, [field]: value }, ctx.headers);
      }
    }
  });
});
