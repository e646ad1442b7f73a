import type { TCheckInRecord, TCheckInView } from '../../../schemas/api/checkin';
import { chainTime } from '../chain/chain-view';

// The check-in page's read-only parts (checkin-page.tsx): the streak figures, today's board and the ranking.

const KIND_TAG: Record<TCheckInRecord['kind'], string> = { ontime: '', late: '迟到', makeup: '补卡' };

export function CheckInStreaks({ streaks }: { streaks: TCheckInView['streaks'] }) {
  return (
    <div className="k-streaks" data-testid="checkin-streaks">
      <div>
        <strong>{streaks.current}</strong>
        <span>当前连续（天）</span>
      </div>
      <div>
        <strong>{streaks.longest}</strong>
        <span>最长连续（天）</span>
      </div>
      <div>
        <strong>{streaks.total}</strong>
        <span>累计打卡（天）</span>
      </div>
    </div>
  );
}

/** 今日动态: today's check-ins, newest first. */
export function CheckInBoard({ view }: { view: TCheckInView }) {
  return (
    <section className="c-section" aria-label="今日动态">
      <h2 className="c-section-title">今日动态（{view.board.length}）</h2>
      {view.board.length ? (
        <ul className="c-list">
          {view.board.map((r) => (
            <li key={r.recordId} className="c-row">
              <span className="k-avatar" aria-hidden>
                {r.name.slice(0, 1)}
              </span>
              <div className="c-main">
                <div className="c-line">
                  <span className="c-name">{r.name}</span>
                  {KIND_TAG[r.kind] ? <span className="c-tag">{KIND_TAG[r.kind]}</span> : null}
                  {r.amount !== null ? (
                    <span className="c-people">
                      {view.settings.numberLabel ? `${view.settings.numberLabel} ` : ''}
                      {r.amount}
                      {view.settings.numberUnit}
                    </span>
                  ) : null}
                </div>
                {r.text ? <p className="c-answer">{r.text}</p> : null}
                {r.photos.length ? (
                  <div className="k-photos is-board">
                    {r.photos.map((url) => (
                      <img key={url} src={url} alt={`${r.name}的打卡照片`} loading="lazy" />
                    ))}
                  </div>
                ) : null}
                <time className="c-time">{chainTime(r.time)}</time>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="c-empty">今天还没有人打卡，来做第一个吧</p>
      )}
    </section>
  );
}

/** 连续打卡排行: by current streak. */
export function CheckInRanking({ ranking }: { ranking: TCheckInView['ranking'] }) {
  return (
    <section className="c-section" aria-label="连续打卡排行">
      <h2 className="c-section-title">连续打卡排行</h2>
      {ranking.length ? (
        <ol className="c-list">
          {ranking.map((r, i) => (
            <li key={`${r.name}-${i}`} className={`c-row k-rank${r.mine ? ' is-mine' : ''}`}>
              <span className={`c-seq k-place${i < 3 ? ` is-top${i + 1}` : ''}`}>{i + 1}</span>
              <div className="c-main">
                <span className="c-name">
                  {r.name}
                  {r.mine ? <span className="c-tag k-me">我</span> : null}
                </span>
                <span className="c-time">
                  最长 {r.longest} 天 · 累计 {r.total} 天
                </span>
              </div>
              <span className="k-rank-days">
                <strong>{r.current}</strong> 天
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="c-empty">还没有排行</p>
      )}
    </section>
  );
}
