import { SMS_MESSAGES, type TContactLinkInfo } from '../../../schemas/api/sms';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import type { Deps } from '../deps';
import { AppError, conflict, notFound } from '../errors';

const openLinkSql = defineSql(
  'contact-link.open',
  { name: col.text, one_sheet: col.bool, sheet_id: col.int.orNull() },
  `UPDATE contact_links l SET opened_at = COALESCE(l.opened_at, $3) FROM contacts c, projects p
   WHERE l.token = $1 AND p.public_id = $2 AND l.project_id = p.id AND c.id = l.contact_id
   RETURNING c.name, l.one_sheet, l.sheet_id`,
);

/**
 * A contact's own link on the answering page (?ct=, issue 50 item 4): opening it records opened_at the first time
 * and tells the page the contact's name (its 姓名 field) and whether a one-sheet link was already answered; the
 * submit claims it in the sheet's transaction (claimContactLink).
 */
export async function openContactLink(query: Query, body: { questionId: string; ct: string }, now: Date): Promise<TContactLinkInfo> {
  const [row] = await openLinkSql.run(query, [body.ct, body.questionId, now]);
  if (!row) throw notFound(SMS_MESSAGES.linkInvalid);
  return { name: row.name, answered: row.one_sheet && row.sheet_id !== null, oneSheet: row.one_sheet };
}

/** Before the sheet's transaction: the strategy's precheck (the exact one checks nothing). */
export async function precheckContactLink(deps: Pick<Deps, 'linkClaim' | 'database'>, projectId: number, token: string): Promise<void> {
  if (!(await deps.linkClaim.precheck(deps.database.query, { projectId, token }))) await refuseLink(deps.database.query, projectId, token);
}

/** In the sheet's transaction, after its statement stored it: claim the link, or refuse the sheet (rolls back). */
export async function claimContactLink(deps: Pick<Deps, 'linkClaim'>, q: Query, projectId: number, token: string, sheetPublicId: string, now: Date) {
  const [sheet] = await q<{ id: number }>('SELECT id FROM answer_sheets WHERE public_id = $1', [sheetPublicId]);
  if (await deps.linkClaim.claim(q, { projectId, token, sheetId: sheet!.id, now })) return;
  await refuseLink(q, projectId, token);
}

async function refuseLink(query: Query, projectId: number, token: string): Promise<never> {
  const [row] = await query('SELECT id FROM contact_links WHERE token = $1 AND project_id = $2', [token, projectId]);
  if (!row) throw new AppError('404', SMS_MESSAGES.linkInvalid, { reason: 'contactLink' });
  throw conflict(SMS_MESSAGES.linkUsed);
}
