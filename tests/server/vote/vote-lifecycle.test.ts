import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { voteActivityMachine } from '../../../machines/vote-activity/vote-activity.machine';
import { VOTE_LIFECYCLE_EVENTS, VOTE_STATUSES, canTake, type TVoteLifecycleEvent, type TVoteStatus } from '../../../schemas/vote/vote-lifecycle';
import type { AuthUser } from '../../../server/services/access/sessions.service';
import { binVote, purgeVotes, takeStatusEvent } from '../../../server/services/vote/vote-lifecycle.service';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { draftVote } from '../../helpers/vote-fixtures';

/** Every (status, in bin) × event: the server refuses exactly what the machine cannot take. */
let t: TestApp;
let owner: { headers: { token: string }; phone: string };
let user: AuthUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
  const [row] = await t.database.query<{ id: number; public_id: string; username: string }>('SELECT id, public_id, username FROM users WHERE phone = $1', [
    owner.phone,
  ]);
  user = { id: row!.id, publicId: row!.public_id, phone: owner.phone, username: row!.username, memberLevel: 4, tokenHash: '', apiToken: null };
}, 60_000);
afterAll(() => t.close());

function machineCan(status: TVoteStatus, inBin: boolean, event: TVoteLifecycleEvent): boolean {
  const actor = createActor(voteActivityMachine).start();
  const path: TVoteLifecycleEvent[] = {
    draft: [],
    running: ['vote.publish'],
    suspended: ['vote.publish', 'vote.suspend'],
    ended: ['vote.publish', 'vote.end'],
  }[status] as TVoteLifecycleEvent[];
  for (const e of [...path, ...(inBin ? (['vote.delete'] as const) : [])]) actor.send({ type: e });
  expect(actor.getSnapshot().value).toEqual(inBin ? 'bin' : { live: status });
  const can = actor.getSnapshot().can({ type: event });
  actor.stop();
  return can;
}

async function serverTakes(status: TVoteStatus, inBin: boolean, event: TVoteLifecycleEvent): Promise<boolean> {
  const voteId = await draftVote(t, owner.headers);
  const [row] = await t.database.query<{ id: number }>(
    `UPDATE vote_activities SET status = $2, deleted_at = ${inBin ? 'now()' : 'NULL'} WHERE public_id = $1 RETURNING id`,
    [voteId, status],
  );
  const run = () => {
    if (event === 'vote.delete' || event === 'vote.restore') return binVote(t.database, user, voteId, event === 'vote.restore');
    if (event === 'vote.purge') return purgeVotes(t.database, user, { voteId });
    return takeStatusEvent(t.database.query, row!.id, event);
  };
  return run().then(
    () => true,
    (error: { resultCode?: string }) => {
      expect(error.resultCode).toBe('409');
      return false;
    },
  );
}

describe('the vote lifecycle: one table for the server and the machine', () => {
  for (const status of VOTE_STATUSES)
    for (const inBin of [false, true])
      it(`${status}${inBin ? ' in the bin' : ''}`, async () => {
        await t.database.query('DELETE FROM daily_creations');
        for (const event of VOTE_LIFECYCLE_EVENTS) {
          const machine = machineCan(status, inBin, event);
          expect(machine, `${event}: machine vs table`).toBe(canTake(status, inBin, event));
          expect(await serverTakes(status, inBin, event), `${event}: server vs machine`).toBe(machine);
        }
      });

  it('restoring from the bin returns to the status it had', () => {
    const actor = createActor(voteActivityMachine).start();
    for (const type of ['vote.publish', 'vote.suspend', 'vote.delete', 'vote.restore'] as const) actor.send({ type });
    expect(actor.getSnapshot().value).toEqual({ live: 'suspended' });
  });
});
