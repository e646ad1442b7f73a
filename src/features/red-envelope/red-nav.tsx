import { Link, useLocation } from '@tanstack/react-router';
import type { TRedRef } from '../../api/red-envelope';
import styles from './red-styles';

const PAGES = [
  { to: '/RedEnvelope.html', label: '红包设置' },
  { to: '/unapproved.html', label: '待审核红包' },
  { to: '/prizeLists.html', label: '中奖名单' },
] as const;

/** The three red envelope screens of one project or vote, side by side. */
export function RedNav({ redRef, pending }: { redRef: TRedRef; pending?: number }) {
  const path = useLocation({ select: (l) => l.pathname });
  return (
    <nav className={styles.nav} aria-label="红包">
      {PAGES.map((p) => (
        <Link key={p.to} to={p.to} search={redRef} className={styles.navLink} aria-current={path === p.to ? 'page' : undefined}>
          {p.label}
          {p.to === '/unapproved.html' && pending ? `（${pending}）` : ''}
        </Link>
      ))}
    </nav>
  );
}

/** Whose envelope the address names: ?questionId=… (a project, as the other project tool pages take it) or ?voteId=…. */
export interface RedTarget {
  /** null when the address names neither. */
  redRef: TRedRef | null;
  isVote: boolean;
  /** What one entry is called: 答卷, or 投票 for a vote's ballots. */
  unit: string;
  back: { to: '/questionnaire/list.html' | '/voting/list.html'; label: string };
}

export function useRedTarget(): RedTarget {
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const questionId = String(search.questionId ?? '');
  const voteId = String(search.voteId ?? '');
  if (voteId && !questionId) return { redRef: { voteId }, isVote: true, unit: '投票', back: { to: '/voting/list.html', label: '返回投票管理' } };
  return { redRef: questionId ? { questionId } : null, isVote: false, unit: '答卷', back: { to: '/questionnaire/list.html', label: '返回项目列表' } };
}
