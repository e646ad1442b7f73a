import type { SnapshotFrom } from 'xstate';
import type { giftExchangeMachine } from './gift-exchange.machine';

type TSnapshot = SnapshotFrom<typeof giftExchangeMachine>;

/** Which dialog the page shows: none, the address form, or the confirmation (with its busy, failed and done faces). */
export type TExchangeStep = 'closed' | 'address' | 'confirm';
export const selectExchangeStep = (s: TSnapshot): TExchangeStep => (s.matches('address') ? 'address' : s.matches('choosing') ? 'closed' : 'confirm');
export const selectSubmitting = (s: TSnapshot) => s.matches('submitting');
export const selectFailed = (s: TSnapshot) => s.matches('failed');
export const selectDone = (s: TSnapshot) => s.matches('done');
