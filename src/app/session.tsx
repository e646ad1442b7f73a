import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { fromPromise, waitFor } from 'xstate';
import type { TUserInfo } from '../../schemas/api/user';
import { sessionMachine } from '../../machines/session/session.machine';
import { selectStatus, selectUser } from '../../machines/session/session.selectors';
import type { TSessionStatus } from '../../machines/session/session.types';
import { forgetSession, hasSession, markSession } from '../api/token';
import { getLoginInfo, logout as logoutCall } from '../api/user';
import { toast } from '../ui/toast';
import { isHomePath, useGo, type TGo } from './navigation';

export const LOGOUT_MESSAGE = '退出成功';
/** A toast that must survive a full page load (logout outside the router). */
const PENDING_TOAST_KEY = 'session.pendingToast';

export interface TSession {
  status: TSessionStatus;
  user: TUserInfo | null;
  /** After any login screen (whose answer set the session cookie): keeps the user. */
  login: (user: TUserInfo) => void;
  /** Logs out (spec §4): server call (a failure is only logged), clear cookie and storage, leave non-home pages. */
  logout: () => Promise<void>;
  /** The token died ("401"): forget it here without a call or a goodbye. */
  expire: () => void;
  /** Fresh user info after an account change. */
  update: (user: TUserInfo) => void;
}

const SessionContext = createContext<TSession | null>(null);

function forgetCredentials(): void {
  forgetSession();
  try {
    localStorage.clear();
  } catch {
    // Storage blocked (private mode): nothing stored there.
  }
}

async function loadUser(): Promise<TUserInfo | null> {
  if (!hasSession()) return null;
  const answer = await getLoginInfo();
  if (answer.loggedIn && answer.userInfo) return answer.userInfo;
  forgetSession(); // A stale flag would make the route guards think we are logged in (the server dropped the cookie).
  return null;
}

function createSessionLogic(go: { current: TGo }) {
  return sessionMachine.provide({
    actors: {
      loadUser: fromPromise(loadUser),
      logoutCall: fromPromise<unknown>(() => logoutCall()),
    },
    actions: {
      rememberLogin: markSession,
      forgetCredentials,
      warnLogoutFailed: (_, params) => console.warn('退出登录接口调用失败，已在本机退出', params.error),
      announceLogout: () => {
        const navigate = go.current;
        const leave = !isHomePath(navigate.pathname());
        if (leave && !navigate.inRouter) {
          // The page reloads: show the message after it.
          try {
            sessionStorage.setItem(PENDING_TOAST_KEY, LOGOUT_MESSAGE);
          } catch {
            // No storage: the message is lost with the reload.
          }
        }
        toast.success(LOGOUT_MESSAGE);
        if (leave) navigate('/home');
      },
    },
  });
}

/** Wraps the app (inside the router, so logout can navigate without a reload). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const go = useGo();
  const goRef = useRef(go);
  goRef.current = go;
  const actorRef = useActorRef(useMemo(() => createSessionLogic(goRef), []));
  const status = useSelector(actorRef, selectStatus);
  const user = useSelector(actorRef, selectUser);

  useEffect(() => {
    try {
      const pending = sessionStorage.getItem(PENDING_TOAST_KEY);
      if (pending) {
        sessionStorage.removeItem(PENDING_TOAST_KEY);
        toast.success(pending);
      }
    } catch {
      // No storage, no pending message.
    }
  }, []);

  const login = useCallback((next: TUserInfo) => actorRef.send({ type: 'session.login', user: next }), [actorRef]);
  const expire = useCallback(() => actorRef.send({ type: 'session.expired' }), [actorRef]);
  const update = useCallback((next: TUserInfo) => actorRef.send({ type: 'session.update', user: next }), [actorRef]);
  const logout = useCallback(async () => {
    const snapshot = actorRef.getSnapshot();
    if (!snapshot.matches('authenticated') && !snapshot.matches('loggingOut')) return;
    actorRef.send({ type: 'session.logout' });
    await waitFor(actorRef, (next) => next.matches('anonymous'));
  }, [actorRef]);

  const value = useMemo<TSession>(() => ({ status, user, login, logout, expire, update }), [status, user, login, logout, expire, update]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): TSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() must be used inside <SessionProvider>');
  return session;
}

/**
 * Reloads the session's user from the server after a change it shows (coins, member level, password): the header's
 * avatar menu and the workbench read the user (coins included) from the session, not from a query, so a page that
 * moves coins calls this to refresh them without a page load.
 */
export function useRefreshUser(): () => void {
  const { update } = useSession();
  return useCallback(() => {
    void getLoginInfo()
      .then((answer) => answer.userInfo && update(answer.userInfo))
      .catch(() => undefined); // The figure stays until the next load; the page's own answer already said what happened.
  }, [update]);
}
