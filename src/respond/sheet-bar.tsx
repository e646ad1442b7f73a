import { useSyncExternalStore } from 'react';
import type { SheetStore } from './store';
import { clock } from './use-countdown';
import { cx } from './widgets/shared';

// The sheet's chrome (sheet.tsx): the sticky bar with progress and timers, and the paging buttons.

/** The sticky bar: progress, the page number and the page's and the exam's timers. */
export function SheetBar({
  store,
  view,
  pageSecondsLeft,
  examLeft,
}: {
  store: SheetStore;
  view: { pageNumber: number; pageCount: number };
  pageSecondsLeft: number | null;
  examLeft: number | null;
}) {
  return (
    <Progress store={store}>
      {view.pageCount > 1 ? (
        <span>
          第 {view.pageNumber}/{view.pageCount} 页
        </span>
      ) : null}
      {pageSecondsLeft !== null ? (
        <span className={cx('r-timer', pageSecondsLeft <= 10 && 'is-low')} role="timer" aria-label={`本页剩余${pageSecondsLeft}秒`}>
          本页 {clock(pageSecondsLeft)}
        </span>
      ) : null}
      {examLeft !== null ? (
        <span className={cx('r-timer', examLeft <= 60 && 'is-low')} role="timer" aria-label={`考试剩余${clock(examLeft)}`}>
          <ClockIcon />
          {clock(examLeft)}
        </span>
      ) : null}
    </Progress>
  );
}

/** 上一页 / 下一页 / 提交. */
export function SheetNav({ hasPrev, last, busy, onPrev, onNext }: { hasPrev: boolean; last: boolean; busy: boolean; onPrev: () => void; onNext: () => void }) {
  return (
    <nav className={cx('r-nav', hasPrev && 'has-prev')} aria-label="翻页">
      {hasPrev ? (
        <button type="button" className="r-btn r-btn-ghost r-btn-lg" onClick={onPrev} disabled={busy}>
          上一页
        </button>
      ) : null}
      <button type="button" className="r-btn r-btn-primary r-btn-lg" onClick={onNext} disabled={busy} aria-busy={busy || undefined}>
        {busy ? '提交中…' : last ? '提交' : '下一页'}
      </button>
    </nav>
  );
}

/** A drawn clock: the ⏱ character is missing from many phones' fonts and showed as a box. */
function ClockIcon() {
  return (
    <svg className="r-timer-icon" viewBox="0 0 16 16" width="13" height="13" aria-hidden="true" focusable="false">
      <circle cx="8" cy="9" r="5.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 6v3.2l2 1.3M6.2 1.75h3.6" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The sticky bar: progress, then what the sheet puts beside it (page number, timers). */
function Progress({ store, children }: { store: SheetStore; children: React.ReactNode }) {
  const { answered, answerable } = useSyncExternalStore(store.subscribeView, store.getProgress);
  const percent = answerable ? Math.round((answered / answerable) * 100) : 0;
  return (
    <div className="r-bar">
      <div className="r-progress" role="progressbar" aria-label="答题进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="r-bar-row">
        <span>
          已答 {answered}/{answerable}
        </span>
        {children}
      </div>
    </div>
  );
}
