import { assign, setup } from 'xstate';
import { supplied } from '../shared/actors';
import { failTo } from '../shared/transitions';
import { messageOf } from '../shared/error-message';
import type { TQrChallenge, TQrLoginContext, TQrLoginEvent, TQrLoginInput, TQrLoginOutput, TQrPoll, TQrStatus } from './qr-login.types';

export const POLL_INTERVAL = 2_000;
export const MAX_POLL_FAILURES = 3;
const DEFAULT_LIFETIME_SECONDS = 120;

type TPollEvent = { event: { output: TQrPoll } };
const pollIs = (status: TQrStatus) => ({ type: 'hasStatus' as const, params: ({ event }: TPollEvent) => ({ poll: event.output, status }) });

/**
 * One phase of the challenge (`waiting` or `scanned`): poll every interval until the code is confirmed (the token
 * arrives), expired, or moves to the `other` phase; too many failed polls in a row end in `error`.
 */
const pollingUntil = (other: 'waiting' | 'scanned') => ({
  initial: 'idle' as const,
  states: {
    idle: { after: { pollInterval: { target: 'checking' } } },
    checking: {
      invoke: {
        id: 'checkCode' as const,
        src: 'checkCode' as const,
        input: ({ context }: { context: TQrLoginContext }) => ({ qrId: context.challenge!.qrId, pollSecret: context.challenge!.pollSecret }),
        onDone: [
          {
            guard: pollIs('confirmed'),
            target: '#qrLogin.confirmed',
            actions: { type: 'setToken' as const, params: ({ event }: TPollEvent) => ({ token: event.output.token! }) },
          },
          { guard: pollIs('expired'), target: '#qrLogin.expired' },
          { guard: pollIs(other), target: `#qrLogin.active.${other}`, actions: 'resetFailures' as const },
          { target: 'idle', actions: 'resetFailures' as const },
        ],
        onError: [
          { guard: 'tooManyFailures' as const, ...failTo('#qrLogin.error', 'setError') },
          { target: 'idle', actions: 'countFailure' as const },
        ],
      },
    },
  },
});

/**
 * Desktop side of QR login: fetch a challenge, poll it every 2 s, follow waiting → scanned → confirmed
 * (the poll hands over the token) or expired; a refresh starts over.
 */
export const qrLoginMachine = setup({
  types: {
    context: {} as TQrLoginContext,
    events: {} as TQrLoginEvent,
    input: {} as TQrLoginInput | undefined,
    output: {} as TQrLoginOutput,
  },
  actors: {
    loadChallenge: supplied<TQrChallenge>('loadChallenge'),
    checkCode: supplied<TQrPoll, { qrId: string; pollSecret: string }>('checkCode'),
  },
  actions: {
    setChallenge: assign((_, params: { challenge: TQrChallenge }) => ({ challenge: params.challenge, error: null, failures: 0, token: null })),
    setToken: assign((_, params: { token: string }) => ({ token: params.token })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    resetFailures: assign({ failures: 0 }),
  },
  guards: {
    hasStatus: (_, params: { poll: TQrPoll; status: TQrStatus }) =>
      params.poll.status === params.status && (params.status !== 'confirmed' || Boolean(params.poll.token)),
    tooManyFailures: ({ context }) => context.failures + 1 >= MAX_POLL_FAILURES,
  },
  delays: {
    pollInterval: ({ context }) => context.pollInterval,
    challengeLifetime: ({ context }) => (context.challenge?.expiresIn ?? DEFAULT_LIFETIME_SECONDS) * 1000,
  },
}).createMachine({
  id: 'qrLogin',
  context: ({ input }) => ({ challenge: null, token: null, error: null, failures: 0, pollInterval: input?.pollInterval ?? POLL_INTERVAL }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadChallenge',
        src: 'loadChallenge',
        onDone: { target: 'active', actions: { type: 'setChallenge', params: ({ event }) => ({ challenge: event.output }) } },
        onError: failTo('error', 'setError'),
      },
    },
    active: {
      initial: 'waiting',
      after: { challengeLifetime: { target: 'expired' } },
      on: { 'qr.refresh': { target: 'loading' } },
      states: {
        waiting: pollingUntil('scanned'),
        // The phone went back without confirming: show the code as unscanned again.
        scanned: pollingUntil('waiting'),
      },
    },
    expired: { on: { 'qr.refresh': { target: 'loading' } } },
    error: { on: { 'qr.refresh': { target: 'loading' } } },
    confirmed: { type: 'final' },
  },
  output: ({ context }) => ({ token: context.token ?? '' }),
});
