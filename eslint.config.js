import js from '@eslint/js';
import compat from 'eslint-plugin-compat';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureStandsAlone } from './scripts/eslint/feature-stands-alone.js';
import callPaths from './scripts/eslint/no-call-path-literal.js';
import dates from './scripts/eslint/no-fixed-future-date.js';

/** The project's own rules (scripts/eslint/), one plugin object so each is `wenjuan/<rule>`. */
const wenjuan = { rules: { ...dates.rules, ...callPaths.rules, 'feature-stands-alone': featureStandsAlone } };

/**
 * Files that reach a phone page (the respondent entry; the voting and chain pages as they come). The compat rule
 * checks them against package.json "browserslist", the same list that sets the build targets: esbuild lowers
 * syntax, never APIs. tests/scripts/phone-files.test.ts checks that every file the entries import is covered.
 */
export const PHONE_PAGE_FILES = ['src/respond/**/*.{ts,tsx}', 'src/vote-page/**/*.{ts,tsx}', 'src/phone-share/**/*.{ts,tsx}', 'schemas/**/*.ts'];
/** The phone pages' entry modules (each its own small Vite build). */
export const PHONE_ENTRIES = ['src/respond/main.tsx', 'src/vote-page/main.tsx'];
/** Packages the server loads on first use, never at start (issue 54 item 5; tests/scripts/start-imports.test.ts). */
export const LAZY_PACKAGES = ['exceljs', 'pdfkit', 'svg-to-pdfkit', 'sharp', 'qrcode', 'nodemailer', 'csv-stringify/sync', 'sanitize-html'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      '.data-e2e/**',
      '.test-results/**',
      '.scratch-*/**',
      'server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'dev-dist/**',
      'tests/fixtures/gate-project/**',
      'tests/fixtures/phone-call-paths/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // ky is wrapped in one module (style.md rule 9).
      'no-restricted-imports': ['error', { paths: [{ name: 'ky', message: 'Use src/api/client.ts' }] }],
    },
  },
  { files: ['src/api/client.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    // Features stand alone (issue 45): what two share lives in src/ui, src/app or a shared folder (src/README.md).
    files: ['src/features/**/*.{ts,tsx}'],
    plugins: { wenjuan },
    rules: { 'wenjuan/feature-stands-alone': 'error' },
  },
  {
    // The shared folders sit below every feature (src/README.md): they import none.
    files: ['src/ui/**/*.{ts,tsx}', 'src/subjects/**/*.{ts,tsx}', 'src/orders/**/*.{ts,tsx}', 'src/coins/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'ky', message: 'Use src/api/client.ts' }],
          patterns: [{ group: ['**/features/**'], message: 'src/ui, src/subjects, src/orders and src/coins sit below the features and import none of them' }],
        },
      ],
    },
  },
  {
    // Small components (issue 45.7): a screen longer than this is split by its parts. Blank lines and comments count,
    // as in the recount `npx eslint src --rule '{"max-lines-per-function":["error",{"max":150}]}'` (docs/decisions.md).
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    // The respondent page is its own small Vite entry (design/libraries.md): React, DOMPurify and schemas/ only.
    files: ['src/respond/**/*.{ts,tsx}', 'src/vote-page/**/*.{ts,tsx}', 'src/phone-share/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'ky', message: 'The respondent page has its own fetch client (src/respond/api.ts)' }],
          patterns: [
            {
              group: [
                '**/app/**',
                '**/features/**',
                '../api/*',
                '../../api/*',
                '../ui/*',
                '../../ui/*',
                '../subjects/*',
                '../../subjects/*',
                '../orders/*',
                '../../orders/*',
                '../coins/*',
                '../../coins/*',
                '**/i18n/**',
                '**/machines/**',
                '@tanstack/*',
                'i18next',
                'react-i18next',
                'virtual:pwa-register*',
                'echarts*',
                '@tiptap/*',
                'radix-ui',
                'lucide-react',
                'xstate',
                '@xstate/*',
              ],
              message: 'Keep the respondent bundle small: no main-app, router, i18n, PWA, chart, editor or UI-kit code',
            },
          ],
        },
      ],
    },
  },
  {
    // The phone pages take API paths from the table of registered calls (schemas/api/paths/; issue 45 item 4).
    files: ['src/respond/**/*.{ts,tsx}', 'src/vote-page/**/*.{ts,tsx}', 'src/phone-share/**/*.{ts,tsx}'],
    plugins: { wenjuan },
    rules: { 'wenjuan/no-call-path-literal': 'error' },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', '@xstate/react', 'ky', '**/src/**', '**/server/**'], message: 'machines/ are pure: I/O arrives as actors' },
          ],
        },
      ],
    },
  },
  {
    files: ['schemas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'fastify', 'drizzle-orm', 'drizzle-orm/*', '**/src/**', '**/server/**', '**/machines/**'],
              message: 'schemas/ import only zod',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**', '**/machines/**', 'react', 'react-dom'], message: 'server/ never imports src/ or machines/' }] },
      ],
    },
  },
  {
    // Loaded on first use, not at every start (issue 54 item 5): through server/lazy-packages.ts, sanitize-html through
    // schemas/rich-text/sanitize-server.ts. Their types may be imported anywhere (erased at build).
    files: ['server/**/*.ts', 'schemas/**/*.ts'],
    ignores: ['server/lazy-packages.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: LAZY_PACKAGES.map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Loaded on first use (server/lazy-packages.ts, sanitize-html: schemas/rich-text/sanitize-server.ts)',
          })),
        },
      ],
    },
  },
  {
    // A test holds no calendar date that will pass (design/reliability.md rule 17; one did, and CI went red).
    files: ['tests/**/*.{ts,tsx}'],
    plugins: { wenjuan },
    rules: { 'wenjuan/no-fixed-future-date': 'error' },
  },
  {
    files: PHONE_PAGE_FILES,
    plugins: { compat },
    settings: { lintAllEsApis: true },
    rules: { 'compat/compat': 'error' },
  },
);
