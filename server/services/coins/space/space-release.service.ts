import type { TBrand } from '../../../../schemas/brands';
import type { TSpaceRelease } from '../../../../schemas/api/coins';
import { SPACE_KINDS, SPACE_MESSAGES } from '../../../../schemas/coins/space';
import { PROJECT_STATUS } from '../../../../schemas/project-kinds';
import type { SpaceReleaseRow } from '../../../db/rows';
import { accessProject } from '../../access/powers.service';
import type { AuthUser } from '../../access/sessions.service';
import { publicId } from '../../crypto';
import type { Deps } from '../../deps';
import { badInput, conflict, notFound } from '../../errors';
import { coinsOf, notEnoughCoins } from '../../coin-ledger/coin-ledger.service';

export type ReleaseRow = SpaceReleaseRow & { title: string; question_public_id: string };

export const releaseOut = (r: ReleaseRow): TSpaceRelease => ({
  releaseId: r.public_id,
  questionId: r.question_public_id,
  title: r.title,
  reward: r.reward,
  budget: r.budget,
  paid: r.paid,
  refunded: r.refunded,
  answers: r.answers,
  minutes: r.minutes,
  state: r.state,
  createTime: new Date(r.created_at).toISOString(),
  closedTime: r.closed_at ? new Date(r.closed_at).toISOString() : null,
});

/** A release with its project's title and public id. */
export const RELEASE_SELECT = `SELECT r.*, p.title, p.public_id AS question_public_id FROM space_releases r JOIN projects p ON p.id = r.project_id`;

interface ReleaseRequest {
  questionId: string;
  reward: number;
  budget: number;
  minutes: number;
}

/**
 * 发布到互助空间: the caller manages a published project people answer; the budget is paid in the brand's coins up
 * front, in the release's transaction (not covered → "409" and no release); one open release per project (the
 * partial unique index decides between two at once).
 */
export async function releaseToSpace(deps: Deps, user: AuthUser, brand: TBrand, body: ReleaseRequest) {
  const { query } = deps.database;
  const { project } = await accessProject(query, user, body.questionId, 'manage');
  if (!SPACE_KINDS.includes(project.question_type)) throw badInput(SPACE_MESSAGES.notAnswerable);
  if (project.status !== PROJECT_STATUS.published) throw conflict(SPACE_MESSAGES.notPublished);
  if (body.budget < body.reward) throw badInput(SPACE_MESSAGES.budgetTooSmall, 'budget');
  const mover = await deps.coins.prepare(query, user.id, brand.id);
  const now = deps.now();
  const release = await deps.database.transaction(async (q) => {
    const [row] = await q<SpaceReleaseRow>(
      `INSERT INTO space_releases (public_id, project_id, user_id, brand, reward, budget, minutes, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (project_id) WHERE state = 'open' DO NOTHING RETURNING *`,
      [publicId(), project.id, user.id, brand.id, body.reward, body.budget, body.minutes, now],
    );
    if (!row) throw conflict(SPACE_MESSAGES.alreadyOpen);
    const after = await mover.change(q, {
      userId: user.id,
      brand: brand.id,
      delta: -body.budget,
      reason: 'space_release',
      reference: row.public_id,
      title: `发布到互助空间：${project.title}`.slice(0, 120),
      at: now,
    });
    if (after === null) throw conflict(notEnoughCoins(brand.coinName, body.budget, await coinsOf(q, user.id, brand.id)));
    return row;
  });
  return {
    release: releaseOut({ ...release, title: project.title, question_public_id: project.public_id }),
    coin: await coinsOf(query, user.id, brand.id),
    coinName: brand.coinName,
  };
}

/**
 * 退出互助空间 (the releaser only): one conditional UPDATE closes an open release with refunded = budget − paid, and
 * the rest goes back by the ledger in the same transaction; a second exit (or one after the budget ran out) is "409".
 */
export async function exitSpace(deps: Deps, user: AuthUser, brand: TBrand, releaseId: string) {
  const { query } = deps.database;
  const [found] = await query<ReleaseRow>(`${RELEASE_SELECT} WHERE r.public_id = $1 AND r.user_id = $2 AND r.brand = $3`, [releaseId, user.id, brand.id]);
  if (!found) throw notFound(SPACE_MESSAGES.releaseMissing);
  const mover = await deps.coins.prepare(query, user.id, brand.id);
  const now = deps.now();
  const closed = await deps.database.transaction(async (q) => {
    const [row] = await q<SpaceReleaseRow>(
      `UPDATE space_releases SET state = 'closed', refunded = budget - paid, closed_at = $2 WHERE id = $1 AND state = 'open' RETURNING *`,
      [found.id, now],
    );
    if (!row) throw conflict(SPACE_MESSAGES.exited);
    if (row.refunded > 0) {
      await mover.change(q, { userId: user.id, brand: brand.id, delta: row.refunded, reason: 'space_refund', reference: row.public_id, at: now });
    }
    return row;
  });
  return {
    release: releaseOut({ ...closed, title: found.title, question_public_id: found.question_public_id }),
    refunded: closed.refunded,
    coin: await coinsOf(query, user.id, brand.id),
    coinName: brand.coinName,
  };
}
