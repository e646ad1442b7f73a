import type { Query } from './client';

/**
 * Hand-written SQL with its row declared once beside it (issue 45 item 3). The hot paths, reports and aggregates
 * stay raw SQL; each statement is a module-level `defineSql(name, row, text)`, and its row is a list of columns
 * with their PostgreSQL types, from which the TypeScript row type follows. tests/server/db/sql-statements.test.ts
 * describes every registered statement on a migrated database (PGlite and PostgreSQL, Parse + Describe, nothing
 * runs) and fails when a column is renamed, missing, extra or of another type than declared. Selects of plain
 * table columns need none of this: they take `RowOf`/`Pick<RowOf<…>>` from server/db/rows.ts.
 */

/** A column's PostgreSQL type (the type OIDs the database may describe it with) and the value both drivers return. */
export interface Kind<T> {
  readonly pg: string;
  readonly oids: readonly number[];
  /** Phantom: the TypeScript type of the value. */
  readonly value?: T;
  /** The same column, possibly NULL (outer joins, nullable columns, aggregates over no rows). */
  orNull(): Kind<T | null>;
  /** The same column with a narrower TypeScript type: an enum-like text, a jsonb document's shape. */
  as<U extends T>(): Kind<U>;
}

function kind<T>(pg: string, ...oids: number[]): Kind<T> {
  const self: Kind<T> = { pg, oids, orNull: () => self as Kind<T | null>, as: () => self as never };
  return self;
}

/**
 * The column kinds, typed as the drivers return them (checked on PGlite and node-postgres, as RowOf is): int8 and
 * numeric may come back as a string (node-postgres) or a number (PGlite), date and timestamps as a Date.
 */
export const col = {
  int: kind<number>('int2/int4', 21, 23),
  bigint: kind<number | string>('int8', 20),
  numeric: kind<number | string>('numeric', 1700),
  float: kind<number>('float4/float8', 700, 701),
  text: kind<string>('text/varchar', 25, 1043, 1042, 19),
  bool: kind<boolean>('bool', 16),
  timestamp: kind<Date>('timestamptz/timestamp', 1184, 1114),
  date: kind<Date>('date', 1082),
  json: kind<unknown>('jsonb/json', 3802, 114),
  textArray: kind<string[]>('text[]', 1009, 1015),
  intArray: kind<number[]>('int4[]', 1007),
} as const;

export type Shape = Record<string, Kind<unknown>>;
export type RowFrom<S extends Shape> = { [K in keyof S]: S[K] extends Kind<infer T> ? T : never };

export interface Sql<R, A extends unknown[]> {
  readonly name: string;
  readonly row: Shape;
  /** The texts the database check describes: the statement's text for each example of its parts. */
  readonly examples: readonly string[];
  text(...parts: A): string;
  /** Runs the statement on `query` (a database's or a transaction's) and returns its rows. */
  run(query: Query, params?: unknown[], ...parts: A): Promise<R[]>;
}

export type SqlRow<S> = S extends Sql<infer R, never> ? R : never;

const registry = new Map<string, Sql<unknown, never>>();

/** Every statement declared so far (the database check imports the server's modules first). */
export const registeredStatements = (): Sql<unknown, never>[] => [...registry.values()];

/** A statement with a fixed text. */
export function defineSql<S extends Shape>(name: string, row: S, text: string): Sql<RowFrom<S>, []>;
/** A statement whose text is built from parts (a filter, an order); `examples` are the parts the check describes. */
export function defineSql<S extends Shape, A extends unknown[]>(name: string, row: S, text: (...parts: A) => string, examples: [A, ...A[]]): Sql<RowFrom<S>, A>;
export function defineSql<S extends Shape, A extends unknown[]>(
  name: string,
  row: S,
  text: string | ((...parts: A) => string),
  examples?: A[],
): Sql<RowFrom<S>, A> {
  if (registry.has(name)) throw new Error(`SQL statement ${name} is declared twice`);
  const build = typeof text === 'string' ? () => text : text;
  const statement: Sql<RowFrom<S>, A> = {
    name,
    row,
    examples: typeof text === 'string' ? [text] : (examples ?? []).map((parts) => build(...parts)),
    text: build,
    run: (query, params = [], ...parts) => query<RowFrom<S>>(build(...parts), params),
  };
  registry.set(name, statement as never);
  return statement;
}
