/**
 * The jsdom projects (vitest.config.ts `ui`, `respond`) run with `isolate: false`: a worker keeps its jsdom window
 * and its imported packages (React, Radix, TanStack, jsdom itself) from one test file to the next, instead of
 * starting again per file. This setup file runs first before every file and gives the file what isolation gave it:
 *
 * - The project's own modules (src/, tests/) and every module mock are evaluated again. A `vi.mock` in this file
 *   then reaches every app module that imports the mocked one, and a mock from the previous file reaches none
 *   (vitest keys mock factories by test file, but an app module evaluated under the previous file's mock would keep
 *   it). Packages under node_modules stay evaluated: that is the saving.
 * - Timers, globals and env variables are the real ones (a file that faked or stubbed them and did not undo it).
 * - The page starts blank: storage, cookies, the URL, the title and whatever a portal left in <head>/<body>.
 *
 * Only vitest's own internals are read here (its worker state, as vitest's isolation uses it).
 */

import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';

type TModuleNode = { promise?: unknown; exports?: unknown; evaluated: boolean; importers: Set<string> };
type TWorkerState = { evaluatedModules: { idToModuleMap: Map<string, TModuleNode> } };

const VITEST_OWN = [/\/vitest\/dist\//, /vitest-virtual-\w+\/dist/, /@vitest\/dist/];
const THIS_FILE = fileURLToPath(import.meta.url);

function reevaluateProjectModules(): void {
  const state = (globalThis as { __vitest_worker__?: TWorkerState }).__vitest_worker__;
  if (!state) throw new Error('fresh-file-setup: vitest worker state not found (vitest changed its internals?)');
  for (const [id, node] of state.evaluatedModules.idToModuleMap) {
    if (id === THIS_FILE || VITEST_OWN.some((re) => re.test(id))) continue;
    // A package stays; a mock of a package does not (the next file may mock it differently or not at all).
    if (id.includes('/node_modules/') && !id.startsWith('mock:')) continue;
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  }
}

function blankPage(): void {
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  document.title = '';
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const attribute of [...document.documentElement.attributes]) document.documentElement.removeAttribute(attribute.name);
  for (const attribute of [...document.body.attributes]) document.body.removeAttribute(attribute.name);
}

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
reevaluateProjectModules();
blankPage();
