import type { Query } from '../../db/client';

/** A sheet's claim of the contact link it came through (?ct=), made in the sheet's transaction. */
export interface LinkClaim {
  projectId: number;
  token: string;
  sheetId: number;
  now: Date;
}

/**
 * How a one-sheet link holds under parallel submits (issue 50 item 4): exactLinkClaim is one conditional UPDATE
 * (NOT one_sheet OR sheet_id IS NULL) in the sheet's transaction, so ten parallel submits through one link store one
 * sheet. `precheck` runs before the transaction: the exact one checks nothing; the naive one in the tests reads
 * the link there and then writes unconditionally, and lets several through.
 */
export interface LinkClaimStrategy {
  precheck(query: Query, claim: Pick<LinkClaim, 'projectId' | 'token'>): Promise<boolean>;
  claim(query: Query, claim: LinkClaim): Promise<boolean>;
}

export const exactLinkClaim: LinkClaimStrategy = {
  precheck: async () => true,
  async claim(query, c) {
    const rows = await query(
      `UPDATE contact_links SET sheet_id = $3, answered_at = $4
       WHERE token = $1 AND project_id = $2 AND (NOT one_sheet OR sheet_id IS NULL) RETURNING id`,
      [c.token, c.projectId, c.sheetId, c.now],
    );
    return rows.length > 0;
  },
};
