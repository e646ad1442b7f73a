/**
 * A credential WeChat issues for a while (the component access token, a jsapi_ticket) shared by every process
 * through one database row: used while it has more than five minutes left; otherwise one process claims the fetch
 * (a conditional statement, held 30 s at most), asks WeChat and stores the value with its expiry, while the others
 * wait for the row instead of asking WeChat too (each new value cuts the old one's life short, and the daily quotas
 * are small). A failed fetch releases the claim.
 */
const MARGIN_MS = 5 * 60_000;
const CLAIM_MS = 30_000;
const WAIT_STEP_MS = 100;

export interface SharedCredential<TRow> {
  now: () => Date;
  /** The stored row (undefined before there is one). */
  read: () => Promise<TRow | undefined>;
  value: (row: TRow) => string | null;
  expiresAt: (row: TRow) => Date | string | null;
  /** Takes the fetch until `until` unless a live claim holds it; the row when taken, undefined when another holds it. */
  claim: (until: Date, now: Date) => Promise<TRow | undefined>;
  /** Asks WeChat (with what the claimed row carries) and stores the value, the claim released; the value. */
  fetch: (claimed: TRow) => Promise<string>;
  release: () => Promise<void>;
  /** A refusal before any claim, given the stored row that is not fresh (the component token needs a pushed ticket). */
  cannotFetch?: (row: TRow | undefined) => Error | null;
  /** How many steps of 100 ms to wait for another process's fetch, and what to answer when it never lands. */
  waitSteps: number;
  busy: () => Error;
}

function fresh<TRow>(spec: SharedCredential<TRow>, row: TRow | undefined, now: Date): string | null {
  if (!row) return null;
  const value = spec.value(row);
  const expires = spec.expiresAt(row);
  return value && expires && new Date(expires).getTime() - MARGIN_MS > now.getTime() ? value : null;
}

export async function sharedCredential<TRow>(spec: SharedCredential<TRow>): Promise<string> {
  const now = spec.now();
  const row = await spec.read();
  const held = fresh(spec, row, now);
  if (held) return held;
  const refusal = spec.cannotFetch?.(row);
  if (refusal) throw refusal;
  const claimed = await spec.claim(new Date(now.getTime() + CLAIM_MS), now);
  if (claimed) {
    const landed = fresh(spec, claimed, now);
    if (!landed) return spec.fetch(claimed);
    await spec.release();
    return landed;
  }
  // Another process is fetching: take its value when it lands.
  for (let step = 0; step < spec.waitSteps; step++) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const again = fresh(spec, await spec.read(), spec.now());
    if (again) return again;
  }
  throw spec.busy();
}
