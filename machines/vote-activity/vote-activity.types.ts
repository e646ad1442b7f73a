import type { TVoteLifecycleEvent, TVoteStatus } from '../../schemas/vote/vote-lifecycle';

/** The machine's events are the table's (schemas/vote/vote-lifecycle.ts): the UI sends one after its call succeeded. */
export type TVoteActivityEvent = { type: TVoteLifecycleEvent };
export interface TVoteActivityContext {
  /** The status it has, and has again when restored from the bin. */
  status: TVoteStatus;
  /** How many times the activity went to the bin (shown by the simulator). */
  binned: number;
}
