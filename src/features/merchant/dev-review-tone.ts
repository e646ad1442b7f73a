import type { TApplymentState } from '../../../schemas/merchant/constants';

/** The badge colour of each state on the review page. */
export const STATE_TONE: Record<TApplymentState, 'wait' | 'bad' | 'sign' | 'good'> = {
  SUBMITTED: 'wait',
  AUDITING: 'wait',
  REJECTED: 'bad',
  TO_BE_SIGNED: 'sign',
  FINISHED: 'good',
};
