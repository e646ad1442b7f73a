import type { TSpaceItem, TSpaceParticipation } from '../../../../schemas/api/coins';
import type { TBrand } from '../../../../schemas/brands';
import { SPACE_KINDS } from '../../../../schemas/coins/space';
import type { TSpaceAnswerState } from '../../../../schemas/coins/rules';
import type { AuthUser } from '../../access/sessions.service';
import type { Deps } from '../../deps';
import { coinsOf } from '../../coin-ledger/coin-ledger.service';
import { RELEASE_SELECT, releaseOut, type ReleaseRow } from './space-release.service';

interface Paging {
  page: number;
  pageSize: number;
}

const ORDER = {
  reward: 'r.reward DESC, r.id DESC',
  new: 'r.id DESC',
  short: 'r.minutes ASC, r.reward DESC, r.id DESC',
} as const;

type ItemRow = {
  public_id: string;
  question_public_id: string;
  title: string;
  question_type: number;
  subjects: number;
  minutes: number;
  reward: number;
  remaining: number;
  answered: boolean;
  mine: boolean;
  releaser: string;
  created_at: Date | string;
  total: number;
};

/** 「****5678」 or a shortened name: who released it, without giving their phone number away. */
const releaserName = (name: string) => (/^\d{7,}$/.test(name) ? `用户${name.slice(-4)}` : name.length > 12 ? `${name.slice(0, 12)}…` : name);

/**
 * 互助答题: the open releases of this brand that can still pay an answer, of published projects people answer;
 * by reward, newest or shortest, one kind or all; the caller's own and already answered ones flagged.
 */
export async function spaceList(deps: Deps, user: AuthUser, brand: TBrand, body: Paging & { sort: keyof typeof ORDER; questionType?: number }) {
  const { query } = deps.database;
  const kinds = body.questionType ? SPACE_KINDS.filter((k) => k === body.questionType) : SPACE_KINDS;
  const rows = await query<ItemRow>(
    `SELECT r.public_id, p.public_id AS question_public_id, p.title, p.question_type, r.minutes, r.reward,
       ((r.budget - r.paid) / r.reward)::int AS remaining, r.created_at,
       (SELECT count(*)::int FROM subjects s WHERE s.project_id = p.id AND s.deleted_at IS NULL) AS subjects,
       EXISTS (SELECT 1 FROM space_answers a WHERE a.release_id = r.id AND a.user_id = $2) AS answered,
       r.user_id = $2 AS mine, u.username AS releaser, (count(*) OVER ())::int AS total
     FROM space_releases r JOIN projects p ON p.id = r.project_id JOIN users u ON u.id = r.user_id
     WHERE r.brand = $1 AND r.state = 'open' AND r.budget - r.paid >= r.reward
       AND p.status = 1 AND p.deleted_at IS NULL AND p.question_type = ANY($3::int[])
     ORDER BY ${ORDER[body.sort]} LIMIT $4 OFFSET $5`,
    [brand.id, user.id, kinds, body.pageSize, (body.page - 1) * body.pageSize],
  );
  const list: TSpaceItem[] = rows.map((r) => ({
    releaseId: r.public_id,
    questionId: r.question_public_id,
    title: r.title,
    questionType: r.question_type,
    subjectCount: r.subjects,
    minutes: r.minutes,
    reward: r.reward,
    remaining: r.remaining,
    answered: r.answered,
    mine: r.mine,
    releaser: releaserName(r.releaser),
    createTime: new Date(r.created_at).toISOString(),
  }));
  return { list, total: rows[0]?.total ?? 0, coin: await coinsOf(query, user.id, brand.id), coinName: brand.coinName };
}

/** 我参与的: the caller's answers from the space on this brand, newest first, paid or refused with why. */
export async function spaceParticipations(deps: Deps, user: AuthUser, brand: TBrand, body: Paging) {
  const rows = await deps.database.query<{
    public_id: string;
    question_public_id: string;
    title: string;
    reward: number;
    state: TSpaceAnswerState;
    reason: string;
    created_at: Date | string;
    total: number;
  }>(
    `SELECT r.public_id, p.public_id AS question_public_id, p.title, a.reward, a.state, a.reason, a.created_at, (count(*) OVER ())::int AS total
     FROM space_answers a JOIN space_releases r ON r.id = a.release_id JOIN projects p ON p.id = r.project_id
     WHERE a.user_id = $1 AND r.brand = $2 ORDER BY a.id DESC LIMIT $3 OFFSET $4`,
    [user.id, brand.id, body.pageSize, (body.page - 1) * body.pageSize],
  );
  const list: TSpaceParticipation[] = rows.map((r) => ({
    releaseId: r.public_id,
    questionId: r.question_public_id,
    title: r.title,
    reward: r.reward,
    state: r.state,
    reason: r.reason,
    createTime: new Date(r.created_at).toISOString(),
  }));
  return { list, total: rows[0]?.total ?? 0 };
}

/** 我发布的: the caller's releases on this brand, open first, newest first. */
export async function spaceReleases(deps: Deps, user: AuthUser, brand: TBrand, body: Paging) {
  const rows = await deps.database.query<ReleaseRow & { total: number }>(
    `${RELEASE_SELECT.replace('SELECT r.*', 'SELECT r.*, (count(*) OVER ())::int AS total')}
     WHERE r.user_id = $1 AND r.brand = $2 ORDER BY (r.state = 'open') DESC, r.id DESC LIMIT $3 OFFSET $4`,
    [user.id, brand.id, body.pageSize, (body.page - 1) * body.pageSize],
  );
  return { list: rows.map(releaseOut), total: rows[0]?.total ?? 0 };
}
