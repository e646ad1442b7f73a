import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { esbuildTargets } from './scripts/browser-targets.js';
import { SERVER_PAGE_PATTERNS } from './schemas/server-pages.js';

const apiPort = Number(process.env.API_PORT ?? 8081);

/**
 * In development /s/{questionId} is the respondent page (the server serves dist/client/respond.html there) and
 * /v/{voteId} the voting page (vote.html).
 * The dev server renders it with React (fast refresh); the build renders it with Preact (vite.respond.config.ts).
 */
const respondPages = (): Plugin => ({
  name: 'respond-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      if (req.url && /^\/s\/[^/]+/.test(req.url)) req.url = `/respond.html${query}`;
      else if (req.url && /^\/v\/[^/]+/.test(req.url)) req.url = `/vote.html${query}`;
      next();
    });
  },
});

export default defineConfig({
  plugins: [
    respondPages(),
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: null,
      manifest: {
        name: '问卷通',
        short_name: '问卷通',
        lang: 'zh-CN',
        start_url: '/',
        display: 'standalone',
        theme_color: '#1f6feb',
        background_color: '#ffffff',
        icons: [{ src: '/logo.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [...SERVER_PAGE_PATTERNS],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The respondent page is its own entry without a service worker (iOS WeChat has none); charts load
        // only on the report page: neither goes into the offline cache.
        globIgnores: ['respond.html', 'assets/respond-*', 'vote.html', 'assets/vote-*', '**/*echarts*.js'],
      },
    }),
  ],
  build: {
    // CLIENT_DIR lets parallel builds (and their end-to-end servers) use their own folder.
    outDir: process.env.CLIENT_DIR ?? 'dist/client',
    emptyOutDir: true,
    target: esbuildTargets(),
    // The respondent page (respond.html) is built by vite.respond.config.ts, after this build, with Preact.
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
      },
      output: {
        // Charts load lazily, and each page only the charts it draws: zrender and the echarts parts every chart
        // page shares in their own chunks, the rest grouped by the pages that use it (report: bars and pies; votes
        // and trades: bars and lines), none over the 500 kB warning line.
        codeSplitting: {
          groups: [
            { name: 'echarts-zrender', test: /node_modules[\\/]zrender[\\/]/, priority: 2 },
            { name: 'echarts', test: /node_modules[\\/]echarts[\\/]/, entriesAware: true, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/healthz': `http://127.0.0.1:${apiPort}`,
      '/x/': `http://127.0.0.1:${apiPort}`,
      '/uploads/': `http://127.0.0.1:${apiPort}`,
    },
  },
});
