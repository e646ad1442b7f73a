import type { TUserInfo } from '../../schemas/api/user';

/** Who is using the app: the user when logged in (spec §4 "Login": logged in means a token is present). */
export interface TSessionContext {
  user: TUserInfo | null;
}

export type TSessionEvent =
  /** A login screen (SMS, password, QR, register, reset) logged in; its answer set the session cookie. */
  | { type: 'session.login'; user: TUserInfo }
  /** The user asked to log out (avatar menu). */
  | { type: 'session.logout' }
  /** The server answered "401": the token is gone or expired. */
  | { type: 'session.expired' }
  /** Fresh user info (after changing the name, the avatar, the membership …). */
  | { type: 'session.update'; user: TUserInfo };

/** What screens need to know; `loggingOut` still counts as authenticated until the call is answered. */
export type TSessionStatus = 'checking' | 'anonymous' | 'authenticated';
