import { useCallback, useEffect, useMemo, useState } from 'react';
import { getMusic, getPlayerById, getVotePage, shareInWechat, type TBallotRefusal } from './api';
import { playerIdFromSearch } from './location';
import { VoteError, messageOf } from './client';
import { CommentsPanel } from './comments-panel';
import { FavouriteButton } from './favourite-button';
import { IdentitySheet } from './identity-sheet';
import type { TIdentity, TPlayerView, TVoteView, TVoterProof } from './model';
import { MusicToggle } from './music-toggle';
import { PlayerDetail } from './player-detail';
import { PlayersPanel } from './players-panel';
import { RankingPanel } from './ranking-panel';
import { ShareSheet } from './share-sheet';
import { SignUpPanel } from './signup-panel';
import { LiveStore } from './store';
import { useToast } from './toast';
import { useBallot } from './use-ballot';
import { ClosedBanner, closedText, Notice, RichText } from './vote-notices';
import { RemainingLine, VoteButton } from './vote-button';
import { VoteHeader } from './vote-header';
import { completeWechatAuth } from './wechat-identity';

type TTab = 'players' | 'ranking' | 'comments' | 'signUp';
const TAB_TEXT: Record<TTab, string> = { players: '选手', ranking: '排行榜', comments: '评论', signUp: '我要报名' };

type TPhase = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'gone'; message: string } | { kind: 'ready'; vote: TVoteView };

export function VoteApp({ voteId }: { voteId: string }) {
  const [phase, setPhase] = useState<TPhase>({ kind: 'loading' });
  const load = useCallback(async () => {
    setPhase({ kind: 'loading' });
    try {
      const vote = await getVotePage(voteId);
      document.title = vote.title || '投票';
      setPhase({ kind: 'ready', vote });
      shareInWechat(voteId);
    } catch (e) {
      const error = e instanceof VoteError ? e : new VoteError('500', '加载失败，请稍后重试');
      if (error.resultCode === '404') setPhase({ kind: 'gone', message: error.message });
      else setPhase({ kind: 'failed', message: error.message });
    }
  }, [voteId]);
  useEffect(() => {
    if (voteId) void load();
    else setPhase({ kind: 'gone', message: '投票不存在或已删除' });
  }, [load, voteId]);

  let body: React.ReactNode;
  if (phase.kind === 'loading')
    body = (
      <div className="v-notice" aria-busy="true">
        <span className="phone-spinner" aria-hidden />
        <p role="status">加载中…</p>
      </div>
    );
  else if (phase.kind === 'failed')
    body = (
      <Notice title="加载失败" text={phase.message}>
        <button type="button" className="v-btn v-btn-primary" style={{ marginTop: 16 }} onClick={() => void load()}>
          重新加载
        </button>
      </Notice>
    );
  else if (phase.kind === 'gone') body = <Notice title="投票不存在或已删除" text="请向发布者确认链接是否正确" />;
  else body = <VotePage initial={phase.vote} />;
  return (
    <div className="v-root">
      {body}
      <footer className="v-foot">投票通 提供技术支持</footer>
    </div>
  );
}

function VotePage({ initial }: { initial: TVoteView }) {
  const [vote, setVote] = useState(initial);
  const live = useMemo(() => {
    const store = new LiveStore();
    store.set({ totalVotes: initial.totals.votes, remaining: initial.remaining });
    return store;
  }, [initial]);
  const [tab, setTab] = useState<TTab>('players');
  const [rankRound, setRankRound] = useState(0);
  const [open, setOpen] = useState<TPlayerView | null>(null);
  const [identity, setIdentity] = useState<{ mode: TIdentity; retry: (p: TVoterProof) => void } | null>(null);
  const [share, setShare] = useState<{ playerId?: string } | null>(null);
  const [music, setMusic] = useState<{ url: string; autoplay: boolean } | null>(null);
  const [toastNode, toast] = useToast();

  useEffect(() => {
    const playerId = playerIdFromSearch(location.search);
    if (!playerId) return;
    getPlayerById(initial.voteId, playerId).then(
      (player) => player && setOpen(player),
      () => undefined,
    );
  }, [initial.voteId]);

  useEffect(() => {
    if (initial.rules.identity !== 'wechat') return;
    completeWechatAuth(initial.voteId).then(
      (done) => done && toast('微信授权成功，请点击投票'),
      (e: unknown) => toast(messageOf(e)),
    );
  }, [initial.voteId, initial.rules.identity, toast]);

  useEffect(() => {
    getMusic(vote.voteId).then(
      (m) => m && setMusic(m),
      () => undefined,
    );
  }, [vote.voteId]);

  const closed = useCallback((reason: TBallotRefusal) => {
    const status = reason === 'suspended' ? 'suspended' : reason === 'ended' ? 'ended' : null;
    if (status) setVote((v) => ({ ...v, status }));
  }, []);
  const { cast, busyId } = useBallot(vote, live, {
    toast,
    askIdentity: (retry) => setIdentity({ mode: vote.rules.identity === 'none' ? 'login' : vote.rules.identity, retry }),
    closed,
  });
  const disabledText = closedText(vote);
  const voteButton = (p: TPlayerView, block = false) => (
    <VoteButton rules={vote.rules} live={live} name={p.name} busy={busyId === p.playerId} disabledText={disabledText} onVote={() => cast(p)} block={block} />
  );
  const askLogin = () => setIdentity({ mode: 'login', retry: () => undefined });
  const tabs: TTab[] = ['players'];
  if (vote.rules.showRanking) tabs.push('ranking');
  if (vote.rules.comments) tabs.push('comments');
  if (vote.rules.signUp) tabs.push('signUp');
  const choose = (t: TTab) => {
    if (t === 'ranking') setRankRound((r) => r + 1);
    setTab(t);
  };

  return (
    <>
      <VoteHeader
        vote={vote}
        live={live}
        tools={
          <>
            {music ? <MusicToggle url={music.url} autoplay={music.autoplay} /> : null}
            <FavouriteButton voteId={vote.voteId} toast={toast} onLogin={askLogin} compact />
          </>
        }
      />
      <ClosedBanner vote={vote} />
      <RemainingLine rules={vote.rules} live={live} />
      {vote.description ? <RichText html={vote.description} /> : null}
      {tabs.length > 1 ? (
        <div className="v-tabs" role="tablist" aria-label="投票内容">
          {tabs.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`v-tab-${t}`}
              aria-controls={`v-panel-${t}`}
              aria-selected={tab === t}
              className="v-tab"
              onClick={() => choose(t)}
            >
              {TAB_TEXT[t]}
            </button>
          ))}
        </div>
      ) : null}
      <div
        className="v-panel"
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        id={`v-panel-${tab}`}
        aria-labelledby={tabs.length > 1 ? `v-tab-${tab}` : undefined}
      >
        {tab === 'players' ? <PlayersPanel voteId={vote.voteId} live={live} onOpen={(p) => setOpen(p)} voteButton={(p) => voteButton(p)} /> : null}
        {tab === 'ranking' ? <RankingPanel voteId={vote.voteId} live={live} round={rankRound} onOpen={(p) => setOpen(p)} /> : null}
        {tab === 'comments' ? <CommentsPanel voteId={vote.voteId} toast={toast} /> : null}
        {tab === 'signUp' ? <SignUpPanel voteId={vote.voteId} toast={toast} onLogin={askLogin} /> : null}
      </div>
      <nav className="v-bar" aria-label="快捷操作">
        <div className="v-bar-in">
          <button type="button" className="v-btn v-btn-ghost" onClick={() => choose(vote.rules.showRanking ? 'ranking' : 'players')}>
            {vote.rules.showRanking ? '看排名' : '看选手'}
          </button>
          <button type="button" className="v-btn v-btn-primary" onClick={() => setShare({})}>
            分享海报
          </button>
        </div>
      </nav>
      {open ? (
        <PlayerDetail
          voteId={vote.voteId}
          player={open}
          live={live}
          onClose={() => setOpen(null)}
          onMove={setOpen}
          voteButton={(p) => voteButton(p, true)}
          footer={(p) => (
            <button type="button" className="v-btn v-btn-ghost" onClick={() => setShare({ playerId: p.playerId })}>
              拉票
            </button>
          )}
        />
      ) : null}
      {identity ? (
        <IdentitySheet
          identity={identity.mode}
          voteId={vote.voteId}
          onClose={() => setIdentity(null)}
          onProof={(p) => {
            const retry = identity.retry;
            setIdentity(null);
            retry(p);
          }}
        />
      ) : null}
      {share ? <ShareSheet voteId={vote.voteId} playerId={share.playerId} onClose={() => setShare(null)} /> : null}
      {toastNode}
    </>
  );
}
