import type { TVoteSettings } from '../../../schemas/vote/vote-rules';
import { publicId } from '../../../server/services/crypto';
import { loginNewUser } from '../../helpers/fixtures';
import type { TestApp } from '../../helpers/test-app';

/** A logged-in creator with their user id. */
export async function creator(t: TestApp) {
  const login = await loginNewUser(t);
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [login.phone]);
  return { ...login, id: row!.id };
}

/**
 * A running vote of `ownerId` with `players` approved players (rows as core's saveOrUpdateVote and addPlayer
 * write them), and the given rules. Returns the voteId and the players' public ids.
 */
export async function makeVote(t: TestApp, ownerId: number, options: { settings?: Partial<TVoteSettings>; players?: number; title?: string } = {}) {
  const voteId = publicId();
  const n = options.players ?? 2;
  const [vote] = await t.database.query<{ id: number }>(
    `INSERT INTO vote_activities (public_id, owner_id, title, status, settings, player_seq, cover_images) VALUES ($1, $2, $3, 'running', $4::jsonb, $5, '["/covers/vote-1.jpg"]'::jsonb) RETURNING id`,
    [voteId, ownerId, options.title ?? '最美教师评选', JSON.stringify(options.settings ?? {}), n],
  );
  const [type] = await t.database.query<{ id: number }>(`INSERT INTO vote_player_types (vote_id, name) VALUES ($1, '小学组') RETURNING id`, [vote!.id]);
  const players: string[] = [];
  for (let i = 1; i <= n; i++) {
    const id = publicId();
    await t.database.query(`INSERT INTO vote_players (public_id, vote_id, type_id, no, name, photo) VALUES ($1, $2, $3, $4, $5, $6)`, [
      id,
      vote!.id,
      type!.id,
      i,
      `选手${i}`,
      `/uploads/p${i}.jpg`,
    ]);
    players.push(id);
  }
  return { voteId, id: vote!.id, players, typeId: type!.id };
}
