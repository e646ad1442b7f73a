import type { TStatistics } from '../../../schemas/api/vote-player';
import type { Database } from '../../db/client';
import type { AuthUser } from '../access/sessions.service';
import { accessVote } from './vote-access.service';
import { col, defineSql } from '../../db/sql';

type Row = {
  public_id: string;
  no: number;
  name: string;
  type_id: number | null;
  type_name: string | null;
  votes: number;
  voided: number;
  suspect: number;
  voters: number;
};

const voteStatisticsSql = defineSql(
  'vote-statistics.voteStatistics',
  { voters: col.int, visits: col.int },
  `SELECT (SELECT count(DISTINCT voter_key)::int FROM vote_ballots WHERE vote_id = $1) AS voters,
            (SELECT coalesce(sum(n), 0)::int FROM vote_visits WHERE vote_id = $1) AS visits`,
);

/** getStatisticsPlayerList: per player (valid votes from the shards, voided, suspect, distinct voters, rank) and per group. */
export async function voteStatistics(database: Database, user: AuthUser, voteId: string): Promise<TStatistics> {
  const { vote } = await accessVote(database.query, user, voteId, { allowDeleted: true });
  const rows = await database.query<Row>(
    `SELECT p.public_id, p.no, p.name, p.type_id, t.name AS type_name,
       coalesce((SELECT sum(c.n) FROM vote_player_counts c WHERE c.player_id = p.id), 0)::int AS votes,
       coalesce(b.voided, 0)::int AS voided, coalesce(b.suspect, 0)::int AS suspect, coalesce(b.voters, 0)::int AS voters
     FROM vote_players p
     LEFT JOIN vote_player_types t ON t.id = p.type_id
     LEFT JOIN (
       SELECT player_id, count(*) FILTER (WHERE NOT valid) AS voided, count(*) FILTER (WHERE suspect) AS suspect, count(DISTINCT voter_key) AS voters
       FROM vote_ballots WHERE vote_id = $1 GROUP BY player_id
     ) b ON b.player_id = p.id
     WHERE p.vote_id = $1 AND p.review = 'approved' ORDER BY votes DESC, p.no`,
    [vote.id],
  );
  const totals = await voteStatisticsSql.run(database.query, [vote.id]);
  let rank = 0;
  let last = -1;
  const players = rows.map((r, i) => {
    if (r.votes !== last) [rank, last] = [i + 1, r.votes];
    return {
      playerId: r.public_id,
      no: r.no,
      name: r.name,
      typeName: r.type_name,
      votes: r.votes,
      voided: r.voided,
      suspect: r.suspect,
      voters: r.voters,
      rank,
    };
  });
  const types = new Map<number | null, { typeId: number | null; name: string; players: number; votes: number }>();
  for (const r of rows) {
    const t = types.get(r.type_id) ?? { typeId: r.type_id, name: r.type_name ?? '未分组', players: 0, votes: 0 };
    t.players += 1;
    t.votes += r.votes;
    types.set(r.type_id, t);
  }
  const sum = (k: 'votes' | 'voided' | 'suspect') => rows.reduce((s, r) => s + r[k], 0);
  return {
    players,
    types: [...types.values()],
    totals: { votes: sum('votes'), voided: sum('voided'), suspect: sum('suspect'), voters: totals[0]!.voters, visits: totals[0]!.visits },
  };
}
