import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../../schemas/api/contract';
import { voteCollectCalls, voteDownloadCalls, voteExtraCalls, voteTemplateCalls, voteWhiteCalls } from '../../../schemas/api/vote-extras';
import { seedVoteTemplates } from '../../../server/services/vote-extras/vote-templates.service';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { arbitraryOf } from '../../helpers/zod-arbitrary';
import { creator, makeVote } from './vote-fixture';

/**
 * Every call of the vote extras with bodies drawn from its own request schema: near-valid ones naming a real vote,
 * player, group and template (so handlers run past validation and the guard), the same with one field replaced by
 * junk, and anything at all — as the owner, a stranger and nobody. Never a "500", never a stack trace.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof creator>>;
let stranger: Awaited<ReturnType<typeof creator>>;
let known: Record<string, unknown>;

const CALLS: Contract[] = [voteWhiteCalls, voteExtraCalls, voteCollectCalls, voteDownloadCalls, voteTemplateCalls].flatMap((g) => Object.values<Contract>(g));
const STACK = /\bat \S+ \(|node_modules|\.ts:\d+|\.js:\d+|Error:|\n {4}at /;

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  await seedVoteTemplates(t.database);
  owner = await creator(t);
  stranger = await creator(t);
  await t.database.query('UPDATE users SET member_level = 4 WHERE id = $1', [owner.id]);
  const vote = await makeVote(t, owner.id, { settings: { comments: true, signUp: true, identity: 'sms' } });
  const [template] = await t.database.query<{ public_id: string }>(
    'SELECT v.public_id FROM vote_templates t JOIN vote_activities v ON v.id = t.vote_id LIMIT 1',
  );
  known = {
    voteId: vote.voteId,
    playerId: vote.players[0],
    typeId: vote.typeId,
    templateId: template!.public_id,
    caseId: 'school-teacher',
    deviceId: 'fuzz-device-1',
  };
}, 60_000);
afterAll(() => t.close());

function realistic(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...body };
  for (const [key, value] of Object.entries(known)) if (key in out) out[key] = value;
  return out;
}

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('\u0000', '\ud800', '<script>alert(1)</script>', "'; DROP TABLE users; --", 'x'.repeat(70_000), '１３８００１３８０００'),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

const seen = new Map<string, Set<string>>();

async function send(path: string, payload: unknown, headers: Record<string, string>) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: JSON.stringify(payload) ?? 'null',
    headers: { 'content-type': 'application/json', ...headers },
  });
  const shown = `${path} ${JSON.stringify(payload)?.slice(0, 300)}`;
  expect(response.statusCode, shown).toBe(200);
  expect(response.body, shown).not.toMatch(STACK);
  const envelope = response.json() as { resultCode: string; resultMsg: string };
  expect(envelope.resultCode, `${shown} → ${envelope.resultMsg}`).not.toBe('500');
  if (!seen.has(path)) seen.set(path, new Set());
  seen.get(path)!.add(envelope.resultCode);
}

describe(`vote extras fuzz, bodies from each call's own schema (${engineName()})`, () => {
  it('never answers "500" or leaks a stack trace; most calls succeed with near-valid bodies', async () => {
    for (const call of CALLS) {
      const shaped = arbitraryOf(call.request);
      const who = fc.constantFrom<Record<string, string>>({ token: owner.token }, { token: owner.token }, { token: stranger.token }, {});
      await fc.assert(
        fc.asyncProperty(shaped, async (body) => send(call.path, realistic(body), { token: owner.token })),
        { numRuns: 6 },
      );
      await fc.assert(
        fc.asyncProperty(shaped, fc.nat(), junk, who, async (body, seed, value, headers) => {
          const b = realistic(body);
          if (b && typeof b === 'object' && !Array.isArray(b)) {
            const keys = Object.keys(b);
            if (keys.length) (b as Record<string, unknown>)[keys[seed % keys.length]!] = value;
          }
          await send(call.path, b, headers);
        }),
        { numRuns: 10 },
      );
      await fc.assert(
        fc.asyncProperty(junk, who, async (body, headers) => send(call.path, body, headers)),
        { numRuns: 3 },
      );
    }
    const succeeded = [...seen.entries()].filter(([, s]) => s.has('200')).map(([p]) => p);
    expect(
      succeeded.length / CALLS.length,
      `no success: ${CALLS.map((c) => c.path)
        .filter((p) => !succeeded.includes(p))
        .join(', ')}`,
    ).toBeGreaterThan(0.7);
  }, 240_000);
});
