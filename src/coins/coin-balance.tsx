import { Link } from '@tanstack/react-router';
import { Coins } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './coin-balance.module.css';

export interface TCoinLink {
  to: string;
  label: string;
}

/**
 * 我的{coin}: the strip with the brand's coin balance and the links to the other coin screens, on top of /task.html and
 * /giftList.html (issue 51). `coin` is what stands in the figure (a number, or … / -- while it loads or failed).
 */
export function CoinBalance({ coinName, coin, links }: { coinName: string; coin: ReactNode; links: readonly TCoinLink[] }) {
  return (
    <section className={styles.balance} aria-label={`我的${coinName}`}>
      <span className={styles.icon}>
        <Coins size={22} aria-hidden />
      </span>
      <div className={styles.main}>
        <span className={styles.label}>我的{coinName}</span>
        <strong className={styles.value} data-testid="coin-balance">
          {coin}
        </strong>
      </div>
      <nav className={styles.links} aria-label={`${coinName}链接`}>
        {links.map((l) => (
          <Link key={l.to} to={l.to}>
            {l.label}
          </Link>
        ))}
      </nav>
    </section>
  );
}
