/**
 * The jsdom projects (vitest.config.ts `ui`, `respond`) run with `isolate: false`: a worker keeps its jsdom window
 * and its imported packages (React, Radix, TanStack, jsdom itself) from one test file to the next, instead of
 * starting again per file. This setup file runs first before every file and gives the file what isolation gave it:
 *
 * - The project's own modules (src/, tests/) and every module mock are evaluated again. A `vi.mock` in this file
 *   then reaches every app module that imports the mocked one, and a mock from the previous file reaches none
 *   (vitest keys mock factories by test file, but an app module evaluated under the previous file's mock would keep
 *   it). Packages under node_modules stay evaluated: that is the saving.
 * - Timers, globals, spies and env variables are the real ones (a file that faked, stubbed or spied on them and did
 *   not undo it).
 * - Properties a file defined or replaced by hand on the page's objects are the page's own again: on `navigator`,
 *   `document` and the DOM prototypes (`Object.defineProperty(navigator, 'clipboard', …)`, `document.execCommand =
 *   …`, `HTMLElement.prototype.clientHeight`) added ones go and changed ones come back; on the global object
 *   changed ones come back (`window.location`, `isSecureContext`, `matchMedia`). Compared with what they were when
 *   the worker's first file started.
 * - The page starts blank: storage, cookies, the URL (its origin too), the title and whatever a portal left in
 *   <head>/<body>.
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

const FIRST_URL = Symbol.for('wenjuan.fresh-file-setup.first-url');

function blankPage(): void {
  if (typeof window === 'undefined') return;
  // A file that moved the page to another host (tests/ui/render-app.ts openOnHost: the brand follows the host)
  // hands the next file the worker's first origin again.
  const holder = globalThis as { [FIRST_URL]?: string; jsdom?: { reconfigure: (options: { url: string }) => void } };
  holder[FIRST_URL] ??= window.location.href;
  if (window.location.origin !== new URL(holder[FIRST_URL]).origin) holder.jsdom?.reconfigure({ url: holder[FIRST_URL] });
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

type TDescriptors = Map<PropertyKey, PropertyDescriptor>;
type TSnapshot = { target: object; own: TDescriptors; removeAdded: boolean; values: Map<PropertyKey, unknown> }[];
const SNAPSHOT = Symbol.for('wenjuan.fresh-file-setup.page-properties');

/** The objects whose own properties a file may have changed by hand (added ones are removed but on the global). */
function pageObjects(): { target: object; removeAdded: boolean }[] {
  if (typeof window === 'undefined') return [];
  const prototypes = [Node, Element, HTMLElement, Document, HTMLDocument, Navigator, Window, EventTarget, HTMLCanvasElement, HTMLInputElement];
  // URL's statics too (`URL.createObjectURL = …` for a download or an image preview).
  return [
    { target: navigator, removeAdded: true },
    { target: document, removeAdded: true },
    ...prototypes.map((type) => ({ target: type.prototype as object, removeAdded: true })),
    { target: URL, removeAdded: true },
    // Packages evaluated by an earlier file add globals of their own (React's act flag, a devtools hook): those
    // stay, only what existed before is put back. vitest's own state (`__vitest_*`) and symbol keys are left alone.
    { target: globalThis, removeAdded: false },
  ];
}

const ownDescriptors = (target: object, removeAdded: boolean): TDescriptors =>
  new Map(
    Reflect.ownKeys(target)
      .filter((key) => removeAdded || (typeof key === 'string' && !key.startsWith('__')))
      .map((key) => [key, Object.getOwnPropertyDescriptor(target, key)!]),
  );

const readValue = (target: object, key: PropertyKey): unknown => {
  try {
    return Reflect.get(target, key);
  } catch {
    return undefined;
  }
};

/**
 * vitest's jsdom environment puts the window's properties on the global object as accessors: `window.matchMedia =
 * …` or `window.innerWidth = …` goes through the setter and leaves the descriptor as it was. Their functions and
 * plain values are recorded too (objects are not: some getters answer a new one each time).
 */
function accessorValues(target: object, own: TDescriptors): Map<PropertyKey, unknown> {
  const values = new Map<PropertyKey, unknown>();
  for (const [key, descriptor] of own) {
    if (!descriptor.get || !descriptor.set) continue;
    const value = readValue(target, key);
    if (typeof value === 'function' || value === null || typeof value !== 'object') values.set(key, value);
  }
  return values;
}

const sameDescriptor = (a: PropertyDescriptor, b: PropertyDescriptor) =>
  a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable && a.enumerable === b.enumerable;

/** The first file in a worker records the page objects' properties; every later file gets them back. */
function restorePageProperties(): void {
  const holder = globalThis as { [SNAPSHOT]?: TSnapshot };
  const snapshot = holder[SNAPSHOT];
  if (!snapshot) {
    holder[SNAPSHOT] = pageObjects().map(({ target, removeAdded }) => {
      const own = ownDescriptors(target, removeAdded);
      return { target, removeAdded, own, values: removeAdded ? new Map() : accessorValues(target, own) };
    });
    return;
  }
  for (const { target, own, removeAdded, values } of snapshot) {
    const now = ownDescriptors(target, removeAdded);
    for (const [key, descriptor] of now) {
      if (!own.has(key) && removeAdded && descriptor.configurable) Reflect.deleteProperty(target, key);
    }
    for (const [key, descriptor] of own) {
      const current = now.get(key);
      if (current && sameDescriptor(current, descriptor)) continue;
      if (!current || current.configurable) Object.defineProperty(target, key, descriptor);
      else if (current.writable) Reflect.set(target, key, descriptor.value);
    }
    for (const [key, value] of values) if (readValue(target, key) !== value) Reflect.set(target, key, value);
  }
}

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();
restorePageProperties();
reevaluateProjectModules();
blankPage();
