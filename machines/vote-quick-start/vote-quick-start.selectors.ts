import type { SnapshotFrom } from 'xstate';
import type { TLimitDialog } from '../creation/creation.selectors';
import type { voteQuickStartMachine } from './vote-quick-start.machine';

type TSnapshot = SnapshotFrom<typeof voteQuickStartMachine>;

/** Which of the two screens shows (the limit dialog and a failure stay on the players). */
export const selectScreen = (snapshot: TSnapshot): 'basics' | 'players' => (snapshot.matches('basics') ? 'basics' : 'players');

/** A call is running: the form is locked and 发布 shows progress. */
export const selectBusy = (snapshot: TSnapshot): boolean =>
  snapshot.matches('checking') || snapshot.matches('creating') || snapshot.matches('savingPlayers') || snapshot.matches('publishing');

/** The vote is live: the screen turns into its share view. */
export const selectPublished = (snapshot: TSnapshot): boolean => snapshot.matches('published');

/** The step running now, as the button says it. */
export function selectStepLabel(snapshot: TSnapshot): string | null {
  if (snapshot.matches('checking') || snapshot.matches('creating')) return '正在创建…';
  if (snapshot.matches('savingPlayers')) return '正在保存选手…';
  return snapshot.matches('publishing') ? '正在发布…' : null;
}

/** The daily-limit dialog of the create pages (spec §8), naming the level and its maxNumber. */
export function selectLimitDialog(snapshot: TSnapshot): TLimitDialog | null {
  if (!snapshot.matches('dailyLimit')) return null;
  const limits = snapshot.context.limits;
  return { kind: 'daily', levelName: limits?.levelName ?? '免费版', maxNumber: limits?.maxNumber ?? 20, memberLevel: limits?.memberLevel ?? 1 };
}
