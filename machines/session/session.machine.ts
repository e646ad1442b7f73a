import { assign, setup } from 'xstate';
import { supplied } from '../shared/actors';
import { errorOf } from '../shared/transitions';
import type { TUserInfo } from '../../schemas/api/user';
import type { TSessionContext, TSessionEvent } from './session.types';

/** The user an event carries (session.login, session.update) into `setUser`. */
const setUserOf = { type: 'setUser' as const, params: ({ event }: { event: { user: TUserInfo } }) => ({ user: event.user }) };
/** A login answer: remember this browser holds a session, and keep the user. */
const loggedIn = ['rememberLogin' as const, setUserOf];

/**
 * The session (spec §4 "Login"). Effects are named actions with no-op defaults: the app provides them
 * (token cookie, storage, toast, navigation) and tests provide spies.
 */
export const sessionMachine = setup({
  types: {
    context: {} as TSessionContext,
    events: {} as TSessionEvent,
  },
  actors: {
    /** Who is logged in: the user, or null when there is no (valid) token. */
    loadUser: supplied<TUserInfo | null>('loadUser'),
    /** Tells the server to drop the token. */
    logoutCall: supplied<unknown>('logoutCall'),
  },
  actions: {
    setUser: assign((_, params: { user: TUserInfo | null }) => ({ user: params.user })),
    clearUser: assign({ user: null }),
    /** Note that this browser now holds a session (the login answer set the HttpOnly token cookie). */
    rememberLogin: () => {},
    /** Forget the session here (the readable flag) and all local storage. */
    forgetCredentials: () => {},
    /** A failed logout call is only logged (spec §4). */
    warnLogoutFailed: (_, _params: { error: unknown }) => {},
    /** Show 退出成功 and leave non-home pages for /home. */
    announceLogout: () => {},
  },
  guards: {
    isUser: (_, params: { user: TUserInfo | null }) => params.user !== null,
  },
}).createMachine({
  id: 'session',
  context: { user: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: [
          {
            guard: { type: 'isUser', params: ({ event }) => ({ user: event.output }) },
            target: 'authenticated',
            actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
          },
          { target: 'anonymous' },
        ],
        // The server could not be asked: stay anonymous but keep the token for the next start.
        onError: { target: 'anonymous' },
      },
      on: {
        'session.login': { target: 'authenticated', actions: loggedIn },
        'session.expired': { target: 'anonymous', actions: 'forgetCredentials' },
      },
    },
    anonymous: {
      on: {
        'session.login': { target: 'authenticated', actions: loggedIn },
        // A stale cookie the start-up check could not verify.
        'session.expired': { actions: 'forgetCredentials' },
      },
    },
    authenticated: {
      on: {
        // Another account logged in from the login page while this one was open elsewhere.
        'session.login': { actions: loggedIn },
        'session.update': { actions: setUserOf },
        'session.logout': { target: 'loggingOut' },
        'session.expired': { target: 'anonymous', actions: ['clearUser', 'forgetCredentials'] },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logoutCall',
        src: 'logoutCall',
        onDone: { target: 'anonymous', actions: ['clearUser', 'forgetCredentials', 'announceLogout'] },
        onError: {
          target: 'anonymous',
          actions: [{ type: 'warnLogoutFailed', params: errorOf }, 'clearUser', 'forgetCredentials', 'announceLogout'],
        },
      },
    },
  },
});
