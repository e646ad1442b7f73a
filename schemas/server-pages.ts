/**
 * Addresses the server answers itself rather than with the creator app's index.html: the calls, the respondent
 * and voting pages and their short links, an appointment's private booking page, the sandbox cashier, the WeChat
 * pay result that forwards a respondent's order, uploads, site files and health checks, and the development
 * pages a production server refuses. The service worker (vite.config.ts) lets a navigation to any of them reach
 * the network: answered from its cache with index.html, the sandbox cashier or a booking page showed the creator
 * app instead (tests/scripts/service-worker-bypass.test.ts keeps the list whole).
 */
export const SERVER_PAGE_PATTERNS: readonly RegExp[] = [
  /^\/api\//,
  /^\/x\//,
  /^\/s\//,
  /^\/v\//,
  /^\/appointment\/booking\//,
  /^\/pay\/sandbox\//,
  /^\/wechatPay\.html/,
  /^\/uploads\//,
  /^\/robots\.txt/,
  /^\/sitemap\.xml/,
  /^\/healthz/,
  /^\/readyz/,
  /^\/dev\//,
];
