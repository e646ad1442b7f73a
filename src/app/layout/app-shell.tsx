import { Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { cx } from '../../ui/cx';
import { useRouteEntry } from '../use-route-entry';
import styles from './app-shell.module.css';
import { Footer } from './footer';
import { Header } from './header';
import { WorkSidebar } from './work-sidebar';

const NARROW = '(max-width: 760px)';

/** On a phone the work sidebar gives way to the header's menu (HeaderMenu), leaving the width to the page. */
function useNarrow(): boolean {
  const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW) : null);
  const [narrow, setNarrow] = useState(() => media()?.matches ?? false);
  useEffect(() => {
    const query = media();
    if (!query?.addEventListener) return;
    const update = () => setNarrow(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}

/** Picks the page frame from the route table's layout (see TLayout). */
export function AppShell() {
  const entry = useRouteEntry();
  const pathname = useLocation({ select: (location) => location.pathname });
  const layout = entry?.layout ?? 'page';
  const narrow = useNarrow();

  if (layout === 'bare') return <Outlet />;

  if (layout === 'work') {
    return (
      <div className={styles.shell}>
        <Header wide workPage kind={entry?.kind} />
        <div className={styles.work}>
          {narrow ? null : <WorkSidebar kind={entry?.kind} defaultCollapsed={pathname === '/voting/add.html'} />}
          <main className={styles.workMain}>
            <Outlet />
          </main>
        </div>
      </div>
    );
  }

  const home = layout === 'home';
  const frameless = home || layout === 'full';
  // A vote's own screens (results, copy) keep the workbench's header, as its list and editor do (issue 43 item 6).
  const workHeader = entry?.kind === 'voting';
  return (
    <div className={styles.shell}>
      <Header home={home} wide={entry?.wide} workPage={workHeader} kind={workHeader ? entry.kind : undefined} />
      <main className={frameless ? styles.fullMain : cx(styles.main, entry?.wide && styles.mainWide)}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
