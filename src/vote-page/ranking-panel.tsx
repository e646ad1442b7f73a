import { listRanking } from './api';
import { ListFoot } from './comments-panel';
import type { TPlayerView, TRankRow } from './model';
import { useVotes, VotesText } from './player-card';
import type { LiveStore } from './store';
import { useInfinite } from './use-infinite';

function RankRow({ row, live, onOpen }: { row: TRankRow; live: LiveStore; onOpen: () => void }) {
  const votes = useVotes(live, row);
  return (
    <li>
      <span className="v-rank-pos" aria-label={`第 ${row.rank} 名`}>
        {row.rank}
      </span>
      {row.photo ? <img className="v-rank-photo" src={row.photo} alt="" loading="lazy" /> : <span className="v-rank-photo" aria-hidden />}
      <button type="button" className="v-rank-main v-card-open" onClick={onOpen}>
        <span className="v-name" style={{ display: 'block' }}>
          {row.name}
        </span>
        <small>{row.no}号</small>
      </button>
      <span className="v-rank-votes">
        <VotesText votes={votes} />
      </span>
    </li>
  );
}

/**
 * 排行榜: players by votes, read again each time the tab opens (`round`), so votes cast meanwhile move them.
 * Counts the page has just cast show at once in each row.
 */
export function RankingPanel({
  voteId,
  live,
  round,
  onOpen,
}: {
  voteId: string;
  live: LiveStore;
  round: number;
  onOpen: (p: TPlayerView, list: TPlayerView[]) => void;
}) {
  const list = useInfinite(
    async (page) => {
      const got = await listRanking({ voteId, page, pageSize: 20 });
      live.seed(got.list);
      return got;
    },
    [voteId, round],
  );
  return (
    <section aria-label="排行榜">
      {list.items.length === 0 && list.done ? <p className="v-empty">还没有选手上榜</p> : null}
      <ol className="v-rank" aria-label="选手排名">
        {list.items.map((row) => (
          <RankRow key={row.playerId} row={row} live={live} onOpen={() => onOpen(row, list.items)} />
        ))}
      </ol>
      <ListFoot list={list} />
    </section>
  );
}
