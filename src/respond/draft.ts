// What survives a closed tab: the answers so far, the page, the submission id (a retried submit reuses it,
// and it seeds the random order so a resumed draft keeps it) and the start time (the exam clock keeps
// running). One key per project in localStorage; storage may be missing (private mode): then nothing is kept.

import { randomUuid } from '../../schemas/random-id';

export interface TDraft {
  submissionId: string;
  answers: Record<string, unknown>;
  page: number;
  /** ms since the epoch, local clock. */
  startedAt: number;
  /** Seconds left per timed page index; a page at 0 is locked. */
  pageLeft: Record<number, number>;
  savedAt: number;
  /** Times the respondent left the page so far (切屏限制, settings.leaveLimit). */
  leaves?: number;
}

const DRAFT_PREFIX = 'wj.respond.draft.';
const DEVICE_KEY = 'wj.respond.device';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function deviceId(): string {
  const store = storage();
  const known = store?.getItem(DEVICE_KEY);
  if (known && /^[\w-]{1,64}$/.test(known)) return known;
  const id = randomUuid();
  try {
    store?.setItem(DEVICE_KEY, id);
  } catch {
    // Full or blocked storage: this page keeps the id in memory only.
  }
  return id;
}

export function newDraft(now = Date.now()): TDraft {
  return { submissionId: randomUuid(), answers: {}, page: 0, startedAt: now, pageLeft: {}, savedAt: now };
}

export function readDraft(questionId: string): TDraft | null {
  const raw = storage()?.getItem(DRAFT_PREFIX + questionId);
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<TDraft>;
    if (typeof d.submissionId !== 'string' || typeof d.startedAt !== 'number' || !d.answers || typeof d.answers !== 'object') return null;
    return {
      submissionId: d.submissionId,
      answers: d.answers,
      page: typeof d.page === 'number' ? d.page : 0,
      startedAt: d.startedAt,
      pageLeft: d.pageLeft && typeof d.pageLeft === 'object' ? d.pageLeft : {},
      savedAt: typeof d.savedAt === 'number' ? d.savedAt : d.startedAt,
      leaves: typeof d.leaves === 'number' && d.leaves >= 0 ? d.leaves : 0,
    };
  } catch {
    return null;
  }
}

export function writeDraft(questionId: string, draft: TDraft): void {
  try {
    storage()?.setItem(DRAFT_PREFIX + questionId, JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    // Quota exceeded: the answers stay on screen; only a reload would lose them.
  }
}

export function clearDraft(questionId: string): void {
  try {
    storage()?.removeItem(DRAFT_PREFIX + questionId);
  } catch {
    // Nothing to clear.
  }
}

/** A draft worth offering back: something was answered. */
export const hasProgress = (d: TDraft | null): d is TDraft => d !== null && Object.keys(d.answers).length > 0;
