import type { TSubmitResult } from '../../schemas/api/write';
import './result-notice.css';
import './space-notice.css';

const TITLES = { paid: '互助奖励已到账', refused: '本次没有互助奖励', login: '登录后可获得互助奖励' } as const;

/**
 * 互助空间 on the result screen: a sheet answered from /mutual.html says what the release's reward did — "获得 5
 * 问卷币", why it was refused, or (logged out) that logging in earns the coin next time. Nothing otherwise.
 */
export function SpaceNoticeCard({ notice }: { notice: TSubmitResult['space'] }) {
  if (!notice) return null;
  return (
    <section className={`r-notice r-space is-${notice.state}`} aria-label="互助空间" data-testid="space-notice">
      <span className="r-notice-icon" aria-hidden>
        <svg viewBox="0 0 24 24" width="22" height="22">
          <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M9 9.5h6M9 12.5h6M12 9.5v7" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </span>
      <div className="r-notice-text">
        <strong>{TITLES[notice.state]}</strong>
        <p>{notice.message}</p>
        {notice.state === 'login' ? (
          <a className="r-space-link" href={`/login?redirect=${encodeURIComponent('/mutual.html')}`}>
            登录并返回互助空间
          </a>
        ) : (
          <a className="r-space-link" href="/mutual.html">
            返回互助空间
          </a>
        )}
      </div>
    </section>
  );
}
