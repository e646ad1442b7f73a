import { Link } from '@tanstack/react-router';
import { Coins } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './coin-balance.module.css';

export interface TCoinLink {
  to: string;
  label: string;
}

export interface TCoinBalanceProps {
  coinName: string;
  /** What stands in the figure: the balance, or … / -- / — while it loads or when it failed. */
  coin: ReactNode;
  /** The figure's label; 我的{coin} unless said. */
  label?: string;
  /** Links to the other coin screens, at the strip's end. */
  links?: readonly TCoinLink[];
  /** More of the screen's own (figures, buttons), after the balance. */
  children?: ReactNode;
}

/**
 * 我的{coin}: the strip with the brand's coin balance on top of the coin screens (issue 51) — /task.html and
 * /giftList.html with links to the others, /coinList.html with its figures and buttons.
 */
export function CoinBalance({ coinName, coin, label = `我的${coinName}`, links = [], children }: TCoinBalanceProps) {
  return (
    <section className={styles.balance} aria-label={`我的${coinName}`}>
      <span className={styles.icon}>
        <Coins size={22} aria-hidden />
      </span>
      <div className={styles.main}>
        <span className={styles.label}>{label}</span>
        <strong className={styles.value} data-testid="coin-balance">
          {coin}
        </strong>
      </div>
      {children}
      {links.length ? (
        <nav className={styles.links} aria-label={`${coinName}链接`}>
          {links.map((l) => (
            <Link key={l.to} to={l.to}>
              {l.label}
            </Link>
          ))}
        </nav>
      ) : null}
    </section>
  );
}
