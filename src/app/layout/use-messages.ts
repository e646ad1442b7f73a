import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMessage } from '../../../schemas/api/message';
import { messageCountQuery, messageKeys, messagePageQuery, readAllMessages, readMessage } from '../../api/messages';

/** A header notification (spec §3 "Message"). */
export type THeaderMessage = TMessage;

/** How many of the latest messages the bell's popover lists (the rest are on /info.html). */
export const BELL_LATEST = 6;

/**
 * Messages for the bell (active/message/*): the unread count for the badge, the latest few, reading one (on click)
 * and reading all. Each change asks the server again for the count and the lists.
 */
export function useHeaderMessages(): {
  unread: number;
  items: THeaderMessage[];
  loaded: boolean;
  failed: boolean;
  read: (message: THeaderMessage) => Promise<void>;
  markAllRead: () => void;
} {
  const queryClient = useQueryClient();
  const count = useQuery(messageCountQuery());
  const latest = useQuery(messagePageQuery(1, BELL_LATEST));
  const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });
  return {
    unread: count.data?.isReadCount ?? 0,
    items: latest.data?.list ?? [],
    loaded: latest.isSuccess,
    failed: latest.isError,
    read: async (message) => {
      if (!message.read) await readMessage(message.id).finally(() => void refresh());
    },
    markAllRead: () => void readAllMessages().finally(() => void refresh()),
  };
}

/** Spec §4: newsType 10 → /info.html, 12 → /member/index.html; ours 21 (export ready) → /myDownload.html, 23 (SMS count used up) → /buySmsAccound.html, 25/26 (a gift shipped or cancelled) → /giftList.html; the others stay (docs/decisions.md "Messages"). */
export function messageTarget(newsType: number): string | null {
  if (newsType === 10) return '/info.html';
  if (newsType === 12) return '/member/index.html';
  if (newsType === 21) return '/myDownload.html';
  if (newsType === 23) return '/buySmsAccound.html';
  if (newsType === 25 || newsType === 26) return '/giftList.html';
  return null;
}
