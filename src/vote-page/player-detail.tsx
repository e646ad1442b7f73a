import { useState } from 'react';
import { RichText } from '../respond/rich-text';
import { getNeighbour } from './api';
import { messageOf } from './client';
import type { TPlayerView } from './model';
import { useVotes, VotesText } from './player-card';
import { Sheet } from './sheet';
import type { LiveStore } from './store';

const isOwnFile = (url: string) => url.startsWith('/uploads/');

function Media({ player }: { player: TPlayerView }) {
  return (
    <>
      {player.videoUrl ? (
        isOwnFile(player.videoUrl) ? (
          <video className="v-media" src={player.videoUrl} controls playsInline preload="none" aria-label="选手视频" />
        ) : (
          <a className="v-btn v-btn-ghost v-btn-sm" href={player.videoUrl} target="_blank" rel="noopener noreferrer">
            观看选手视频
          </a>
        )
      ) : null}
      {player.audioUrl ? (
        isOwnFile(player.audioUrl) ? (
          <audio className="v-media" src={player.audioUrl} controls preload="none" aria-label="选手音频" />
        ) : (
          <a className="v-btn v-btn-ghost v-btn-sm" href={player.audioUrl} target="_blank" rel="noopener noreferrer">
            收听选手音频
          </a>
        )
      ) : null}
    </>
  );
}

/** A player's page in a sheet: photo, number, votes, introduction, media, vote, and 上一位/下一位 (getLastOrNext). */
export function PlayerDetail(props: {
  voteId: string;
  player: TPlayerView;
  live: LiveStore;
  onClose: () => void;
  onMove: (player: TPlayerView) => void;
  voteButton: (player: TPlayerView) => React.ReactNode;
  footer: (player: TPlayerView) => React.ReactNode;
}) {
  const { player, live } = props;
  const votes = useVotes(live, player);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  const move = async (direction: 'last' | 'next') => {
    setBusy(true);
    setNote(null);
    try {
      const next = await getNeighbour(props.voteId, player.playerId, direction);
      if (next) props.onMove(next);
      else setNote(direction === 'last' ? '已经是第一位选手了' : '已经是最后一位选手了');
    } catch (e) {
      setNote(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet title={`${player.no}号 ${player.name}`} onClose={props.onClose}>
      {player.photo ? <img className="v-detail-photo" src={player.photo} alt={`${player.name}的照片`} /> : null}
      <div className="v-detail-meta">
        <span className="v-votes">{player.typeName ? `分组：${player.typeName}` : `编号 ${player.no}`}</span>
        <VotesText votes={votes} />
      </div>
      {player.description ? <RichText html={player.description} className="v-detail-desc" /> : null}
      <Media player={player} />
      <div style={{ marginTop: 12 }}>{props.voteButton(player)}</div>
      {note ? (
        <p className="v-left" role="status">
          {note}
        </p>
      ) : null}
      <div className="v-detail-nav">
        <button type="button" className="v-btn v-btn-ghost" disabled={busy} onClick={() => void move('last')}>
          上一位
        </button>
        {props.footer(player)}
        <button type="button" className="v-btn v-btn-ghost" disabled={busy} onClick={() => void move('next')}>
          下一位
        </button>
      </div>
    </Sheet>
  );
}
