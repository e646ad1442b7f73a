import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { completeAuth, forgetToken, inWechat, startAuth, storedToken, type WebAuthSubject } from '../../phone-share/wechat-web-auth';
import { RespondError } from '../api';
import { getChainWechatAuthUrl, getChainWechatIdentity } from './chain-api';

/** A refusal that means "authorise again" (no, a stale, a forged or another account's token). */
export const needsWechat = (error: unknown) => error instanceof RespondError && (error.data as { reason?: string } | null)?.reason === 'wechatRequired';

/**
 * 仅限微信授权参与 on the chain's page (issue 47 item 1): the identity token of this chain's official account, kept
 * per chain; `ready` once a return from WeChat (?code&state) has been exchanged, or there was none. Every
 * participant call sends the token; `start` goes to WeChat's authorisation, `forget` drops a refused token.
 */
export function useChainWechat(questionId: string) {
  const subject = useMemo<WebAuthSubject>(
    () => ({
      storageKey: `wj_chain_wx_${questionId}`,
      authUrl: (redirectPath) => getChainWechatAuthUrl({ questionId, redirectPath }),
      identity: (back) => getChainWechatIdentity({ questionId, ...back }),
    }),
    [questionId],
  );
  const [token, setToken] = useState<string | null>(() => storedToken(subject.storageKey));
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    completeAuth(subject)
      .then((fresh) => fresh && setToken(fresh))
      .catch((e: unknown) => setError(e instanceof RespondError ? e.message : '微信授权失败，请重试'))
      .finally(() => setReady(true));
  }, [subject]);
  const start = useCallback(() => {
    setError(null);
    startAuth(subject).catch((e: unknown) => setError(e instanceof RespondError ? e.message : '网络异常，请稍后重试'));
  }, [subject]);
  const forget = useCallback(() => {
    forgetToken(subject.storageKey);
    setToken(null);
  }, [subject]);
  return { token, ready, error, start, forget };
}

/**
 * In WeChat a 仅限微信授权参与 chain without an identity goes to the authorisation by itself, once (the gate offers
 * it again). Answers what a participant call does with its refusal: a refused identity is forgotten, so the page
 * authorises again.
 */
export function useWechatAutoStart(wx: ReturnType<typeof useChainWechat>, needsAuth: boolean): (error: unknown) => void {
  const started = useRef(false);
  const { error, start, forget } = wx;
  useEffect(() => {
    if (!needsAuth || !inWechat() || started.current || error) return;
    started.current = true;
    start();
  }, [needsAuth, error, start]);
  return useCallback(
    (e: unknown) => {
      if (!needsWechat(e)) return;
      forget();
      started.current = false;
    },
    [forget],
  );
}
