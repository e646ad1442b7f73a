/** A header notification (spec §3 "Message"). */
export interface THeaderMessage {
  id: string;
  title: string;
  read: boolean;
  newsType: number;
  createTime: string;
}

/**
 * Messages for the bell. The active/message/* calls are not served yet, so this returns an empty inbox;
 * when they exist, swap this body for a useQuery over `listCount` and `list` (src/api/).
 */
export function useHeaderMessages(): { unread: number; items: THeaderMessage[]; markAllRead: () => void } {
  return { unread: 0, items: [], markAllRead: () => {} };
}

/** Spec §4: newsType 10 → /info.html, 12 → /member/index.html. */
export function messageTarget(newsType: number): string | null {
  if (newsType === 10) return '/info.html';
  if (newsType === 12) return '/member/index.html';
  return null;
}
