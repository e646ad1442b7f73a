import type { TChainEntry, TChainEvent, TChainView } from '../../../schemas/api/chain';

/**
 * A live event applied to the list a page shows: the entry replaced or added by its id (a replayed event
 * changes nothing), withdrawn and removed ones taken off the public list, counts and settings from the event.
 */
export function applyChainEvent(view: TChainView, event: TChainEvent): TChainView {
  if (event.id <= view.lastEventId) return view;
  let entries = view.entries;
  if (event.entry) {
    const entry = event.entry;
    const rest = entries.filter((e) => e.entryId !== entry.entryId);
    entries = entry.state === 'joined' || entry.state === 'waitlisted' ? [...rest, entry].sort((a, b) => a.seq - b.seq) : rest;
  }
  const mine = view.mine.filter((id) => entries.some((e) => e.entryId === id));
  return { ...view, entries, mine, counts: event.counts, settings: event.settings, lastEventId: event.id };
}

/** Joined entries first (in number order), then the waitlist in arrival order. */
export const joinedOf = (view: TChainView): TChainEntry[] => view.entries.filter((e) => e.state === 'joined');
export const waitingOf = (view: TChainView): TChainEntry[] => view.entries.filter((e) => e.state === 'waitlisted');

/**
 * Where an entry stands as the lists number it (issue 43 item 4, as 接龙管家 does): joined entries 1…n and the
 * waitlist 1…m, each in arrival order, renumbered when someone leaves; null when the entry is not on the list.
 */
export function placeOf(view: TChainView, entryId: string): { waiting: boolean; place: number } | null {
  const joined = joinedOf(view).findIndex((e) => e.entryId === entryId);
  if (joined >= 0) return { waiting: false, place: joined + 1 };
  const waiting = waitingOf(view).findIndex((e) => e.entryId === entryId);
  return waiting >= 0 ? { waiting: true, place: waiting + 1 } : null;
}

/** The caller's entries that moved from the waitlist to the joined list between two views of the page. */
export const promotedMine = (before: TChainView, after: TChainView): TChainEntry[] =>
  after.entries.filter(
    (e) => e.state === 'joined' && after.mine.includes(e.entryId) && before.entries.some((b) => b.entryId === e.entryId && b.state === 'waitlisted'),
  );

const TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
/** A time as the chain's people read it (Asia/Shanghai): 11/28 14:05. */
export const chainTime = (iso: string): string => TIME.format(new Date(iso));

/** 已报名 8/30 人 · 候补 2. */
export function countLine(view: TChainView): string {
  const { joinedPeople, waitingCount } = view.counts;
  const cap = view.settings.cap;
  const joined = cap === null ? `已报名 ${joinedPeople} 人` : `已报名 ${joinedPeople}/${cap} 人`;
  return waitingCount ? `${joined} · 候补 ${waitingCount}` : joined;
}

/** Whether the chain takes joins now. */
export function chainOpenNow(view: TChainView, now: number): boolean {
  if (view.status !== 1 || view.settings.closed) return false;
  return view.settings.deadline === null || Date.parse(view.settings.deadline) > now;
}
