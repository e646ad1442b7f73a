import { useEffect, useState } from 'react';
import { getCollected, setCollected } from './api';
import { isLoggedIn, messageOf } from './client';

/** 收藏: a logged-in visitor keeps the vote (or one player) in 我的收藏; others are asked to log in first. */
export function FavouriteButton(props: { voteId: string; playerId?: string; toast: (message: string) => void; onLogin: () => void; compact?: boolean }) {
  const { voteId, playerId, toast } = props;
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!isLoggedIn()) return;
    let live = true;
    getCollected(voteId, playerId).then(
      (collected) => live && setOn(collected),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [voteId, playerId]);
  const click = async (e: React.MouseEvent) => {
    e.stopPropagation();
    if (!isLoggedIn()) return props.onLogin();
    setBusy(true);
    try {
      const collected = await setCollected(voteId, playerId, !on);
      setOn(collected);
      toast(collected ? '已收藏，可在“我的收藏”中查看' : '已取消收藏');
    } catch (error) {
      toast(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const label = on ? '取消收藏' : '收藏';
  const heart = (
    <svg viewBox="0 0 24 24" fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
    </svg>
  );
  if (props.compact)
    return (
      <button type="button" className={`v-icon-btn${on ? ' is-on' : ''}`} aria-pressed={on} aria-label={label} disabled={busy} onClick={(e) => void click(e)}>
        {heart}
      </button>
    );
  return (
    <button type="button" className="v-btn v-btn-ghost" aria-pressed={on} disabled={busy} onClick={(e) => void click(e)}>
      {label}
    </button>
  );
}
