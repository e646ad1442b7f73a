// 微信授权 identity on the phone pages (issue 47 item 1: votes, chains): the participant proves a WeChat openid of
// the page's official account through WeChat's web authorisation. The page sends the browser to the link the server
// signs; WeChat brings it back here with code and state, which the server exchanges once for an identity token kept
// in localStorage under the page's key (every participant call sends it). Outside WeChat's browser there is nothing
// to authorise with: the page asks to open it in WeChat.

/** What one page authorises for: where its token is kept, and its two server calls. */
export interface WebAuthSubject {
  storageKey: string;
  authUrl: (redirectPath: string) => Promise<{ url: string }>;
  identity: (back: { code: string; state: string; appid?: string }) => Promise<{ wechatToken: string }>;
}

/** WeChat's in-app browser says so in its user agent. */
export const inWechat = () => /MicroMessenger/i.test(navigator.userAgent);

export function storedToken(storageKey: string): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

export function forgetToken(storageKey: string): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // Private mode: nothing was kept.
  }
}

/** Off to WeChat's authorisation; it comes back to this very page. */
export async function startAuth(subject: WebAuthSubject): Promise<void> {
  const { url } = await subject.authUrl(location.pathname + location.search);
  location.href = url;
}

/**
 * Back from WeChat (?code=…&state=…): the code exchanged and the token kept; the address loses the code so a reload
 * does not send it twice. Resolves the token when an authorisation was completed, null when there was none to complete.
 */
export async function completeAuth(subject: WebAuthSubject): Promise<string | null> {
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) return null;
  const appid = params.get('appid');
  for (const name of ['code', 'state', 'appid']) params.delete(name);
  const rest = params.toString();
  // A redirect keeps the authorise link's #wechat_redirect when the return names no fragment of its own: drop it too.
  const hash = location.hash === '#wechat_redirect' ? '' : location.hash;
  history.replaceState(history.state, '', location.pathname + (rest ? `?${rest}` : '') + hash);
  const { wechatToken } = await subject.identity({ code, state, ...(appid ? { appid } : {}) });
  try {
    localStorage.setItem(subject.storageKey, wechatToken);
  } catch {
    // Private mode: the token lives for this page only (the page keeps it too).
  }
  return wechatToken;
}
