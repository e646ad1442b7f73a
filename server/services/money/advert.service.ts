import type { TAdvertFreeResult } from '../../../schemas/api/editor';
import { QUOTA_BUY_PATHS, QUOTA_EMPTY_MESSAGES } from '../../../schemas/money/catalog';
import type { Database } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import type { AuthUser } from '../access/sessions.service';
import { accessProject } from '../access/powers.service';
import { conflict } from '../errors';
import { consumeQuota, quotasOf } from './quota.service';

/** The project's first switch-on: marks it paid, once, whichever of parallel switches gets the row first. */
const markPaidSql = defineSql(
  'advert.markPaid',
  { id: col.int },
  `UPDATE projects SET advert_free = true, advert_paid_at = $2 WHERE id = $1 AND advert_paid_at IS NULL RETURNING id`,
);

/**
 * 去广告 (activity/question/setAdvertFree): the owner switches the brand's footer off (or back on) on a project's
 * respondent page. The project's first switch-on takes one unit of the owner's advert quota in the same
 * transaction as it marks the project paid (one conditional statement each), so parallel switches of one project
 * take one unit and parallel switches of many projects never take more than was bought; an empty quota is
 * refused (去广告次数不足…, data.buyPath) and nothing changes. Switching off, and on again later, is free.
 */
export async function setAdvertFree(database: Database, user: AuthUser | null, questionId: string, on: boolean, now: Date): Promise<TAdvertFreeResult> {
  const { project } = await accessProject(database.query, user, questionId, 'owner');
  const charged = await database.transaction(async (q) => {
    if (!on) {
      await q('UPDATE projects SET advert_free = false WHERE id = $1', [project.id]);
      return false;
    }
    const first = await markPaidSql.run(q, [project.id, now]);
    if (!first.length) {
      await q('UPDATE projects SET advert_free = true WHERE id = $1', [project.id]);
      return false;
    }
    if ((await consumeQuota(q, project.owner_id, 'advert', 1, now)) === null)
      throw conflict(QUOTA_EMPTY_MESSAGES.advert, { reason: 'quotaEmpty', kind: 'advert', buyPath: QUOTA_BUY_PATHS.advert });
    return true;
  });
  return { advertFree: on, remaining: (await quotasOf(database.query, project.owner_id)).advert, charged };
}
