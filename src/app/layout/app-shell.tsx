import { Outlet, useLocation } from '@tanstack/react-router';
import { cx } from '../../ui/cx';
import { useRouteEntry } from '../use-route-entry';
import styles from './app-shell.module.css';
import { Footer } from './footer';
import { Header } from './header';
import { WorkSidebar } from './work-sidebar';

/** Picks the page frame from the route table's layout (see TLayout). */
export function AppShell() {
  const entry = useRouteEntry();
  const pathname = useLocation({ select: (location) => location.pathname });
  const layout = entry?.layout ?? 'page';

  if (layout === 'bare') return <Outlet />;

  if (layout === 'work') {
    return (
      <div className={styles.shell}>
        <Header wide workPage kind={entry?.kind} />
        <div className={styles.work}>
          <WorkSidebar kind={entry?.kind} defaultCollapsed={pathname === '/voting/add.html'} />
          <main className={styles.workMain}>
            <Outlet />
          </main>
        </div>
      </div>
    );
  }

  const home = layout === 'home';
  const frameless = home || layout === 'full';
  return (
    <div className={styles.shell}>
      <Header home={home} wide={entry?.wide} />
      <main className={frameless ? styles.fullMain : cx(styles.main, entry?.wide && styles.mainWide)}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
