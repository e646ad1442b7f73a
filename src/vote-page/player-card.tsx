import type { TPlayerView } from './model';
import type { LiveStore } from './store';
import { useLive } from './store';

export function PlayerPhoto({ player, className = 'v-photo' }: { player: TPlayerView; className?: string }) {
  return (
    <span className={className}>
      {player.photo ? <img src={player.photo} alt="" loading="lazy" /> : <span className="v-photo-none">{player.name.slice(0, 1)}</span>}
      <span className="v-no">{player.no}号</span>
    </span>
  );
}

/** The votes a player has now: the newest count the page knows (a ballot's answer beats the list's). */
export function useVotes(live: LiveStore, player: TPlayerView): number | null {
  const known = useLive(live, (s) => s.votes[player.playerId]);
  if (player.votes === null) return null;
  return known ?? player.votes;
}

export function VotesText({ votes }: { votes: number | null }) {
  if (votes === null) return null;
  return (
    <span className="v-votes">
      <b>{votes}</b> 票
    </span>
  );
}

export function PlayerCard(props: { player: TPlayerView; live: LiveStore; onOpen: () => void; voteButton: React.ReactNode }) {
  const { player, live } = props;
  const votes = useVotes(live, player);
  return (
    <article className="v-card" aria-label={`${player.no}号 ${player.name}`}>
      <button type="button" className="v-card-open" onClick={props.onOpen} aria-label={`查看 ${player.no}号 ${player.name} 的详情`}>
        <PlayerPhoto player={player} />
      </button>
      <div className="v-card-body">
        <span className="v-name">{player.name}</span>
        <VotesText votes={votes} />
        {props.voteButton}
      </div>
    </article>
  );
}
