import type { SnapshotFrom } from 'xstate';
import type { chainQuickStartMachine } from './chain-quick-start.machine';

type TSnapshot = SnapshotFrom<typeof chainQuickStartMachine>;

/** A call is running: the form is locked and 发布 shows progress. */
export const selectBusy = (snapshot: TSnapshot): boolean => ['creating', 'configuring', 'publishing'].some((state) => snapshot.matches(state as 'creating'));

/** The chain is live: the screen turns into its share view. */
export const selectPublished = (snapshot: TSnapshot): boolean => snapshot.matches('published');

/** The step running now, as the button says it. */
export const selectStepLabel = (snapshot: TSnapshot): string | null =>
  snapshot.matches('creating') ? '正在创建…' : snapshot.matches('configuring') ? '正在保存设置…' : snapshot.matches('publishing') ? '正在发布…' : null;
