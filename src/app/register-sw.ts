/// <reference types="vite-plugin-pwa/client" />
import { shouldRegisterServiceWorker } from './pwa';

/** Registers the service worker in production builds only, and never on respondent pages (spec §1). */
export function registerServiceWorker(): void {
  if (!shouldRegisterServiceWorker(location.pathname, import.meta.env.PROD) || !('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register').then(({ registerSW }) => {
    registerSW({ immediate: true });
  });
}
