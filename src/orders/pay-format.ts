/** Integer fen as yuan with two decimals: 10990 → "109.90". */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

/** Signed money with its ¥: -3995 → "-¥39.95". */
export const money = (fen: number) => (fen < 0 ? `-¥${yuan(-fen)}` : `¥${yuan(fen)}`);

/** A moment in Asia/Shanghai, "2026-11-27 16:05" (orders are shown in the project's zone, whoever looks). */
export const shanghai = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') : '—');

/**
 * The answering page's device key (src/respond/draft.ts keeps it under this name on the same origin). A browser
 * that never answered has none: a logged-in buyer is known by the login anyway (the server checks the order's
 * user first), so a well-formed stand-in is sent instead of an empty key the contract would refuse.
 */
export const NO_DEVICE = 'no-device-key';
export function respondDevice(): string {
  try {
    return localStorage.getItem('wj.respond.device') || NO_DEVICE;
  } catch {
    return NO_DEVICE;
  }
}
