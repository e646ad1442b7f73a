import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { applyFunctions } from './functions';
import { placeTemplate, type TemplateFiles, type TemplateOutcome } from './pglite-template';
import * as tables from './tables';

export type Tables = typeof tables;
/** One type for both drivers, so every service serves PGlite and PostgreSQL alike (stack.md gotcha 4). */
export type Db = PgDatabase<PgQueryResultHKT, Tables>;

export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Raw SQL returning rows, the same shape on both engines. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** `query` for a hot statement: PostgreSQL parses and plans it once per connection under `name`; PGlite runs it as `query`. */
  prepared<T = Record<string, unknown>>(name: string, text: string, params: unknown[]): Promise<T[]>;
  /**
   * The columns a statement would return (name and type OID), from the database's Parse + Describe: nothing runs and
   * no parameter is needed. The check of the declared statements uses it (tests/server/db/sql-statements.test.ts).
   */
  describe(text: string): Promise<DescribedColumn[]>;
  /** Run `work` in one transaction; its `query` runs inside it. Rolls back when `work` throws. */
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, gzipped unless asked 'none' (tests' and the build's templates). */
  dump?: (compression?: 'gzip' | 'none') => Promise<Blob>;
  /**
   * PostgreSQL only: run `work` on one connection of its own, outside any transaction, for session-level state
   * that must live as long as the work (advisory locks: the migration lock, a running job's liveness lock).
   * PGlite has one session for the whole process, so it has no such thing.
   */
  session?: <T>(work: (query: Query, db: Db) => Promise<T>) => Promise<T>;
  /**
   * LISTEN on `channel`: on PostgreSQL on a connection of its own (kept out of the pool); `onNotify` gets each
   * payload, `onLost` is called once when the connection breaks. Resolves to a stop function. On PGlite (one
   * process) it hears the NOTIFYs of its own session: those sent by triggers (the group-buy's order events, 0042).
   */
  listen?: (channel: string, onNotify: (payload: string) => void, onLost: (error: unknown) => void) => Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: open every connection of the pool now, each planning a statement on every table of the schema
   * once (its backend loads the tables' and indexes' catalog entries), and resolve to the connections opened. The
   * server calls it before it reports ready: otherwise the first seconds of load opened them one by one, each new
   * backend paying its start and its catalog caches inside a request (issue 54, the soak's first window).
   */
  warm?: () => Promise<number>;
}

export interface DescribedColumn {
  name: string;
  oid: number;
}

export const MIGRATIONS_DIR = path.join(ROOT, 'server', 'db', 'migrations');

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; omitted → in memory. */
  dataDir?: string;
  /** A PGlite data dump (tar) to start from, used by tests to skip migrations. */
  loadDataDir?: Blob;
  /**
   * The build's first-start database (server/db/pglite-template.ts), unpacked into `dataDir` when that holds no
   * database yet and the template fits this code's migrations; `onTemplate` hears whether it was used and why not.
   */
  template?: TemplateFiles;
  onTemplate?: (outcome: TemplateOutcome) => void;
  /**
   * PostgreSQL: keep the pool's connections open once opened (its `min` = its `max`) instead of closing those idle
   * for 10 s. The server sets it (with `warm`), so a lull in the traffic does not make the next burst reopen them.
   */
  keepConnections?: boolean;
}

/** The pool's size on PostgreSQL, per process. */
export const POOL_MAX = 10;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.keepConnections ?? false);
  return openPglite(options);
}

async function openPostgres(url: string, keepConnections: boolean): Promise<Database> {
  const pg = (await import('pg')).default;
  const { Pool } = pg;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // JIT off: the report's statements are planned as big enough to compile, and compiling them took 1.5 s of a
  // 5.6 s filtered report at 1M sheets (docs/benchmarks.md); no statement here runs long enough to repay it.
  const pool = new Pool({ connectionString: url, max: POOL_MAX, min: keepConnections ? POOL_MAX : 0, options: '-c jit=off' });
  pool.on('error', () => {}); // an idle client's error must not crash the process
  const db = drizzle(pool, { schema: tables }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    query: async (text, params = []) => (await pool.query(text, params)).rows,
    prepared: async (name, text, params) => (await pool.query({ name, text, values: params })).rows,
    describe: async (text) => {
      const client = await pool.connect();
      try {
        const statement = new DescribeStatement(text);
        void client.query(statement as never);
        return await statement.done;
      } finally {
        client.release();
      }
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(async (text, params = []) => (await client.query(text, params)).rows);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async session(work) {
      const client = await pool.connect();
      let broken = false;
      // A held connection the server ends (restart, terminated backend) must fail the work, not the process.
      const onError = () => (broken = true);
      client.on('error', onError);
      try {
        const query: Query = async (text, params = []) => {
          try {
            return (await client.query(text, params)).rows;
          } catch (error) {
            broken = true; // the connection may be gone (its server session ended), or hold a lock in an unknown state
            throw error;
          }
        };
        return await work(query, drizzle(client, { schema: tables }) as unknown as Db);
      } catch (error) {
        broken = true;
        throw error;
      } finally {
        client.off('error', onError);
        // A connection that may still hold a session lock never goes back to the pool.
        client.release(broken);
      }
    },
    async listen(channel, onNotify, onLost) {
      const client = new pg.Client({ connectionString: url });
      let stopped = false;
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      client.on('error', (error) => {
        if (!stopped) onLost(error);
        stopped = true;
      });
      client.on('end', () => {
        if (!stopped) onLost(new Error('listen connection ended'));
        stopped = true;
      });
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      return async () => {
        stopped = true;
        await client.end().catch(() => {});
      };
    },
    async warm() {
      // All at once: `max` clients checked out together make the pool open `max` connections. One the server
      // refuses (max_connections reached) does not stop the start: the pool opens it later, on demand, as before.
      const opened = await Promise.allSettled(Array.from({ length: POOL_MAX }, () => pool.connect()));
      const clients = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      try {
        await Promise.allSettled(clients.map((client) => client.query(WARM_CATALOG)));
      } finally {
        clients.forEach((client) => client.release());
      }
      return clients.length;
    },
    close: () => pool.end(),
  };
}

/**
 * Plans (never runs) a SELECT of every table of the public schema, in one round trip: the backend reads each
 * table's and its indexes' catalog entries into its caches, which the first requests on a new connection paid.
 */
const WARM_CATALOG = `DO $$
DECLARE t regclass;
BEGIN
  FOR t IN SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') LOOP
    EXECUTE format('EXPLAIN SELECT * FROM %s', t);
  END LOOP;
END $$`;

async function openPglite(options: OpenOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (options.dataDir && options.template) {
    const outcome = placeTemplate(options.dataDir, options.template);
    if (outcome) options.onTemplate?.(outcome);
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzle(client, { schema: tables }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    query: async (text, params = []) => (await client.query(text, params)).rows as never[],
    prepared: async (_name, text, params) => (await client.query(text, params)).rows as never[],
    describe: async (text) => (await client.describeQuery(text)).resultFields.map((f) => ({ name: f.name, oid: f.dataTypeID })),
    transaction: (work) => client.transaction((tx) => work(async (text, params = []) => (await tx.query(text, params)).rows as never[])),
    dump: async (compression = 'gzip') => (await client.dumpDataDir(compression)) as Blob,
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    close: async () => {
      if (!client.closed) {
        await client.query('CHECKPOINT').catch(() => {});
        await client.close();
      }
    },
  };
}

/**
 * A node-postgres submittable (the extension point pg-cursor uses) that sends Parse, Describe and Sync for an unnamed
 * statement and resolves with the RowDescription's columns ([] for a statement that returns no rows).
 */
class DescribeStatement {
  private columns: DescribedColumn[] = [];
  private settle!: { resolve: (columns: DescribedColumn[]) => void; reject: (error: unknown) => void };
  readonly done = new Promise<DescribedColumn[]>((resolve, reject) => (this.settle = { resolve, reject }));
  constructor(private readonly text: string) {}
  submit(connection: { parse(q: object): void; describe(q: object): void; sync(): void }): void {
    connection.parse({ name: '', text: this.text, types: [] });
    connection.describe({ type: 'S', name: '' });
    connection.sync();
  }
  handleRowDescription(message: { fields: { name: string; dataTypeID: number }[] }): void {
    this.columns = message.fields.map((f) => ({ name: f.name, oid: f.dataTypeID }));
  }
  /** The client forgets the statement on an error (the Sync already sent brings the connection back). */
  handleError(error: unknown): void {
    this.settle.reject(error);
  }
  handleReadyForQuery(): void {
    this.settle.resolve(this.columns);
  }
  handleDataRow(): void {}
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
}

/** Advisory lock key (first half) held while migrating; (7301, 7302) are the submit and rollup locks. */
export const MIGRATION_LOCK = 7300;

/**
 * Apply the pending migrations, then the functions whose files changed (server/db/functions.ts). On PostgreSQL
 * several processes may start together on one database: each takes the session advisory lock (7300, 0) on a
 * connection of its own first, so one migrates while the others wait, then find nothing left to do (drizzle reads
 * the applied list after the lock, the functions' step their recorded hashes). Without it two processes both run
 * `CREATE SCHEMA drizzle` and the same migrations, and all but one stop on "already exists".
 */
export async function migrateDatabase(database: Database, run: MigrationRun = lockedMigration): Promise<void> {
  if (database.engine === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await run(database, async (db, query) => {
      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await applyFunctions(query);
    });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    await applyFunctions(database.query);
  }
}

/**
 * How the PostgreSQL migrator is run: production's holds the advisory lock; tests/helpers/naive-strategies.ts has
 * one without it, so the start-together test shows what the lock prevents. `migrate` runs on `db` and `query`, one
 * connection.
 */
export type MigrationRun = (database: Database, migrate: (db: unknown, query: Query) => Promise<void>) => Promise<void>;

export const lockedMigration: MigrationRun = async (database, migrate) => {
  if (!database.session) return migrate(database.db, database.query);
  await holdingStartLock(database.session, 0, migrate);
};

/**
 * Runs `work` while holding the session advisory lock (MIGRATION_LOCK, `key`) on a connection of its own — the
 * start-time steps several processes must take one at a time: 0 the migrations, 1 the demo seed (seed-start.ts).
 */
export function holdingStartLock<T>(session: NonNullable<Database['session']>, key: number, work: (db: Db, query: Query) => Promise<T>): Promise<T> {
  return session(async (query, db) => {
    await query('SELECT pg_advisory_lock($1, $2)', [MIGRATION_LOCK, key]);
    try {
      return await work(db, query);
    } finally {
      await query('SELECT pg_advisory_unlock($1, $2)', [MIGRATION_LOCK, key]);
    }
  });
}
