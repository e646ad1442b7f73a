import * as FILE_PATHS from '../../schemas/api/paths/files';
import { API_BASE } from './api';

/**
 * The live feed every 接龙 kind shares (sign-up chain, check-in…). EventSource reconnects by itself and sends
 * Last-Event-ID, so the server replays what the page missed; `lastEventId` is where the view the page shows was
 * read. Browsers without EventSource keep the page's other reads (on focus).
 */
/** The live feed's address, resuming after `lastEventId`. */
export const feedUrl = (questionId: string, lastEventId: number) =>
  `${API_BASE}${FILE_PATHS.chain.events}?questionId=${encodeURIComponent(questionId)}&lastEventId=${lastEventId}`;

export function openSolitaireFeed<T>(questionId: string, lastEventId: number, onEvent: (event: T) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(feedUrl(questionId, lastEventId));
  source.addEventListener('chain', (message) => onEvent(JSON.parse((message as MessageEvent<string>).data) as T));
  return () => source.close();
}
