import { STEP_STORAGE_KEY, storageEntries } from '../../../machines/merchant-onboarding/merchant-onboarding.selectors';
import { DRAFT_SECTIONS, emptyDraft, restoreSection, type TMerchantDraft } from '../../../schemas/merchant/draft';

/**
 * The draft in localStorage under the spec's field names (§3): each section as JSON, out_request_no as text,
 * plus the step. Reading never throws: broken or old entries start empty.
 */
export function readStoredDraft(storage: Storage = localStorage): { draft: TMerchantDraft; step: number } {
  const draft = emptyDraft();
  for (const key of DRAFT_SECTIONS) {
    const raw = storage.getItem(key);
    if (raw === null) continue;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = null;
    }
    (draft as Record<string, unknown>)[key] = restoreSection(key, parsed);
  }
  const number = storage.getItem('out_request_no') ?? '';
  draft.out_request_no = /^[A-Za-z0-9_-]{8,64}$/.test(number) ? number : '';
  const step = Number(storage.getItem(STEP_STORAGE_KEY));
  return { draft, step: Number.isInteger(step) && step > 0 ? step : 1 };
}

/** Writes what changed; answers false when the browser refused (storage full). */
export function writeStoredDraft(draft: TMerchantDraft, step: number, storage: Storage = localStorage): boolean {
  try {
    for (const [key, value] of Object.entries(storageEntries(draft, step))) {
      if (value === null) storage.removeItem(key);
      else if (storage.getItem(key) !== value) storage.setItem(key, value);
    }
    return true;
  } catch {
    return false;
  }
}
