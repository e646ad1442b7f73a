import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = Number(process.env.API_PORT ?? 8081);

export default defineConfig({
  plugins: [
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
        navigateFallbackDenylist: [/^\/api\//, /^\/x\//, /^\/s\//, /^\/healthz/, /^\/dev\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      },
    }),
  ],
  build: { outDir: 'dist/client', emptyOutDir: true, target: ['es2020', 'safari14'] },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/healthz': `http://127.0.0.1:${apiPort}` },
  },
});
