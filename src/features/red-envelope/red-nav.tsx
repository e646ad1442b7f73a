import { Link, useLocation } from '@tanstack/react-router';
import styles from './red-styles';

const PAGES = [
  { to: '/RedEnvelope.html', label: '红包设置' },
  { to: '/unapproved.html', label: '待审核红包' },
  { to: '/prizeLists.html', label: '中奖名单' },
] as const;

/** The three red envelope screens of one project, side by side. */
export function RedNav({ questionId, pending }: { questionId: string; pending?: number }) {
  const path = useLocation({ select: (l) => l.pathname });
  return (
    <nav className={styles.nav} aria-label="红包">
      {PAGES.map((p) => (
        <Link key={p.to} to={p.to} search={{ questionId }} className={styles.navLink} aria-current={path === p.to ? 'page' : undefined}>
          {p.label}
          {p.to === '/unapproved.html' && pending ? `（${pending}）` : ''}
        </Link>
      ))}
    </nav>
  );
}

/** The project's questionId from the address (?questionId=…), as the other project tool pages take it. */
export function useQuestionIdParam(): string {
  return useLocation({ select: (l) => String((l.search as Record<string, unknown>).questionId ?? '') });
}
