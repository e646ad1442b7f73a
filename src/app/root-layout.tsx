import { SessionProvider } from './session';
import { ApiHooksInstaller } from './api-hooks';
import { AppShell } from './layout/app-shell';
import { TitleSync } from './title-sync';

/** The root route's component: the session lives inside the router so it may navigate. */
export function RootLayout() {
  return (
    <SessionProvider>
      <ApiHooksInstaller />
      <TitleSync />
      <AppShell />
    </SessionProvider>
  );
}
