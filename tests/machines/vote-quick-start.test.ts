import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { playerPlan, playersProblem, VOTE_RULES } from '../../machines/vote-quick-start/vote-quick-start.operations';
import { voteQuickStartMachine } from '../../machines/vote-quick-start/vote-quick-start.machine';
import { selectLimitDialog, selectPublished, selectScreen } from '../../machines/vote-quick-start/vote-quick-start.selectors';
import type { TCreatedVote, TQuickPlayer, TSavedPlayer, TSavePlayersInput, TVoteBasics } from '../../machines/vote-quick-start/vote-quick-start.types';

const BASICS: TVoteBasics = { title: '最佳班级评选', description: '', startTime: null, endTime: null, rule: 'daily1' };
const PLAYERS: TQuickPlayer[] = [
  { key: 'a', name: '一班', photo: '/uploads/a.png' },
  { key: 'b', name: '二班', photo: '' },
  { key: 'c', name: '三班', photo: '' },
];
const FREE = { questionCount: 3, maxNumber: 20, memberLevel: 1, levelName: '免费版', subjectLimit: 200 };

/** A fake server: votes and their players as saveOrUpdateVote / the player calls would leave them. */
function harness(options: { failAfterAdding?: number; used?: number } = {}) {
  const calls: string[] = [];
  const votes = new Map<string, TSavedPlayer[]>();
  let failAfter = options.failAfterAdding ?? Infinity;
  const logic = voteQuickStartMachine.provide({
    actors: {
      checkCount: fromPromise(async () => ({ ...FREE, questionCount: options.used ?? 3 })),
      create: fromPromise(async ({ input }: { input: TVoteBasics }): Promise<TCreatedVote> => {
        const voteId = `v_${votes.size + 1}`;
        votes.set(voteId, []);
        calls.push(`create ${input.title}`);
        return { voteId, isCreate: 1 };
      }),
      // As the page's actor: read what is saved, then apply the plan, one add at a time (a failure may come half-way).
      savePlayers: fromPromise(async ({ input }: { input: TSavePlayersInput }) => {
        const saved = votes.get(input.voteId)!;
        const plan = playerPlan(input.players, saved);
        votes.set(
          input.voteId,
          saved.filter((p) => !plan.remove.includes(p.playerId)),
        );
        for (const row of plan.add) {
          // One failure only, after `failAfterAdding` additions.
          if (failAfter-- === 0) throw new Error('网络不稳定，请重试');
          votes.get(input.voteId)!.push({ playerId: `p_${row.name}`, ...row });
        }
        calls.push(
          `players ${votes
            .get(input.voteId)!
            .map((p) => p.name)
            .join(',')}`,
        );
      }),
      publish: fromPromise(async ({ input }: { input: string }) => {
        calls.push(`publish ${input}`);
      }),
    },
  });
  return { actor: createActor(logic).start(), calls, votes };
}

describe('vote quick start (issue 47 item 5)', () => {
  it('goes from the basics to the players, then creates, adds the players and publishes one vote', async () => {
    const { actor, calls, votes } = harness();
    actor.send({ type: 'basics.next', basics: BASICS });
    expect(selectScreen(actor.getSnapshot())).toBe('players');
    actor.send({ type: 'vote.publish', players: PLAYERS });
    await waitFor(actor, selectPublished);
    expect(calls).toEqual(['create 最佳班级评选', 'players 一班,二班,三班', 'publish v_1']);
    expect(votes.get('v_1')!.map((p) => p.photo)).toEqual(['/uploads/a.png', '', '']);
  });

  it('refuses bad basics and players with the message the screen shows, calling nothing', () => {
    const { actor, calls } = harness();
    actor.send({ type: 'basics.next', basics: { ...BASICS, title: ' ' } });
    expect(actor.getSnapshot().context.error).toBe('请填写投票标题');
    actor.send({ type: 'basics.next', basics: { ...BASICS, endTime: '2000-01-01T00:00:00.000Z' } });
    expect(actor.getSnapshot().context.error).toBe('结束时间要晚于现在');
    const later = Date.now() + 86_400_000;
    actor.send({ type: 'basics.next', basics: { ...BASICS, startTime: new Date(later + 3_600_000).toISOString(), endTime: new Date(later).toISOString() } });
    expect(actor.getSnapshot().context.error).toBe('结束时间须晚于开始时间');
    expect(selectScreen(actor.getSnapshot())).toBe('basics');
    actor.send({ type: 'basics.next', basics: BASICS });
    actor.send({ type: 'vote.publish', players: PLAYERS.slice(0, 1) });
    expect(actor.getSnapshot().context.error).toBe('至少添加2位选手');
    actor.send({ type: 'vote.publish', players: [...PLAYERS, { key: 'd', name: '一班 ', photo: '' }] });
    expect(actor.getSnapshot().context.error).toBe('选手名称重复：一班');
    actor.send({ type: 'vote.publish', players: [...PLAYERS, { key: 'e', name: '', photo: '' }] });
    expect(actor.getSnapshot().context.error).toBe('请填写每位选手的名称，或删掉空行');
    expect(calls).toEqual([]);
  });

  it('after a failure half-way through the players, 发布 again adds only the missing ones to the same vote', async () => {
    const { actor, calls, votes } = harness({ failAfterAdding: 1 });
    actor.send({ type: 'basics.next', basics: BASICS });
    actor.send({ type: 'vote.publish', players: PLAYERS });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('网络不稳定，请重试');
    expect(votes.get('v_1')!.map((p) => p.name)).toEqual(['一班']);
    // The organiser removes 三班 meanwhile and publishes again.
    actor.send({ type: 'vote.publish', players: PLAYERS.slice(0, 2) });
    await waitFor(actor, selectPublished);
    expect(votes.size).toBe(1);
    expect(votes.get('v_1')!.map((p) => p.name)).toEqual(['一班', '二班']);
    expect(calls).toEqual(['create 最佳班级评选', 'players 一班,二班', 'publish v_1']);
  });

  it('keeps the created basics when the organiser goes back after a failure', async () => {
    const { actor } = harness({ failAfterAdding: 0 });
    actor.send({ type: 'basics.next', basics: BASICS });
    actor.send({ type: 'vote.publish', players: PLAYERS });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'basics.back' });
    actor.send({ type: 'basics.next', basics: { ...BASICS, title: '改过的标题' } });
    expect(actor.getSnapshot().context.basics!.title).toBe('最佳班级评选');
    expect(selectScreen(actor.getSnapshot())).toBe('players');
  });

  it('today’s creations used up: the limit dialog names the level, and nothing is created', async () => {
    const { actor, calls } = harness({ used: 20 });
    actor.send({ type: 'basics.next', basics: BASICS });
    actor.send({ type: 'vote.publish', players: PLAYERS });
    await waitFor(actor, (snapshot) => snapshot.matches('dailyLimit'));
    expect(selectLimitDialog(actor.getSnapshot())).toEqual({ kind: 'daily', levelName: '免费版', maxNumber: 20, memberLevel: 1 });
    actor.send({ type: 'dialog.dismiss' });
    expect(selectScreen(actor.getSnapshot())).toBe('players');
    expect(calls).toEqual([]);
  });
});

describe('the quick screen’s rules and players', () => {
  it('stores each choice as the vote rules the ballot reads', () => {
    expect(VOTE_RULES.once.settings).toMatchObject({ limitScope: 'activity', votesPerVoter: 1 });
    expect(VOTE_RULES.daily3.settings).toMatchObject({ limitScope: 'day', votesPerVoter: 3, perPlayerPerDay: 1 });
  });

  it('plans removals, photo changes and additions against what is saved', () => {
    const saved: TSavedPlayer[] = [
      { playerId: 'p1', name: '一班', photo: '' },
      { playerId: 'p9', name: '九班', photo: '' },
    ];
    expect(playerPlan(PLAYERS, saved)).toEqual({
      remove: ['p9'],
      update: [{ playerId: 'p1', name: '一班', photo: '/uploads/a.png' }],
      add: [
        { name: '二班', photo: '' },
        { name: '三班', photo: '' },
      ],
    });
    expect(playersProblem(PLAYERS)).toBeNull();
  });
});
