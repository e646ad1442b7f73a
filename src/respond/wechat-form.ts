import { useMemo, useRef } from 'react';
import * as CALL_PATHS from '../../schemas/api/paths/calls';
import { completeAuth, forgetToken, startAuth, storedToken, type WebAuthSubject } from '../phone-share/wechat-web-auth';
import { callOf, RespondError } from './api';

/**
 * 仅限微信授权填写 on the answering page (issue 47 item 1, forms): the project's WeChat round trip
 * (src/phone-share/wechat-web-auth.ts, as votes and chains) with the token kept per project. In WeChat's browser the
 * page goes to the authorisation by itself; after a failure or a refused token it goes once more, then it offers a
 * button (the tries are counted for the tab, across WeChat's redirects, and forgotten once the sheet is shown).
 */
export const formWechatSubject = (questionId: string): WebAuthSubject => ({
  storageKey: `wj_form_wx_${questionId}`,
  authUrl: (redirectPath) => (markLeaving(questionId), callOf(CALL_PATHS.write.getFormWechatAuthUrl, { questionId, redirectPath })),
  identity: (back) => callOf(CALL_PATHS.write.getFormWechatIdentity, { questionId, ...back }),
});

/**
 * A chain's page is /s/ too and makes its own round trip (src/respond/chain/use-chain-wechat.ts): the form exchanges a
 * return from WeChat only when this tab left for the form's authorisation, else the chain's code would be spent (and
 * refused) here and the chain's page never get its identity.
 */
const leavingKey = (questionId: string) => `wj_form_wx_leaving_${questionId}`;
function markLeaving(questionId: string): void {
  try {
    sessionStorage.setItem(leavingKey(questionId), '1');
  } catch {
    // Private mode: the return is not recognised, the gate offers the authorisation again.
  }
}
function cameBack(questionId: string): boolean {
  try {
    const left = sessionStorage.getItem(leavingKey(questionId)) !== null;
    sessionStorage.removeItem(leavingKey(questionId));
    return left;
  } catch {
    return false;
  }
}

const TRIES = 2;
const triesKey = (questionId: string) => `wj_form_wx_tries_${questionId}`;

function readTries(questionId: string): number {
  try {
    return Number(sessionStorage.getItem(triesKey(questionId)) ?? 0) || 0;
  } catch {
    return TRIES;
  }
}

/** Goes to WeChat's authorisation unless the page went twice already in this tab; answers whether it went. */
export async function autoAuthorise(questionId: string, subject: WebAuthSubject): Promise<boolean> {
  const tries = readTries(questionId);
  if (tries >= TRIES) return false;
  try {
    sessionStorage.setItem(triesKey(questionId), String(tries + 1));
  } catch {
    return false;
  }
  await startAuth(subject);
  return true;
}

/** The sheet is shown: the next refusal may authorise by itself again. */
export function resetAuthTries(questionId: string): void {
  try {
    sessionStorage.removeItem(triesKey(questionId));
  } catch {
    // Private mode: nothing was kept.
  }
}

/**
 * The answering page's WeChat identity: `exchange` completes a return from WeChat once (before the first read) and
 * answers its failure's message, if any; `forget` drops a refused token and names the screen that authorises again.
 */
export function useFormWechat(questionId: string, preview: boolean) {
  const token = useRef<string | null>(null);
  const returned = useRef<Promise<string | null> | null>(null);
  return useMemo(() => {
    const subject = formWechatSubject(questionId);
    if (!preview) token.current = storedToken(subject.storageKey);
    return {
      token,
      exchange: async (): Promise<string | null> => {
        returned.current ??= preview || !cameBack(questionId) ? Promise.resolve(null) : completeAuth(subject);
        return returned.current.then(
          (fresh) => {
            if (fresh) token.current = fresh;
            return null;
          },
          (e: unknown) => (e instanceof RespondError ? e.message : '微信授权失败，请重试'),
        );
      },
      forget: (message: string) => {
        forgetToken(subject.storageKey);
        token.current = null;
        return { kind: 'wechat' as const, error: message };
      },
    };
  }, [questionId, preview]);
}
