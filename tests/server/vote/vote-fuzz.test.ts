import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voteCalls } from '../../../schemas/api/vote';
import { playerCalls } from '../../../schemas/api/vote-player';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { runningVote } from '../../helpers/vote-fixtures';
import { arbitraryOf } from '../../helpers/zod-arbitrary';

/**
 * Every vote and player call fuzzed from its own request schema: bodies built by the schema, with the real
 * voteId and player ids put in half of the time (so handlers run past the power check), sent by the owner, a
 * stranger and no one; and junk bodies. Never a "500".
 */
let t: TestApp;
let owner: { headers: { token: string } };
let stranger: { headers: { token: string } };
let ids: { voteId: string; playerIds: string[] };

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
  stranger = await loginNewUser(t, 4);
  ids = await runningVote(t, owner.headers, { settings: { votesPerVoter: 1_000, perPlayerPerDay: null, playersPerBallot: 3 } });
}, 60_000);
afterAll(() => t.close());

function withRealIds(body: unknown, real: boolean): unknown {
  if (!real || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = { ...(body as Record<string, unknown>) };
  if ('voteId' in b) b.voteId = ids.voteId;
  if ('playerId' in b) b.playerId = ids.playerIds[1];
  if (Array.isArray(b.playerIds)) b.playerIds = ids.playerIds.slice(0, Math.max(1, Math.min(3, b.playerIds.length)));
  return b;
}

const CALLS = { ...voteCalls, ...playerCalls };

describe('vote calls never answer 500', () => {
  for (const [name, c] of Object.entries(CALLS))
    it(
      name,
      async () => {
        // Calls that end the fixture (bin, purge, clear) run last in their own vote: the rest keep a whole context.
        await t.database.query('DELETE FROM daily_creations');
        const samples = fc.sample(fc.tuple(arbitraryOf(c.request), fc.boolean(), fc.constantFrom('owner', 'stranger', 'none'), fc.anything()), {
          numRuns: 12,
          seed: 19,
        });
        for (const [body, real, who, junk] of samples) {
          const headers = who === 'owner' ? owner.headers : who === 'stranger' ? stranger.headers : {};
          for (const sent of [withRealIds(body, real), junk]) {
            const answer = await t.call(c.path, sent, headers);
            expect(answer.resultCode, `${c.path} ${String(JSON.stringify(sent)).slice(0, 300)} → ${answer.resultMsg}`).not.toBe('500');
          }
        }
        // Keep the fixture usable for the next call.
        await t.database.query(`UPDATE vote_activities SET deleted_at = NULL, status = 'running' WHERE public_id = $1`, [ids.voteId]);
        const left = await t.database.query(
          'SELECT p.public_id FROM vote_players p JOIN vote_activities v ON v.id = p.vote_id WHERE v.public_id = $1 ORDER BY p.no',
          [ids.voteId],
        );
        if (left.length < 3) ids = await runningVote(t, owner.headers, { settings: { votesPerVoter: 1_000, perPlayerPerDay: null, playersPerBallot: 3 } });
      },
      60_000,
    );
});
