/** Events of a chain entry's life; the server takes the same moves (schemas/chain/entry-states.ts). */
export type TChainEntryEvent =
  { type: 'entry.join' } | { type: 'entry.queue' } | { type: 'entry.edit' } | { type: 'entry.promote' } | { type: 'entry.withdraw' } | { type: 'entry.remove' };

/** Each entry is numbered once; edits count for the screen only. */
export interface TChainEntryContext {
  edits: number;
}
