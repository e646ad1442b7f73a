import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Query } from '../../../server/db/client';
import { ensureUser } from '../../../server/services/access/users.service';
import type { BallotInput } from '../../../server/services/vote/ballot-strategy';
import { engineName, openTestDatabase } from '../../helpers/test-db';

/**
 * The ballot's plans do not age (issue 54 item 6). wj_ballots and wj_ballot_held run with a generic plan that the
 * connection keeps for its life, made the first time it votes; on a nearly empty vote_ballots the burst checks'
 * plan took vote_ballots_voter_day_idx by vote_id alone and read every vote row of the vote for each ballot, so a
 * server that started empty slowed as its votes grew (bench/soak: ballots p50 4 ms → 866 ms). Here the plans are
 * made on an empty table, the vote then holds old vote rows from the same address, device and fingerprint (outside
 * every burst window), and the vote rows the next ballots read are counted: none, whatever the vote's size.
 */
let database: Database;
let inOneSession: <T>(work: (query: Query) => Promise<T>) => Promise<T>;
let voteId: number;
let players: string[];

const OLD_ROWS = 2_000;
let n = 0;
const ballot = (over: Partial<BallotInput> = {}): BallotInput => {
  n++;
  return {
    voteId,
    version: 1,
    ballotId: `plan-ballot-${n}`,
    hash: `h${n}`,
    voterKey: `d:plan-voter-${n}`,
    period: '2026-12-06',
    day: '2026-12-06',
    now: new Date(),
    players: [players[n % players.length]!],
    perVoter: 1000,
    perPlayer: null,
    whitelist: false,
    userId: null,
    phone: null,
    ip: '10.1.2.3',
    ipArea: '局域网',
    device: `plan-device-${n}`,
    shard: n % 16,
    burstIp: 30,
    burstDevice: 10,
    minGapMs: 1000,
    fingerprint: 'fp-plan',
    burstFingerprint: 3,
    ...over,
  };
};

/** Vote rows read (index entries and heap rows) by the statements of this transaction so far. */
const rowsRead = async (query: Query) => {
  const [row] = await query<{ n: string }>(
    `SELECT (SELECT coalesce(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0) FROM pg_index WHERE indrelid = 'vote_ballots'::regclass)
          + pg_stat_get_xact_tuples_returned('vote_ballots'::regclass) AS n`,
  );
  return Number(row!.n);
};

beforeAll(async () => {
  database = await openTestDatabase();
  inOneSession = database.session ? (work) => database.session!((query) => work(query)) : (work) => work(database.query);
  const { user } = await ensureUser(database, '13700005461');
  const [vote] = await database.query<{ id: number }>(
    `INSERT INTO vote_activities (public_id, owner_id, title, status, settings) VALUES ('planVote0001', $1, '计划', 'running', $2::jsonb) RETURNING id`,
    [user.id, JSON.stringify({ votesPerVoter: 1000, perPlayerPerDay: null })],
  );
  voteId = vote!.id;
  const rows = await database.query<{ public_id: string }>(
    `INSERT INTO vote_players (public_id, vote_id, no, name) SELECT 'planPlayer' || g, $1, g, '选手' || g FROM generate_series(1, 2) g RETURNING public_id`,
    [voteId],
  );
  players = rows.map((r) => r.public_id);
}, 60_000);
afterAll(() => database.close());

describe(`the ballot's plans on ${engineName()}`, () => {
  it('made on an empty table, the burst checks still read only the rows of their window when the vote has grown', async () => {
    await inOneSession(async (query) => {
      // The plans are made here, on an empty vote_ballots (the first ballots of this connection).
      await query('SELECT wj_ballots($1::jsonb)', [JSON.stringify([ballot(), ballot()])]);
      await query('SELECT * FROM wj_ballot($1::jsonb)', [JSON.stringify(ballot())]);
      // The vote grows: old vote rows from the same address, devices and fingerprint, outside every window.
      await query(
        `INSERT INTO vote_ballots (vote_id, player_id, ballot_id, voter_key, day, ip, device, fingerprint, shard, created_at)
         SELECT $1, p.id, 'old-' || g, 'd:old-' || g, current_date, '10.1.2.3', 'plan-device-old', 'fp-plan', 0, now() - interval '1 hour'
         FROM generate_series(1, $2::int) g JOIN vote_players p ON p.vote_id = $1 AND p.no = 1`,
        [voteId, OLD_ROWS],
      );
      for (const [name, sql, input] of [
        ['wj_ballots', 'SELECT wj_ballots($1::jsonb)', () => [ballot({ device: 'plan-device-old' }), ballot(), ballot()]],
        ['wj_ballot', 'SELECT * FROM wj_ballot($1::jsonb)', () => ballot({ device: 'plan-device-old' })],
      ] as const) {
        await query('BEGIN');
        try {
          const before = await rowsRead(query);
          const [answer] = await query<Record<string, unknown>>(sql, [JSON.stringify(input())]);
          const read = (await rowsRead(query)) - before;
          expect(JSON.stringify(answer), name).not.toContain('gone');
          // A check that read the vote by vote_id alone reads the 2,000 old rows (and more) per ballot.
          expect(read, `${name}: vote rows read`).toBeLessThan(50);
        } finally {
          await query('COMMIT');
        }
      }
    });
  });
});
