import { assign, setup } from 'xstate';
import { supplied } from '../shared/actors';
import { messageOf } from '../shared/error-message';
import type { TQrChallenge, TQrLoginContext, TQrLoginEvent, TQrLoginInput, TQrLoginOutput, TQrPoll, TQrStatus } from './qr-login.types';

export const POLL_INTERVAL = 2_000;
export const MAX_POLL_FAILURES = 3;
const DEFAULT_LIFETIME_SECONDS = 120;

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
        onError: { target: 'error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    active: {
      initial: 'waiting',
      after: { challengeLifetime: { target: 'expired' } },
      on: { 'qr.refresh': { target: 'loading' } },
      states: {
        waiting: {
          initial: 'idle',
          states: {
            idle: { after: { pollInterval: { target: 'checking' } } },
            checking: {
              invoke: {
                id: 'checkCode',
                src: 'checkCode',
                input: ({ context }) => ({ qrId: context.challenge!.qrId, pollSecret: context.challenge!.pollSecret }),
                onDone: [
                  {
                    guard: { type: 'hasStatus', params: ({ event }) => ({ poll: event.output, status: 'confirmed' }) },
                    target: '#qrLogin.confirmed',
                    actions: { type: 'setToken', params: ({ event }) => ({ token: event.output.token! }) },
                  },
                  { guard: { type: 'hasStatus', params: ({ event }) => ({ poll: event.output, status: 'expired' }) }, target: '#qrLogin.expired' },
                  {
                    guard: { type: 'hasStatus', params: ({ event }) => ({ poll: event.output, status: 'scanned' }) },
                    target: '#qrLogin.active.scanned',
                    actions: 'resetFailures',
                  },
                  { target: 'idle', actions: 'resetFailures' },
                ],
                onError: [
                  { guard: 'tooManyFailures', target: '#qrLogin.error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
                  { target: 'idle', actions: 'countFailure' },
                ],
              },
            },
          },
        },
        scanned: {
          initial: 'idle',
          states: {
            idle: { after: { pollInterval: { target: 'checking' } } },
            checking: {
              invoke: {
                id: 'checkCode',
                src: 'checkCode',
                input: ({ context }) => ({ qrId: context.challenge!.qrId, pollSecret: context.challenge!.pollSecret }),
                onDone: [
                  {
                    guard: { type: 'hasStatus', params: ({ event }) => ({ poll: event.output, status: 'confirmed' }) },
                    target: '#qrLogin.confirmed',
                    actions: { type: 'setToken', params: ({ event }) => ({ token: event.output.token! }) },
                  },
                  { guard: { type: 'hasStatus', params: ({ event }) => ({ poll: event.output, status: 'expired' }) }, target: '#qrLogin.expired' },
                  // The phone went back without confirming: show the code as unscanned again.
                  {
                    guard: { type: 'hasStatus', params: ({ event }) => ({ poll: event.output, status: 'waiting' }) },
                    target: '#qrLogin.active.waiting',
                    actions: 'resetFailures',
                  },
                  { target: 'idle', actions: 'resetFailures' },
                ],
                onError: [
                  { guard: 'tooManyFailures', target: '#qrLogin.error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
                  { target: 'idle', actions: 'countFailure' },
                ],
              },
            },
          },
        },
      },
    },
    expired: { on: { 'qr.refresh': { target: 'loading' } } },
    error: { on: { 'qr.refresh': { target: 'loading' } } },
    confirmed: { type: 'final' },
  },
  output: ({ context }) => ({ token: context.token ?? '' }),
});
