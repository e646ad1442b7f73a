import { useCallback, useEffect, useRef, useState } from 'react';
import type { TChainView } from '../../../schemas/api/chain';
import { RespondError } from '../api';
import { getChain, openChainFeed } from './chain-api';
import { applyChainEvent, placeOf, promotedMine } from './chain-view';
import { useReadOnReturn } from '../use-read-on-return';

export const messageOf = (error: unknown) => (error instanceof RespondError ? error.message : '网络异常，请稍后重试');

/**
 * A sign-up chain's view as the page shows it: read on opening and again when the page comes back to the front,
 * kept live by the chain's event stream; `onPromoted` hears when one's own waitlisted entry joined the list.
 * `who` is the participant (device key, and the WeChat identity on a 仅限微信授权参与 chain).
 */
export function useChainView(questionId: string, who: { deviceId: string; wechatToken?: string } | null, onPromoted: (text: string) => void) {
  const [view, setView] = useState<TChainView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  /** The view last looked at for promotions of one's own entries. */
  const seen = useRef<TChainView | null>(null);
  const promoted = useRef(onPromoted);
  promoted.current = onPromoted;

  // `who` is null until the page knows who is asking (a return from WeChat's authorisation is exchanged first).
  const deviceId = who?.deviceId;
  const wechatToken = who?.wechatToken;
  const load = useCallback(async () => {
    if (!deviceId) return;
    try {
      setView(await getChain({ questionId, deviceId, ...(wechatToken ? { wechatToken } : {}) }));
    } catch (e) {
      setFailed(messageOf(e));
    }
  }, [questionId, deviceId, wechatToken]);

  useReadOnReturn(load);

  // One's own entry moved from the waitlist to the list (a live event, or a read on focus): say so.
  useEffect(() => {
    if (!view) return;
    const before = seen.current;
    seen.current = view;
    const mine = before ? promotedMine(before, view) : [];
    if (!mine.length) return;
    const place = placeOf(view, mine[0]!.entryId)?.place;
    promoted.current(`候补成功！你已转为正式报名${place ? `，现排第 ${place} 号` : ''}`);
  }, [view]);

  const feedFrom = view ? `${view.questionId}` : null;
  useEffect(() => {
    if (!view || !feedFrom) return;
    return openChainFeed(view, (event) => {
      if (event.kind === 'settings' && event.entry === null) void load();
      setView((current) => (current ? applyChainEvent(current, event) : current));
    });
    // The feed opens once per loaded page; EventSource resumes by itself after that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feedFrom]);
  return { view, setView, failed };
}
