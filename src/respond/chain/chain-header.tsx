import type { TChainView } from '../../../schemas/api/chain';
import { chainTime, countLine } from './chain-view';

/** The chain's title, description, count, deadline and state, and its pinned note. */
export function ChainHeader({ view, open }: { view: TChainView; open: boolean }) {
  return (
    <>
      <header className="c-head">
        <h1 className="c-title">{view.title}</h1>
        {view.description ? <p className="c-desc">{view.description}</p> : null}
        <div className="c-meta">
          <span className="c-count" data-testid="chain-count">
            {countLine(view)}
          </span>
          {view.settings.deadline ? <span>截止 {chainTime(view.settings.deadline)}</span> : null}
          {!open ? <span className="c-closed">{view.status !== 1 ? '未开始' : '已截止'}</span> : null}
        </div>
      </header>
      {view.settings.pinnedNote ? (
        <aside className="c-note" aria-label="置顶公告">
          <strong>公告</strong>
          <p>{view.settings.pinnedNote}</p>
        </aside>
      ) : null}
    </>
  );
}
