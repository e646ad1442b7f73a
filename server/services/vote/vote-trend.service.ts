import type { z } from 'zod';
import type { TTrend, ZTrendRequest } from '../../../schemas/api/vote';
import type { Database } from '../../db/client';
import type { AuthUser } from '../access/sessions.service';
import { accessVote } from './vote-access.service';
import { col, defineSql } from '../../db/sql';

/** Shanghai wall time of a vote row; the buckets are its hours or days. */
const LOCAL = `(b.created_at AT TIME ZONE 'Asia/Shanghai')`;
const FORMAT = { hour: 'YYYY-MM-DD HH24:00', day: 'YYYY-MM-DD' } as const;

const voteTrendSql = defineSql(
  'vote-trend.voteTrend',
  { id: col.int, public_id: col.text, no: col.int, name: col.text, votes: col.int },
  `SELECT p.id, p.public_id, p.no, p.name, count(*)::int AS votes FROM vote_ballots b JOIN vote_players p ON p.id = b.player_id
     WHERE b.vote_id = $1 AND b.valid GROUP BY p.id ORDER BY votes DESC, p.no LIMIT $2`,
);

const voteTrendSql2 = defineSql(
  'vote-trend.voteTrend2',
  { total: col.int, by_hour: col.bool.orNull() },
  `SELECT count(*)::int AS total, max(${LOCAL}) - min(${LOCAL}) < interval '2 days' AS by_hour FROM vote_ballots b WHERE b.vote_id = $1 AND b.valid`,
);
const voteTrendSql3 = defineSql(
  'vote-trend.voteTrend3',
  { bucket: col.text },
  `SELECT to_char(g, $3) AS bucket
     FROM (SELECT min(${LOCAL}) AS lo, max(${LOCAL}) AS hi FROM vote_ballots b WHERE b.vote_id = $1 AND b.valid) s,
     generate_series(date_trunc($2, s.lo), date_trunc($2, s.hi), ('1 ' || $2)::interval) g ORDER BY g`,
);
const voteTrendSql4 = defineSql(
  'vote-trend.voteTrend4',
  { player_id: col.int, bucket: col.text, n: col.int },
  `SELECT b.player_id, to_char(date_trunc($3, ${LOCAL}), $4) AS bucket, count(*)::int AS n FROM vote_ballots b
     WHERE b.vote_id = $1 AND b.valid AND b.player_id = ANY($2::int[]) GROUP BY 1, 2`,
);

/**
 * getVotingTrendList: valid votes per hour (under two days between the first and the last) or per day, Asia/Shanghai,
 * for the `top` players with the most valid votes, over the whole activity. Every bucket between the first and the
 * last is answered, zeros included, so a line is true to time.
 */
export async function voteTrend(database: Database, user: AuthUser, body: z.output<typeof ZTrendRequest>): Promise<TTrend> {
  const { vote } = await accessVote(database.query, user, body.voteId, { allowDeleted: true });
  const [span] = await voteTrendSql2.run(database.query, [vote.id]);
  const unit = span!.by_hour === false ? 'day' : 'hour';
  if (!span!.total) return { unit, buckets: [], series: [], total: 0 };
  const buckets = await voteTrendSql3.run(database.query, [vote.id, unit, FORMAT[unit]]);
  const players = await voteTrendSql.run(database.query, [vote.id, body.top]);
  const counts = await voteTrendSql4.run(database.query, [vote.id, players.map((p) => p.id), unit, FORMAT[unit]]);
  const at = new Map(buckets.map((b, i) => [b.bucket, i]));
  const series = players.map((p) => ({ playerId: p.public_id, no: p.no, name: p.name, votes: p.votes, counts: buckets.map(() => 0) }));
  const of = new Map(players.map((p, i) => [p.id, series[i]!]));
  for (const c of counts) of.get(c.player_id)!.counts[at.get(c.bucket)!] = c.n;
  return { unit, buckets: buckets.map((b) => b.bucket), series, total: span!.total };
}
