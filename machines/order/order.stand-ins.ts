import type { TStandIns } from '../stand-ins';
import type { TOrderEvent } from './order.types';

/** The order's moves are decided by the server (notifies, the creator's calls, the closing sweep); it invokes nothing. */
export const orderStandIns: TStandIns = {};

export const orderSampleEvents: TOrderEvent[] = [];
