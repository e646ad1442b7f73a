import { countdownText, useNow, windowPhase } from './countdown';
import type { LiveStore } from './store';
import { useLive } from './store';
import type { TVoteView } from './model';

const formatCount = (n: number | null) => (n === null ? '—' : n >= 100_000 ? `${Math.floor(n / 10_000)}万` : String(n));

/** The countdown to the start, or to the end, or that the vote has ended. */
export function Countdown({ vote }: { vote: TVoteView }) {
  const now = useNow(vote.status === 'running' || vote.status === 'suspended');
  const phase = vote.status === 'ended' ? 'after' : windowPhase(now, vote.startTime, vote.endTime);
  if (phase === 'after')
    return (
      <p className="v-count is-ended" role="timer">
        投票已结束
      </p>
    );
  const target = phase === 'before' ? vote.startTime : vote.endTime;
  if (!target) return <p className="v-count">投票进行中，长期有效</p>;
  return (
    <p className="v-count" role="timer" aria-live="off">
      {phase === 'before' ? '距开始还有' : '距结束还有'}
      <strong>{countdownText(Date.parse(target) - now)}</strong>
    </p>
  );
}

export function VoteHeader({ vote, live, tools }: { vote: TVoteView; live: LiveStore; tools: React.ReactNode }) {
  const totalVotes = useLive(live, (s) => s.totalVotes);
  const cover = vote.covers[0];
  return (
    <header>
      <div className="v-cover">
        {cover ? <img src={cover} alt="" /> : <div style={{ height: 120 }} aria-hidden />}
        <div className="v-cover-tools">{tools}</div>
      </div>
      <div className="v-head">
        <h1 className="v-title">{vote.title}</h1>
        <Countdown vote={vote} />
        <dl className="v-totals">
          <div>
            <dt>参赛选手</dt>
            <dd>{formatCount(vote.totals.players)}</dd>
          </div>
          {vote.rules.showCounts ? (
            <div>
              <dt>累计投票</dt>
              <dd data-testid="total-votes">{formatCount(totalVotes)}</dd>
            </div>
          ) : null}
          <div>
            <dt>访问量</dt>
            <dd>{formatCount(vote.totals.visits)}</dd>
          </div>
        </dl>
      </div>
    </header>
  );
}
