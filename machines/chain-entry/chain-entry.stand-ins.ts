import type { TStandIns } from '../stand-ins';
import type { TChainEntryEvent } from './chain-entry.types';

/** The entry's moves are decided by the server; the machine invokes nothing. */
export const chainEntryStandIns: TStandIns = {};

export const chainEntrySampleEvents: TChainEntryEvent[] = [];
