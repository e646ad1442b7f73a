import { useState } from 'react';
import { listPlayers } from './api';
import { ListFoot } from './comments-panel';
import type { TPlayerView } from './model';
import { PlayerCard } from './player-card';
import type { LiveStore } from './store';
import { useInfinite } from './use-infinite';

const PAGE_SIZE = 20;

/** 选手: search by name or number, two columns, more pages as the list scrolls. */
export function PlayersPanel(props: {
  voteId: string;
  live: LiveStore;
  onOpen: (player: TPlayerView, list: TPlayerView[]) => void;
  voteButton: (player: TPlayerView) => React.ReactNode;
}) {
  const { voteId, live } = props;
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const list = useInfinite(
    async (page) => {
      const got = await listPlayers({ voteId, keyword, page, pageSize: PAGE_SIZE });
      live.seed(got.list);
      return got;
    },
    [voteId, keyword],
  );
  return (
    <section aria-label="参赛选手">
      <form
        className="v-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(draft.trim());
        }}
      >
        <input
          className="v-input"
          type="search"
          enterKeyHint="search"
          aria-label="搜索选手姓名或编号"
          placeholder="搜索选手姓名或编号"
          maxLength={50}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            if (!e.target.value) setKeyword('');
          }}
        />
        <button type="submit" className="v-btn v-btn-primary v-btn-sm">
          搜索
        </button>
      </form>
      {list.items.length === 0 && list.done ? <p className="v-empty">{keyword ? `没有找到“${keyword}”相关的选手` : '还没有参赛选手'}</p> : null}
      <ul className="v-grid">
        {list.items.map((p) => (
          <li key={p.playerId}>
            <PlayerCard player={p} live={live} onOpen={() => props.onOpen(p, list.items)} voteButton={props.voteButton(p)} />
          </li>
        ))}
      </ul>
      <ListFoot list={list} />
      {list.done && list.items.length > PAGE_SIZE ? <p className="v-more">已经到底了</p> : null}
    </section>
  );
}
