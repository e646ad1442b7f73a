import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { creator, makeVote } from './vote-fixture';

let t: TestApp;
let owner: Awaited<ReturnType<typeof creator>>;
let fan: Awaited<ReturnType<typeof creator>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await creator(t);
  fan = await creator(t);
}, 60_000);
afterAll(() => t.close());

const V = 'activity/vote/';
const C = 'activity/collect/';
type Config = {
  open: boolean;
  closedReason: string | null;
  review: boolean;
  playerTypes: { typeId: number }[];
  mine: { signUpId: string; status: string; name: string }[];
};

describe('public sign-up of players', () => {
  it('is closed unless the creator opened it', async () => {
    const { voteId } = await makeVote(t, owner.id);
    expect((await t.call<Config>(`${V}getWxAppletVoteSignUp`, { voteId })).data).toMatchObject({ open: false, closedReason: '主办方未开放选手报名' });
    const refused = await t.call(`${V}saveOrUpdateSignUp`, { voteId, name: '小明', deviceId: 'dev-000001' });
    expect(refused.resultCode).toBe('409');
  });

  it('creates a numbered pending player the signer sees, can edit and withdraw; no votes reach it until approved', async () => {
    const { voteId, id, typeId } = await makeVote(t, owner.id, { settings: { signUp: true, signUpReview: true } });
    const config = await t.call<Config>(`${V}getWxAppletVoteSignUp`, { voteId });
    expect(config.data).toMatchObject({ open: true, review: true, playerTypes: [{ typeId }] });
    const saved = await t.call<{ signUpId: string; status: string }>(`${V}saveOrUpdateSignUp`, {
      voteId,
      name: '小明<script>x</script>',
      typeId,
      description: '三年级二班',
      deviceId: 'dev-000002',
    });
    expect(saved.resultCode).toBe('200');
    expect(saved.resultMsg).toContain('审核');
    expect(saved.data.status).toBe('pending');
    const [player] = await t.database.query<{ no: number; review: string; name: string }>(
      `SELECT p.no, p.review, p.name FROM vote_players p JOIN vote_sign_ups s ON s.player_id = p.id WHERE s.public_id = $1`,
      [saved.data.signUpId],
    );
    expect(player).toEqual({ no: 3, review: 'pending', name: '小明' });

    const mine = await t.call<Config>(`${V}getWxAppletVoteSignUp`, { voteId, deviceId: 'dev-000002' });
    expect(mine.data.mine).toEqual([expect.objectContaining({ signUpId: saved.data.signUpId, status: 'pending', name: '小明' })]);
    expect((await t.call<Config>(`${V}getWxAppletVoteSignUp`, { voteId, deviceId: 'dev-other' })).data.mine).toEqual([]);

    const edited = await t.call(`${V}saveOrUpdateSignUp`, { voteId, signUpId: saved.data.signUpId, name: '王小明', deviceId: 'dev-000002' });
    expect(edited.resultCode).toBe('200');
    expect((await t.call(`${V}saveOrUpdateSignUp`, { voteId, signUpId: saved.data.signUpId, name: '冒名', deviceId: 'dev-other1' })).resultCode).toBe('404');
    expect((await t.call(`${V}delSignUp`, { voteId, signUpId: saved.data.signUpId, deviceId: 'dev-other1' })).resultCode).toBe('404');

    // Approved (core's getPlayerVerify sets review): no longer the signer's to edit or withdraw.
    await t.database.query(`UPDATE vote_players SET review = 'approved' WHERE vote_id = $1 AND name = '王小明'`, [id]);
    expect((await t.call(`${V}delSignUp`, { voteId, signUpId: saved.data.signUpId, deviceId: 'dev-000002' })).resultCode).toBe('404');

    const second = await t.call<{ signUpId: string }>(`${V}saveOrUpdateSignUp`, { voteId, name: '小红', deviceId: 'dev-000002' });
    const withdrawn = await t.call(`${V}delSignUp`, { voteId, signUpId: second.data.signUpId, deviceId: 'dev-000002' });
    expect(withdrawn.resultCode).toBe('200');
    const [n] = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM vote_players WHERE vote_id = $1 AND name = '小红'`, [id]);
    expect(n!.n).toBe(0);
  });

  it('is approved at once when review is off, refuses a group of another vote, and is rate-limited per signer', async () => {
    const { voteId } = await makeVote(t, owner.id, { settings: { signUp: true, signUpReview: false } });
    const other = await makeVote(t, owner.id);
    expect((await t.call(`${V}saveOrUpdateSignUp`, { voteId, name: 'A', typeId: other.typeId, deviceId: 'dev-000003' })).resultCode).toBe('400');
    const codes: string[] = [];
    const statuses: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await t.call<{ status: string }>(`${V}saveOrUpdateSignUp`, { voteId, name: `选手${i}`, deviceId: 'dev-000003' }, fan.headers);
      codes.push(r.resultCode);
      if (r.resultCode === '200') statuses.push(r.data.status);
    }
    expect(codes).toEqual(['200', '200', '200', '429']);
    expect(statuses).toEqual(['approved', 'approved', 'approved']);
  });
});

describe('favourites', () => {
  it('collects a vote and a player once each, lists, pages and cancels them', async () => {
    const { voteId, players } = await makeVote(t, owner.id, { title: '社区好人评选' });
    expect((await t.call(`${C}getCollectionWhether`, { voteId }, fan.headers)).data).toEqual({ collected: false, collectionId: null });
    const results = await Promise.all([1, 2, 3].map(() => t.call<{ collected: boolean }>(`${C}getCollectionSetting`, { voteId }, fan.headers)));
    expect(results.every((r) => r.data.collected)).toBe(true);
    await t.call(`${C}getCollectionSetting`, { voteId, playerId: players[1] }, fan.headers);
    const list = await t.call<{ kind: string; voteTitle: string; playerName: string | null; cover: string | null }[]>(`${C}getCollectionList`, {}, fan.headers);
    expect(list.data).toEqual([
      expect.objectContaining({ kind: 'player', playerName: '选手2', cover: '/uploads/p2.jpg' }),
      expect.objectContaining({ kind: 'vote', voteTitle: '社区好人评选', cover: '/covers/vote-1.jpg' }),
    ]);
    const page = await t.call<{ list: unknown[]; total: number }>(`${C}getCollectionPage`, { kind: 'vote' }, fan.headers);
    expect(page.data.total).toBe(1);
    expect((await t.call<unknown[]>(`${C}getCollectionList`, {}, owner.headers)).data).toEqual([]);

    const cancelled = await t.call<{ cancelled: number }>(`${C}getCollectionCancel`, { voteId, playerId: players[1] }, fan.headers);
    expect(cancelled.data.cancelled).toBe(1);
    const off = await t.call(`${C}getCollectionSetting`, { voteId, collect: false }, fan.headers);
    expect(off.data).toEqual({ collected: false, collectionId: null });
    expect((await t.call<{ total: number }>(`${C}getCollectionPage`, {}, fan.headers)).data.total).toBe(0);
  });

  it('needs login, refuses another vote’s player, and hides favourites of votes in the bin', async () => {
    const { voteId, id, players } = await makeVote(t, owner.id);
    const other = await makeVote(t, owner.id);
    expect((await t.call(`${C}getCollectionSetting`, { voteId })).resultCode).toBe('401');
    expect((await t.call(`${C}getCollectionSetting`, { voteId, playerId: other.players[0] }, fan.headers)).resultCode).toBe('404');
    const c = await t.call<{ collectionId: string }>(`${C}getCollectionSetting`, { voteId, playerId: players[0] }, fan.headers);
    await t.database.query('UPDATE vote_activities SET deleted_at = now() WHERE id = $1', [id]);
    expect((await t.call<{ total: number }>(`${C}getCollectionPage`, {}, fan.headers)).data.total).toBe(0);
    const byId = await t.call<{ cancelled: number }>(`${C}getCollectionCancel`, { collectionIds: [c.data.collectionId] }, owner.headers);
    expect(byId.data.cancelled).toBe(0);
  });
});
