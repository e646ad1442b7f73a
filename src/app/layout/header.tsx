import { Link } from '@tanstack/react-router';
import { useSession } from '../session';
import { cx } from '../../ui/cx';
import type { TWorkKind } from '../route-entry';
import { useBrand } from '../use-route-entry';
import styles from './header.module.css';
import { GuestActions } from './header-guest';
import { HeaderMenu } from './header-menu';
import { MainNav, WorkNav } from './header-nav';
import { UserActions } from './header-user';
import { LanguageSwitch } from './language-switch';
import { useScrolledPast } from './use-scrolled';

export interface THeaderProps {
  /** Home pages: transparent until scrolled past 10 px, then white (spec §2). */
  home?: boolean;
  wide?: boolean;
  /** Work pages show the kinds and the contacts link; `kind` is the current work-page type. */
  workPage?: boolean;
  kind?: TWorkKind;
}

export function Header({ home = false, wide = false, workPage = false, kind }: THeaderProps) {
  const brand = useBrand();
  const { status, user } = useSession();
  const scrolled = useScrolledPast(undefined, home);
  const transparent = home && !scrolled;
  return (
    <header
      className={cx(styles.header, home && styles.home, transparent ? styles.transparent : styles.solid, wide && styles.wide)}
      data-transparent={transparent ? 'true' : 'false'}
    >
      <div className={styles.inner}>
        {status === 'authenticated' && user ? <HeaderMenu /> : null}
        <Link to="/" className={styles.brand}>
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{brand.name}</span>
        </Link>
        {workPage ? <WorkNav kind={kind} /> : <MainNav />}
        <div className={styles.actions}>
          <span className={styles.optional} style={{ display: 'inline-flex' }}>
            <LanguageSwitch />
          </span>
          {status === 'authenticated' && user ? <UserActions user={user} workPage={workPage} /> : status === 'anonymous' ? <GuestActions /> : null}
        </div>
      </div>
    </header>
  );
}
