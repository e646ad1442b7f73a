import { useCallback, useEffect } from 'react';
import { ShareBar } from '../phone-share/share-sheet';
import { getChainPoster, pageLink, shareInWechat } from './share-api';

/**
 * Sharing a sign-up, check-in or group-buy page (issue 47 items 2 and 3): the poster with its QR code, 复制链接,
 * and 复制接龙文本 where the page has a list; inside WeChat, the share card of the page.
 */
export function PageShare({ questionId, action, note, text }: { questionId: string; action: string; note: string | null; text?: (link: string) => string }) {
  useEffect(() => shareInWechat(questionId), [questionId]);
  const load = useCallback(() => getChainPoster(questionId, action, note), [questionId, action, note]);
  const link = useCallback(() => pageLink(questionId), [questionId]);
  return <ShareBar load={load} fileName={`${action}.png`} link={link} text={text ? () => text(pageLink(questionId)) : undefined} />;
}
