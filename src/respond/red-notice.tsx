import type { TSubmitResult } from '../../schemas/api/write';
import './result-notice.css';
import './red-notice.css';

const TITLES = { qualified: '红包待发放', notQualified: '未获得红包', exhausted: '红包已领完' } as const;

/**
 * 红包 on the result screen: when the project has a red envelope running, the server says what happens to this
 * sheet's (qualified: the creator reviews it, then pays it to WeChat 零钱; or why not). Nothing otherwise.
 */
export function RedNoticeCard({ notice }: { notice: TSubmitResult['redPacket'] }) {
  if (!notice) return null;
  return (
    <section className={`r-notice r-red is-${notice.state}`} aria-label="红包" data-testid="red-notice">
      <span className="r-notice-icon" aria-hidden>
        <svg viewBox="0 0 24 24" width="22" height="22">
          <rect x="4.5" y="3" width="15" height="18" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M4.5 8.5c2.3 2 4.8 3 7.5 3s5.2-1 7.5-3" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <circle cx="12" cy="11.5" r="2.2" fill="currentColor" />
        </svg>
      </span>
      <div className="r-notice-text">
        <strong>{TITLES[notice.state]}</strong>
        <p>{notice.message}</p>
      </div>
    </section>
  );
}
