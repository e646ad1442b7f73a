import type { TStandIns } from '../stand-ins';
import type { TVoteActivityEvent } from './vote-activity.types';

/** No actors: the screens make the call (getVoteSuspendOrStart, getDelVote, getThoroughDelVote) and send the event on success. */
export const voteActivityStandIns: TStandIns = {};
export const voteActivitySampleEvents: TVoteActivityEvent[] = [];
