/**
 * The guard of the PostgreSQL pass's file list (scripts/database-suites.ts): a server suite classed pure — left out
 * of the pass — fails here if it queried a database all the same (through server code the static rule cannot see).
 * Counted on PGlite, which every suite's database is when DATABASE_URL is unset (vitest's first pass and the
 * year-ahead lane); on PostgreSQL the pass only holds database suites, so there is nothing to guard.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect } from 'vitest';
import { pureServerSuites } from '../../scripts/database-suites';

const COUNTED = Symbol.for('wenjuan.pglite-queries');
/** Kept on PGlite's prototype: vitest runs this file again for every suite, its worker's modules stay. */
interface Counter {
  queries: number;
  pure?: Set<string>;
}
type Counted = { [COUNTED]?: Counter };

/** Counts the protocol messages every PGlite of this worker runs (query, exec, transaction and sql all go there). */
function countQueries(): Counter {
  const proto = PGlite.prototype as PGlite & Counted;
  if (proto[COUNTED]) return proto[COUNTED];
  const counter: Counter = { queries: 0 };
  const original = proto.execProtocol;
  proto.execProtocol = function (this: PGlite, ...args: Parameters<PGlite['execProtocol']>) {
    counter.queries += 1;
    return original.apply(this, args);
  };
  Object.defineProperty(proto, COUNTED, { value: counter });
  return counter;
}

const counter = countQueries();
let before = 0;

beforeAll(() => {
  before = counter.queries;
});

afterAll(() => {
  const { testPath } = expect.getState();
  if (process.env.DATABASE_URL || !testPath) return;
  const file = path.relative(process.cwd(), testPath).split(path.sep).join('/');
  counter.pure ??= new Set(pureServerSuites());
  if (counter.pure.has(file) && counter.queries > before) {
    throw new Error(
      `${file} queried a database (${counter.queries - before} messages) but scripts/database-suites.ts classes it pure, ` +
        'so the PostgreSQL pass would skip it: import the database through a helper the rule sees (tests/helpers/test-db.ts).',
    );
  }
});
