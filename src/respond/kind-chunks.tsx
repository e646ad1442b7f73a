import { Component, Suspense, lazy, useEffect, type ComponentType, type ReactNode } from 'react';
import { Loading, Notice } from './entry-screens';

// The respondent page's rarer screens, each its own chunk (vite.respond.config.ts): a questionnaire, exam or form
// — the common kind — needs none of them for its first paint. Each loads once the page knows it is needed: the
// chain, check-in and group-buy pages from the loaded project's kind, the booking page from the address, the
// scheduled appointment picker when the sheet shows one, the conclusion while the respondent answers.

/** One chunk, imported at most once: `load()` starts (or joins) the fetch, `Page` renders its export behind Suspense. */
function chunk<P extends object>(importer: () => Promise<ComponentType<P>>, fallback: ReactNode = <Loading />) {
  let started: Promise<{ default: ComponentType<P> }> | null = null;
  const load = () => (started ??= importer().then((c) => ({ default: c })));
  const Lazy = lazy(() =>
    load().catch((error: unknown) => {
      started = null; // a dropped connection may succeed on the next try
      throw error;
    }),
  ) as unknown as ComponentType<P>;
  function Page(props: P) {
    return (
      <ChunkBoundary>
        <Suspense fallback={fallback}>
          <Lazy {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  return { load, Page };
}

/** A chunk that failed to arrive (a phone losing its connection) says so instead of leaving a blank page. */
class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Notice icon="!" title="加载失败" text="网络不稳定，页面没有加载完整">
        <button type="button" className="r-btn r-btn-primary r-btn-lg" onClick={() => window.location.reload()}>
          重新加载
        </button>
      </Notice>
    );
  }
}

export const chainChunk = chunk(() => import('./chain/chain-page').then((m) => m.ChainPage));
export const checkInChunk = chunk(() => import('./checkin/checkin-page').then((m) => m.CheckInPage));
export const groupBuyChunk = chunk(() => import('./groupbuy/groupbuy-page').then((m) => m.GroupBuyPage));
export const bookingChunk = chunk(() => import('./appointment/booking-page').then((m) => m.BookingPage));
export const scheduledAppointmentChunk = chunk(
  () => import('./appointment/appointment-widget').then((m) => m.ScheduledAppointment),
  <p role="status">加载中…</p>,
);
export const conclusionChunk = chunk(() => import('./conclusion').then((m) => m.Conclusion));
export const whiteGateChunk = chunk(() => import('./white-gate').then((m) => m.WhiteGate));
export const wechatGateChunk = chunk(() => import('./wechat-form-gate').then((m) => m.WechatFormGate));

/** The sheet is on screen: fetch the conclusion, which shows right after submit, once the page is idle. */
export function usePrefetchAfterSheet() {
  useEffect(() => {
    const id = window.setTimeout(() => void conclusionChunk.load().catch(() => undefined), 1500);
    return () => window.clearTimeout(id);
  }, []);
}
