import type { TChainEntry } from '../../../schemas/api/chain';
import { chainTime } from './chain-view';

interface Props {
  entries: TChainEntry[];
  mine: readonly string[];
  onEdit: (entry: TChainEntry) => void;
  onWithdraw: (entry: TChainEntry) => void;
}

/**
 * The numbered list: 1. 张三 2人 备注 · time, numbered 1…n in arrival order (renumbered when someone leaves, as
 * 接龙管家 does); one's own entries carry 修改 / 退出.
 */
export function ChainList({ entries, mine, onEdit, onWithdraw }: Props) {
  return (
    <ol className="c-list">
      {entries.map((entry, i) => {
        const own = mine.includes(entry.entryId);
        return (
          <li key={entry.entryId} className={own ? 'c-row is-mine' : 'c-row'} data-testid="chain-row">
            <span className="c-seq">{i + 1}.</span>
            <div className="c-main">
              <div className="c-line">
                <span className="c-name">{entry.name}</span>
                {entry.people > 1 ? <span className="c-people">{entry.people}人</span> : null}
                {own ? <span className="c-tag">我</span> : null}
              </div>
              {entry.answer ? <p className="c-answer">{entry.answer}</p> : null}
              <time className="c-time" dateTime={entry.joinTime}>
                {chainTime(entry.joinTime)}
              </time>
            </div>
            {own ? (
              <div className="c-own">
                <button type="button" className="r-btn r-btn-soft" onClick={() => onEdit(entry)}>
                  修改
                </button>
                <button type="button" className="r-btn r-btn-ghost" onClick={() => onWithdraw(entry)}>
                  退出
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
