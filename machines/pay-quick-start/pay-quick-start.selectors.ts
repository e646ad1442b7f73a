import type { SnapshotFrom } from 'xstate';
import type { TLimitDialog } from '../creation/creation.selectors';
import type { payQuickStartMachine } from './pay-quick-start.machine';

type TSnapshot = SnapshotFrom<typeof payQuickStartMachine>;

/** A call is running: the form is locked and 发布 shows progress. */
export const selectBusy = (snapshot: TSnapshot): boolean => snapshot.matches('checking') || snapshot.matches('creating') || snapshot.matches('publishing');

/** The page is live: the screen turns into its share view. */
export const selectPublished = (snapshot: TSnapshot): boolean => snapshot.matches('published');

/** The step running now, as the button says it. */
export const selectStepLabel = (snapshot: TSnapshot): string | null =>
  snapshot.matches('checking') || snapshot.matches('creating') ? '正在创建…' : snapshot.matches('publishing') ? '正在发布…' : null;

/** The create pages' limit dialogs (spec §8): the daily limit names the level, the subject limit its count. */
export function selectLimitDialog(snapshot: TSnapshot): TLimitDialog | null {
  const limits = snapshot.context.limits;
  const memberLevel = limits?.memberLevel ?? 1;
  if (snapshot.matches('dailyLimit')) return { kind: 'daily', levelName: limits?.levelName ?? '免费版', maxNumber: limits?.maxNumber ?? 20, memberLevel };
  return snapshot.matches('subjectLimit') ? { kind: 'subject', subjectLimit: limits?.subjectLimit ?? 200, memberLevel } : null;
}
