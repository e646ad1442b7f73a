import type { SnapshotFrom } from 'xstate';
import type { chainQuickStartMachine } from './chain-quick-start.machine';

type TSnapshot = SnapshotFrom<typeof chainQuickStartMachine>;

export { selectLimitDialog } from '../creation/creation.selectors';

const STEPS = { checking: '正在检查…', creating: '正在创建…', configuring: '正在保存设置…', publishing: '正在发布…' } as const;
type TStep = keyof typeof STEPS;

/** The step running now, as the button says it. */
export const selectStepLabel = (snapshot: TSnapshot): string | null => {
  const step = (Object.keys(STEPS) as TStep[]).find((state) => snapshot.matches(state));
  return step ? STEPS[step] : null;
};

/** A call is running: the form is locked and 发布 shows progress. */
export const selectBusy = (snapshot: TSnapshot): boolean => selectStepLabel(snapshot) !== null;

/** The chain is live: the screen turns into its share view. */
export const selectPublished = (snapshot: TSnapshot): boolean => snapshot.matches('published');
