/** Limits of a sign-up chain (issue 20 item 1), shared by the contracts and the screens. */
export const CHAIN_LIMITS = {
  /** Largest cap a creator may set (places, counting each entry's people). */
  maxCap: 100_000,
  /** People one entry may bring (本人 + 同行). */
  maxPeople: 20,
  nameLength: 30,
  answerLength: 200,
  noteLength: 500,
  reasonLength: 100,
  /** Names a "still missing" list may hold. */
  missingNames: 2_000,
} as const;

/** Whether the chain takes joins at `now` (closed early or past its deadline → no). */
export function chainOpen(chain: { closed: boolean; deadline: string | Date | null }, now: Date): boolean {
  if (chain.closed) return false;
  return chain.deadline === null || new Date(chain.deadline).getTime() > now.getTime();
}
