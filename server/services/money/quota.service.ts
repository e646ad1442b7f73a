import { QUOTA_KINDS, type TQuotaKind } from '../../../schemas/money/catalog';
import type { Query } from '../../db/client';
import type { UserQuotaRow } from '../../db/rows';

type Remaining = Pick<UserQuotaRow, 'remaining'>;

/** Add a package's units to the user's quota of its kind, inside the purchase's transaction; what is left after. */
export async function grantQuota(q: Query, userId: number, kind: TQuotaKind, units: number, now: Date): Promise<number> {
  const [row] = await q<Remaining>(
    `INSERT INTO user_quotas AS u (user_id, kind, remaining, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, kind) DO UPDATE SET remaining = u.remaining + EXCLUDED.remaining, updated_at = EXCLUDED.updated_at
     RETURNING remaining`,
    [userId, kind, units, now],
  );
  return row!.remaining;
}

/**
 * A feature takes `units` of the user's quota (an SMS sent, an AI answer, a project's footer removed, a sheet
 * screened): one conditional statement, so parallel uses never take more than was bought. What is left, or null
 * when the quota does not cover it (nothing is taken).
 */
export async function consumeQuota(q: Query, userId: number, kind: TQuotaKind, units: number, now: Date): Promise<number | null> {
  const [row] = await q<Remaining>(
    `UPDATE user_quotas SET remaining = remaining - $3, used = used + $3, updated_at = $4
     WHERE user_id = $1 AND kind = $2 AND remaining >= $3 RETURNING remaining`,
    [userId, kind, units, now],
  );
  return row ? row.remaining : null;
}

/** Give back `units` a feature took and could not use (an SMS the provider refused): one conditional statement. */
export async function refundQuota(q: Query, userId: number, kind: TQuotaKind, units: number, now: Date): Promise<void> {
  await q(
    `UPDATE user_quotas SET remaining = remaining + $3, used = used - $3, updated_at = $4
     WHERE user_id = $1 AND kind = $2 AND used >= $3`,
    [userId, kind, units, now],
  );
}

/** What is left of every kind (0 for a kind never bought). */
export async function quotasOf(query: Query, userId: number): Promise<Record<TQuotaKind, number>> {
  const rows = await query<Pick<UserQuotaRow, 'kind' | 'remaining'>>('SELECT kind, remaining FROM user_quotas WHERE user_id = $1', [userId]);
  const out = Object.fromEntries(QUOTA_KINDS.map((kind) => [kind, 0])) as Record<TQuotaKind, number>;
  for (const row of rows) out[row.kind] = row.remaining;
  return out;
}
