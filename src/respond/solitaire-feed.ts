/**
 * The live feed every 接龙 kind shares (sign-up chain, check-in…). EventSource reconnects by itself and sends
 * Last-Event-ID, so the server replays what the page missed; `lastEventId` is where the view the page shows was
 * read. Browsers without EventSource keep the page's other reads (on focus).
 */
export function openSolitaireFeed<T>(questionId: string, lastEventId: number, onEvent: (event: T) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`/api/activity/question/solitaire/events?questionId=${encodeURIComponent(questionId)}&lastEventId=${lastEventId}`);
  source.addEventListener('chain', (message) => onEvent(JSON.parse((message as MessageEvent<string>).data) as T));
  return () => source.close();
}
