import { dailyCountCheckState } from '../creation/creation.limit-dialog';
import { assign, setup } from 'xstate';
import type { TQuestionCount } from '../../schemas/api/question';
import { dailyLimitReached } from '../creation/creation.operations';
import { supplied } from '../shared/actors';
import { messageOf } from '../shared/error-message';
import { failTo } from '../shared/transitions';
import { basicsProblem, playersProblem } from './vote-quick-start.operations';
import type { TCreatedVote, TSavePlayersInput, TVoteBasics, TVoteQuickStartContext, TVoteQuickStartEvent } from './vote-quick-start.types';

/** 下一步 on screen 1: a bad draft stays with its message; once the vote exists its basics are kept as created. */
const next = [
  { guard: 'basicsInvalid' as const, actions: 'setBasicsProblem' as const },
  { guard: 'created' as const, target: 'players', actions: 'clearError' as const },
  { target: 'players', actions: 'setBasics' as const },
];
/** 发布投票 on screen 2: a failure after creation carries on with the same vote, never a second one. */
const publish = [
  { guard: 'playersInvalid' as const, actions: 'setPlayersProblem' as const },
  { guard: 'created' as const, target: 'savingPlayers', actions: 'setPlayers' as const },
  { target: 'checking', actions: 'setPlayers' as const },
];
const onPlayers = { 'basics.back': { target: 'basics', actions: 'clearError' as const }, 'vote.publish': publish };

/**
 * A vote started from a phone in two screens (issue 47 item 5): basics and a votes-per-person rule, then the players;
 * 发布投票 checks today's creations (getQuestionCount, the limit dialog as on the create pages), creates the vote
 * (saveOrUpdateVote), makes its players what the screen shows (savePlayers) and publishes it (getVoteSuspendOrStart).
 */
export const voteQuickStartMachine = setup({
  types: { context: {} as TVoteQuickStartContext, events: {} as TVoteQuickStartEvent },
  actors: {
    /** activity/question/getQuestionCount: today's creations and the level's limits. */
    checkCount: supplied<TQuestionCount>('checkCount'),
    /** activity/vote/saveOrUpdateVote with the basics and the rule's settings. */
    create: supplied<TCreatedVote, TVoteBasics>('create'),
    /** Reads the vote's players and adds, updates or removes so they are the screen's (activity/player/*). */
    savePlayers: supplied<void, TSavePlayersInput>('savePlayers'),
    /** activity/vote/getVoteSuspendOrStart(start). */
    publish: supplied<void, string>('publish'),
  },
  actions: {
    setBasics: assign(({ event }) => (event.type === 'basics.next' ? { basics: event.basics, error: null } : {})),
    setBasicsProblem: assign(({ event }) => (event.type === 'basics.next' ? { error: basicsProblem(event.basics, new Date()) } : {})),
    setPlayers: assign(({ event }) => (event.type === 'vote.publish' ? { players: event.players, error: null } : {})),
    setPlayersProblem: assign(({ event }) => (event.type === 'vote.publish' ? { error: playersProblem(event.players) } : {})),
    clearError: assign({ error: null }),
    setLimits: assign((_, params: { limits: TQuestionCount }) => ({ limits: params.limits })),
    setVoteId: assign((_, params: { voteId: string }) => ({ voteId: params.voteId })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    /** Open /member/index.html?memberLevel=<level> in a new tab. */
    openMemberPage: (_, _params: { memberLevel: number }) => {},
  },
  guards: {
    basicsInvalid: ({ event }) => event.type === 'basics.next' && basicsProblem(event.basics, new Date()) !== null,
    playersInvalid: ({ event }) => event.type === 'vote.publish' && playersProblem(event.players) !== null,
    created: ({ context }) => context.voteId !== null,
    dailyLimitReached: (_, params: { limits: TQuestionCount }) => dailyLimitReached(params.limits),
    isCreated: (_, params: { result: TCreatedVote }) => params.result.isCreate === 1 && Boolean(params.result.voteId),
  },
}).createMachine({
  id: 'vote-quick-start',
  context: { basics: null, players: [], voteId: null, limits: null, error: null },
  initial: 'basics',
  states: {
    basics: { on: { 'basics.next': next } },
    players: { on: onPlayers },
    checking: dailyCountCheckState('creating'),
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => context.basics!,
        onDone: [
          {
            guard: { type: 'isCreated', params: ({ event }) => ({ result: event.output }) },
            target: 'savingPlayers',
            actions: { type: 'setVoteId', params: ({ event }) => ({ voteId: event.output.voteId }) },
          },
          // The check passed but the server counted otherwise (another tab created meanwhile).
          { target: 'dailyLimit' },
        ],
        onError: failTo('failed', 'setError'),
      },
    },
    savingPlayers: {
      invoke: {
        id: 'savePlayers',
        src: 'savePlayers',
        input: ({ context }) => ({ voteId: context.voteId!, players: context.players }),
        onDone: { target: 'publishing' },
        onError: failTo('failed', 'setError'),
      },
    },
    publishing: {
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => context.voteId!,
        onDone: { target: 'published' },
        onError: failTo('failed', 'setError'),
      },
    },
    dailyLimit: {
      on: {
        'dialog.confirm': {
          target: 'players',
          actions: { type: 'openMemberPage', params: ({ context }) => ({ memberLevel: context.limits?.memberLevel ?? 1 }) },
        },
        'dialog.dismiss': { target: 'players' },
      },
    },
    failed: { on: onPlayers },
    published: { type: 'final' },
  },
});
