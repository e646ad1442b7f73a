import type { SnapshotFrom } from 'xstate';
import { STEP_TITLES, type TStepKey } from '../../schemas/merchant/constants';
import { DRAFT_SECTIONS, emptyDraft, type TMerchantDraft } from '../../schemas/merchant/draft';
import { visibleSteps } from '../../schemas/merchant/rules';
import type { merchantOnboardingMachine } from './merchant-onboarding.machine';
import { stepKeyAt } from './merchant-onboarding.operations';

type TSnapshot = SnapshotFrom<typeof merchantOnboardingMachine>;

export type TMerchantView = 'loading' | 'loadFailed' | 'editing' | 'submitting' | 'submitted' | 'auditing' | 'rejected' | 'toBeSigned' | 'finished';
const VIEWS: TMerchantView[] = ['loading', 'loadFailed', 'editing', 'submitting', 'submitted', 'auditing', 'rejected', 'toBeSigned', 'finished'];

export const selectView = (snapshot: TSnapshot): TMerchantView => VIEWS.find((view) => snapshot.matches(view)) ?? 'loading';
export const selectDraft = (snapshot: TSnapshot) => snapshot.context.draft;
export const selectStep = (snapshot: TSnapshot) => snapshot.context.step;
export const selectErrors = (snapshot: TSnapshot) => snapshot.context.errors;
export const selectError = (snapshot: TSnapshot) => snapshot.context.error;
export const selectApplication = (snapshot: TSnapshot) => snapshot.context.application;
export const selectStepKey = (snapshot: TSnapshot): TStepKey => stepKeyAt(snapshot.context.draft, snapshot.context.step);
/** A review check is running now (the status view shows a spinner on 刷新状态). */
export const selectChecking = (snapshot: TSnapshot) =>
  snapshot.matches({ auditing: 'checking' }) || snapshot.matches({ toBeSigned: 'checking' }) || snapshot.matches('submitted');

export interface TStepItem {
  key: TStepKey;
  title: string;
  number: number;
  status: 'done' | 'current' | 'todo';
}

/** The step indicator: the steps this subject type shows, numbered from 1. */
export function stepItems(draft: TMerchantDraft, step: number): TStepItem[] {
  return visibleSteps(draft).map((key, i) => ({
    key,
    title: STEP_TITLES[key],
    number: i + 1,
    status: i + 1 < step ? 'done' : i + 1 === step ? 'current' : 'todo',
  }));
}
export const selectStepItems = (snapshot: TSnapshot) => stepItems(snapshot.context.draft, snapshot.context.step);

/** Browser storage key of the current step (spec §3 "plus a stored step"). */
export const STEP_STORAGE_KEY = 'step';

/**
 * What the browser keeps (spec §3): each section under its own name as JSON, out_request_no as text and the
 * step. A section still empty is removed (null), so "clear" leaves nothing but step 1.
 */
export function storageEntries(draft: TMerchantDraft, step: number): Record<string, string | null> {
  const empty = emptyDraft();
  const entries: Record<string, string | null> = { out_request_no: draft.out_request_no || null, [STEP_STORAGE_KEY]: String(step) };
  for (const key of DRAFT_SECTIONS) {
    const value = JSON.stringify(draft[key]);
    entries[key] = value === JSON.stringify(empty[key]) ? null : value;
  }
  return entries;
}
