/**
 * The login token lives in an HttpOnly cookie the server sets with every login answer (7 days, the brand's
 * own host, SameSite=Lax, Secure over HTTPS): no script here can read it, and the browser sends it with every
 * call. The page learns that it holds one from a readable companion cookie without a secret (spec §4:
 * "logged in means a token is present"). Logout and a "401" forget the companion; the server clears both.
 */
const FLAG = 'wj_login';
/** Written by script before the server set the cookie; still sent, and the server re-sets it HttpOnly. */
const LEGACY_TOKEN = 'token';

const cookieNames = (): string[] =>
  typeof document === 'undefined' ? [] : document.cookie.split(/;\s*/).map((part) => part.slice(0, Math.max(0, part.indexOf('='))));

let generation = 0;
/** Which login this page is on: it changes with every login and logout here (what a session's cached values are keyed on). */
export const sessionGeneration = (): number => generation;

/** Whether this browser holds a session cookie (checked by the server on the next call). */
export function hasSession(): boolean {
  const names = cookieNames();
  return names.includes(FLAG) || names.includes(LEGACY_TOKEN);
}

/** Forget the session here: the companion cookie and a readable token of the old kind (the HttpOnly one is the server's). */
export function forgetSession(): void {
  generation += 1;
  if (typeof document === 'undefined') return;
  for (const name of [FLAG, LEGACY_TOKEN]) document.cookie = `${name}=; path=/; max-age=0; samesite=lax`;
}

/**
 * After a login answer: the server has set both cookies; the flag is written here too so the page agrees with
 * itself at once (it carries no secret; a missing token cookie is found out by the next call's "401").
 */
export function markSession(): void {
  generation += 1;
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${FLAG}=1; path=/; max-age=${7 * 86_400}; samesite=lax${secure}`;
}
