import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWebhookItem } from '../../../schemas/api/webhooks';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../../schemas/webhooks/events';
import { batchedBallot } from '../../../server/services/vote/ballot-batch';
import { verifyWebhookSignature } from '../../../server/services/webhooks/sign';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { runningVote, vote } from '../../helpers/vote-fixtures';
import { startReceiver, type Receiver } from './receiver';

/**
 * A vote's webhooks (issue 53 item 3): the vote's owner saves them with voteId; each accepted ballot — taken alone
 * (wj_ballot) or in a batch (wj_ballots) — reaches the receiver once, signed, with the players and a voter key that is
 * not the voter's phone or device; a refused ballot sends nothing; nobody else reaches the vote's webhooks.
 */
let t: TestApp;
let batched: TestApp;
let owner: { headers: { token: string } };
const receivers: Receiver[] = [];
/** The batches wj_ballots took (-1: one failed and fell back to single ballots). */
const batches: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_HOSTS: ['127.0.0.1'] } as never, jobs: 'manual', webhookRunner: { backoffMs: 0, disabled: true } });
  batched = await siblingApp(t, {
    strategies: { ballot: batchedBallot({ maxInFlight: 1, onBatch: (size, error) => batches.push(error ? -1 : size) }) },
    env: { NODE_ENV: 'development' } as never,
    webhookRunner: { disabled: true },
  });
  owner = await loginNewUser(t, 4);
}, 60_000);
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await batched.close();
  await t.close();
});

async function drain() {
  while ((await t.app.webhookRunner.runOnce()) > 0);
}

async function voteWithHook(settings: Record<string, unknown> = {}) {
  const r = await startReceiver();
  receivers.push(r);
  const { voteId, playerIds } = await runningVote(t, owner.headers, { settings, players: ['张三', '李四'], title: '<p>最美教师评选</p>' });
  const saved = await t.call<TWebhookItem>('activity/question/webhook/saveWebhook', { voteId, url: r.url, events: ['ballot.cast'] }, owner.headers);
  expect(saved.resultCode, saved.resultMsg).toBe('200');
  return { r, voteId, playerIds: playerIds as [string, string], hook: saved.data };
}

interface BallotBody {
  type: string;
  eventId: string;
  vote: { voteId: string; title: string };
  data: { ballotId: string; players: { playerId: string; name: string; number: number }[]; votes: number; voter: string; time: string };
}

describe(`a vote's webhooks on ${engineName()}`, () => {
  it('each accepted ballot, alone or batched, reaches the receiver once, signed, naming the players but not the voter', async () => {
    const { r, voteId, playerIds, hook } = await voteWithHook({ votesPerVoter: 2, playersPerBallot: 2 });
    const [a, b] = playerIds;
    const cast = [
      await vote(t, voteId, [a, b], { deviceId: 'phone-of-amy', ballotId: 'ballot-amy-0001' }),
      await vote(batched, voteId, [b], { deviceId: 'phone-of-bob', ballotId: 'ballot-bob-0001' }),
      // The same ballot sent again (a weak network): one delivery.
      await vote(t, voteId, [b], { deviceId: 'phone-of-bob', ballotId: 'ballot-bob-0001' }),
    ];
    expect(cast.map((c) => c.resultCode)).toEqual(['200', '200', '200']);
    expect(batches).toEqual([1]);
    await drain();
    expect(r.received).toHaveLength(2);
    for (const { headers, body } of r.received) {
      expect(headers['wenjuan-event']).toBe('ballot.cast');
      expect(verifyWebhookSignature(hook.secret, String(headers['wenjuan-signature']), body, new Date(), WEBHOOK_TOLERANCE_SECONDS)).toEqual({ ok: true });
      expect(body).not.toMatch(/phone-of/);
    }
    const bodies = r.received.map((x) => JSON.parse(x.body) as BallotBody).sort((x, y) => x.eventId.localeCompare(y.eventId));
    expect(bodies[0]).toMatchObject({
      type: 'ballot.cast',
      eventId: 'ballot-amy-0001',
      vote: { voteId, title: '最美教师评选' },
      data: {
        ballotId: 'ballot-amy-0001',
        votes: 2,
        players: [
          { playerId: a, name: '张三', number: 1 },
          { playerId: b, name: '李四', number: 2 },
        ],
      },
    });
    expect(bodies[1]!.data).toMatchObject({ ballotId: 'ballot-bob-0001', votes: 1, players: [{ playerId: b, name: '李四', number: 2 }] });
    expect(bodies[0]!.data.voter).toMatch(/^v_[0-9a-f]{24}$/);
    expect(bodies[0]!.data.voter).not.toBe(bodies[1]!.data.voter);
    expect(Date.parse(bodies[0]!.data.time)).not.toBeNaN();
  });

  it("a ballot refused over the voter's limit sends nothing", async () => {
    const { r, voteId, playerIds } = await voteWithHook({ votesPerVoter: 1 });
    expect((await vote(t, voteId, [playerIds[0]], { deviceId: 'keen-voter-01' })).resultCode).toBe('200');
    const refused = [
      await vote(t, voteId, [playerIds[1]], { deviceId: 'keen-voter-01' }),
      await vote(batched, voteId, [playerIds[1]], { deviceId: 'keen-voter-01' }),
    ];
    expect(refused.map((c) => c.resultCode)).not.toContain('200');
    await drain();
    expect(r.received).toHaveLength(1);
    const [row] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN vote_activities v ON v.id = w.vote_id WHERE v.public_id = $1`,
      [voteId],
    );
    expect(row!.n).toBe(1);
  });

  it("the vote's owner manages its webhooks; a stranger cannot list, save or test them", async () => {
    const { voteId, hook } = await voteWithHook();
    const list = await t.call<{ list: TWebhookItem[] }>('activity/question/webhook/getWebhookList', { voteId }, owner.headers);
    expect(list.data.list.map((h) => h.webhookId)).toEqual([hook.webhookId]);
    const ping = await t.call<{ deliveryId: string }>('activity/question/webhook/sendTestEvent', { voteId, webhookId: hook.webhookId }, owner.headers);
    expect(ping.resultCode).toBe('200');
    const detail = await t.call<{ payload: { vote: { voteId: string } } }>(
      'activity/question/webhook/getDelivery',
      { voteId, deliveryId: ping.data.deliveryId },
      owner.headers,
    );
    expect(detail.data.payload.vote.voteId).toBe(voteId);
    // A vote's webhook hears ballots only.
    const sheet = await t.call('activity/question/webhook/saveWebhook', { voteId, url: 'http://127.0.0.1:9/x', events: ['sheet.accepted'] }, owner.headers);
    expect(sheet).toMatchObject({ resultCode: '400', resultMsg: '投票不会产生「收到答卷」事件' });

    const stranger = await loginNewUser(t);
    const calls: [string, Record<string, unknown>][] = [
      ['getWebhookList', { voteId }],
      ['saveWebhook', { voteId, url: 'https://example.com/steal', events: ['ballot.cast'] }],
      ['saveWebhook', { voteId, webhookId: hook.webhookId, url: 'https://example.com/steal', events: ['ballot.cast'] }],
      ['sendTestEvent', { voteId, webhookId: hook.webhookId }],
      ['getDelivery', { voteId, deliveryId: ping.data.deliveryId }],
      ['deleteWebhook', { voteId, webhookId: hook.webhookId }],
    ];
    for (const [call, body] of calls) {
      const res = await t.call(`activity/question/webhook/${call}`, body, stranger.headers);
      expect(res.resultCode, call).toBe('404');
    }
    expect((await t.call('activity/question/webhook/getWebhookList', { voteId })).resultCode).toBe('401');
    const still = await t.call<{ list: TWebhookItem[] }>('activity/question/webhook/getWebhookList', { voteId }, owner.headers);
    expect(still.data.list.map((h) => h.url)).toEqual([hook.url]);
  });

  it('a call naming neither a project nor a vote is refused with 400', async () => {
    for (const [call, body] of [
      ['getWebhookList', {}],
      ['saveWebhook', { url: 'https://example.com/hook', events: ['ballot.cast'] }],
      ['deleteWebhook', { webhookId: 'whatever' }],
    ] as const) {
      const res = await t.call(`activity/question/webhook/${call}`, body, owner.headers);
      expect(res.resultCode, call).toBe('400');
      expect(res.resultMsg).toContain('请选择项目或投票');
    }
  });
});
