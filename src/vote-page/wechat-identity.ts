// 微信授权 votes (issue 47): the voter proves a WeChat openid of the vote's official account through WeChat's web
// authorisation. The page sends the browser to the link the server signs; WeChat brings it back here with code and
// state, which the server exchanges once for an identity token kept in localStorage for this vote (every ballot
// sends it). Outside WeChat's browser there is nothing to authorise with: the page asks to open it in WeChat.
import { getWechatAuthUrl, getWechatVoter } from './api';

const key = (voteId: string) => `wj_vote_wx_${voteId}`;

/** WeChat's in-app browser says so in its user agent. */
export const inWechat = () => /MicroMessenger/i.test(navigator.userAgent);

export function storedWechatToken(voteId: string): string | null {
  try {
    return localStorage.getItem(key(voteId));
  } catch {
    return null;
  }
}

export function forgetWechatToken(voteId: string): void {
  try {
    localStorage.removeItem(key(voteId));
  } catch {
    // Private mode: nothing was kept.
  }
}

/** Off to WeChat's authorisation; it comes back to this very page. */
export async function startWechatAuth(voteId: string): Promise<void> {
  const { url } = await getWechatAuthUrl(voteId, location.pathname + location.search);
  location.href = url;
}

/**
 * Back from WeChat (?code=…&state=…): the code exchanged and the token kept; the address loses the code so a reload
 * does not send it twice. Resolves true when an authorisation was completed, false when there was none to complete.
 */
export async function completeWechatAuth(voteId: string): Promise<boolean> {
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) return false;
  const appid = params.get('appid');
  for (const name of ['code', 'state', 'appid']) params.delete(name);
  const rest = params.toString();
  // A redirect keeps the authorise link's #wechat_redirect when the return names no fragment of its own: drop it too.
  const hash = location.hash === '#wechat_redirect' ? '' : location.hash;
  history.replaceState(history.state, '', location.pathname + (rest ? `?${rest}` : '') + hash);
  const { wechatToken } = await getWechatVoter({ voteId, code, state, ...(appid ? { appid } : {}) });
  try {
    localStorage.setItem(key(voteId), wechatToken);
  } catch {
    // Private mode: the token lives for this page only (use-ballot keeps it too).
  }
  return true;
}
