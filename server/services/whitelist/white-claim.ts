import { WHITE_MESSAGES } from '../../../schemas/api/whitelist';
import type { TProjectSettings } from '../../../schemas/api/settings';
import type { Query } from '../../db/client';
import { AppError, conflict } from '../errors';

/** One sheet's claim of its whitelist entry, made in the sheet's transaction after its statement stored it. */
export interface WhiteClaim {
  projectId: number;
  entryId: number;
  /** How often the entry answers (answersAllowed). */
  allowed: number;
  sheetPublicId: string;
  now: Date;
}

/**
 * How the claim holds under concurrency: exactWhiteClaim is one conditional UPDATE (answer_count < allowed) in the
 * sheet's transaction, so ten parallel submits with one access code store one sheet. `precheck` runs before that
 * transaction: the exact one checks nothing there; the concurrency test injects a naive one that reads the count
 * there and then writes unconditionally (tests/helpers/naive-strategies.ts), to show it lets several through.
 */
export interface WhiteClaimStrategy {
  precheck(query: Query, claim: Omit<WhiteClaim, 'sheetPublicId' | 'now'>): Promise<boolean>;
  claim(query: Query, claim: WhiteClaim): Promise<boolean>;
}

export const exactWhiteClaim: WhiteClaimStrategy = {
  precheck: async () => true,
  async claim(query, c) {
    const rows = await query(
      `UPDATE whitelist_entries SET answer_count = answer_count + 1, answered_at = $4,
              sheet_id = (SELECT id FROM answer_sheets WHERE public_id = $3)
        WHERE id = $1 AND project_id = $2 AND answer_count < $5 RETURNING id`,
      [c.entryId, c.projectId, c.sheetPublicId, c.now, c.allowed],
    );
    return rows.length > 0;
  },
};

/** Claim the entry or refuse the sheet (the thrown refusal rolls the sheet's transaction back). */
export async function claimEntry(strategy: WhiteClaimStrategy, query: Query, settings: Pick<TProjectSettings, 'whitelistMode'>, c: WhiteClaim) {
  if (await strategy.claim(query, c)) return;
  await refuseClaim(query, settings, c);
}

/** Why an entry was not claimed: gone from the list ("403"), or its answers used ("409"). */
export async function refuseClaim(
  query: Query,
  settings: Pick<TProjectSettings, 'whitelistMode'>,
  c: Pick<WhiteClaim, 'entryId' | 'projectId'>,
): Promise<never> {
  const still = await query('SELECT 1 FROM whitelist_entries WHERE id = $1 AND project_id = $2', [c.entryId, c.projectId]);
  if (!still.length) throw new AppError('403', WHITE_MESSAGES.notListed, { reason: 'notWhitelisted' });
  throw conflict(settings.whitelistMode === 'code' ? WHITE_MESSAGES.codeUsed : WHITE_MESSAGES.used);
}
