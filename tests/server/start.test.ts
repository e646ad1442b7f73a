// pglite-only: every server here starts on PGlite (first starts, the data directory's lock, the built template).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentManifest, placeTemplate, templateMismatch, untar, withoutSpareWal } from '../../server/db/pglite-template';
import { readEnv } from '../../server/env';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-start-'));
  dirs.push(dir);
  return dir;
};
const startArgs = ['--import', 'tsx', 'server/start.ts'];

describe('configuration', () => {
  it('defaults: port 8080, data in .data, embedded database', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 8080, DATA_DIR: '.data', NODE_ENV: 'development' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('a bad value stops the start with a message naming the variable', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    const result = spawnSync('node', startArgs, { env: { ...process.env, PORT: '99999', DATA_DIR: tempDir(), DATABASE_URL: '' }, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
  });
});

describe('one PGlite directory, one process', () => {
  it('a second server on the same data directory refuses to start with a clear message', async () => {
    const dataDir = tempDir();
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'warn' };
    const first = spawn('node', startArgs, { env: { ...env, PORT: '18431' } });
    try {
      await new Promise<void>((resolve, reject) => {
        let out = '';
        first.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.includes('is running')) resolve();
        });
        first.on('exit', (code) => reject(new Error(`first server exited ${code}`)));
      });
      const second = spawnSync('node', startArgs, { env: { ...env, PORT: '18432' }, encoding: 'utf8', timeout: 30_000 });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/already using the embedded database/);
    } finally {
      first.kill('SIGTERM');
      await new Promise((resolve) => first.once('exit', resolve));
    }
    // Stopped cleanly: the directory can be opened again.
    const third = spawn('node', startArgs, { env: { ...env, PORT: '18433' } });
    await new Promise<void>((resolve) => third.stdout.on('data', (chunk) => String(chunk).includes('is running') && resolve()));
    third.kill('SIGTERM');
    await new Promise((resolve) => third.once('exit', resolve));
  }, 90_000);
});

describe('the production bundle (npm run build → dist/server.mjs, run by npm start)', () => {
  it('compiles to one module that plain node starts with the production flags: it migrates, seeds and answers calls', async () => {
    // One level below the package root, like dist/server.mjs (server/paths.ts finds the root from there).
    const outfile = path.join('.test-results', `server-${process.pid}.mjs`);
    const { bundle } = await import('../../scripts/bundle');
    await bundle('server/start.ts', outfile);
    dirs.push(path.resolve(outfile), path.resolve(`${outfile}.map`));
    const env = { ...process.env, DATA_DIR: tempDir(), DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: '18434' };
    const { SERVER_NODE_FLAGS } = await import('../../scripts/start');
    const server = spawn('node', [...SERVER_NODE_FLAGS, outfile], { env });
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout.on('data', (chunk) => String(chunk).includes('is running') && resolve());
        server.on('exit', (code) => reject(new Error(`bundled server exited ${code}`)));
      });
      expect(await (await fetch('http://127.0.0.1:18434/healthz')).json()).toMatchObject({ status: 'ok', engine: 'pglite', phase: 'ready' });
      // The seeded demo templates are there: the migrations and the seed ran from the bundle.
      const answer = await fetch('http://127.0.0.1:18434/api/activity/question/getWxQuestionTemplateList', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { resultCode: string; data: { total: number } };
      expect(body.resultCode).toBe('200');
      expect(body.data.total).toBeGreaterThan(0);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }, 90_000);
});

// Issue 54 item 5: a first start took 7–8.5 s, 3.7 s of it PGlite's initdb. The build now makes the first start's
// database (scripts/pglite-template.ts); a start with an empty DATA_DIR unpacks it when it fits the journal.
describe("the first start's database from the build (PGLITE_TEMPLATE)", () => {
  /** A migrations folder like the real one: a journal naming each migration, its SQL beside it. */
  const migrationsDir = (tags: string[]) => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'meta'));
    writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ entries: tags.map((tag, idx) => ({ idx, tag })) }));
    for (const tag of tags) writeFileSync(path.join(dir, `${tag}.sql`), `-- ${tag}\n`);
    return dir;
  };
  /** A template whose manifest is `migrations`' current one and whose tar holds a PG_VERSION and a nested file. */
  const template = (migrations: string) => {
    const dir = tempDir();
    const files = { tar: path.join(dir, 't.tar'), manifest: path.join(dir, 't.json'), migrationsDir: migrations };
    writeFileSync(files.tar, tarOf({ '/PG_VERSION': '17\n', '/base/1/1259': 'x'.repeat(700) }));
    writeFileSync(files.manifest, JSON.stringify(currentManifest(migrations)));
    return files;
  };

  it('an empty data directory gets the template, unpacked whole; one that holds anything is left alone', () => {
    const files = template(migrationsDir(['0000_a', '0001_b']));
    const dataDir = path.join(tempDir(), 'pglite');
    expect(placeTemplate(dataDir, files)).toEqual({ loaded: true });
    expect(readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(path.join(dataDir, 'base', '1', '1259'), 'utf8')).toBe('x'.repeat(700));
    expect(readdirSync(path.dirname(dataDir))).toEqual(['pglite']); // nothing left of the unpacking beside it
    writeFileSync(path.join(dataDir, 'PG_VERSION'), 'mine');
    expect(placeTemplate(dataDir, files)).toBeNull();
    expect(readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8')).toBe('mine');
  });

  it('a template built before a migration was added to the journal, or with one changed, is not used', () => {
    const migrations = migrationsDir(['0000_a', '0001_b']);
    const files = template(migrations);
    // Another helper's migration lands after the build: the journal grows by one.
    const journal = path.join(migrations, 'meta', '_journal.json');
    writeFileSync(journal, JSON.stringify({ entries: [{ tag: '0000_a' }, { tag: '0001_b' }, { tag: '0002_c' }] }));
    writeFileSync(path.join(migrations, '0002_c.sql'), '-- c\n');
    const dataDir = path.join(tempDir(), 'pglite');
    expect(placeTemplate(dataDir, files)).toEqual({ loaded: false, reason: 'it was built before migration 0002_c' });
    expect(existsSync(dataDir)).toBe(false);
    writeFileSync(journal, JSON.stringify({ entries: [{ tag: '0000_a' }, { tag: '0001_b' }] }));
    writeFileSync(path.join(migrations, '0001_b.sql'), '-- b, edited\n');
    expect(placeTemplate(dataDir, files)).toEqual({ loaded: false, reason: "its migration 0001_b differs from this code's 0001_b" });
    expect(templateMismatch({ pglite: '0.0.1', migrations: [] }, { pglite: '0.5.16', migrations: [] })).toMatch(/PGlite 0.0.1/);
    expect(placeTemplate(dataDir, { ...files, tar: path.join(tempDir(), 'none.tar') })).toEqual({ loaded: false, reason: 'the build has no template' });
  });

  it('a tar naming a file outside the data directory is refused', () => {
    expect(() => untar(tarOf({ '../escape': 'x' }), path.join(tempDir(), 'pglite'))).toThrow(/outside the data directory/);
  });

  it("the build's tar keeps the WAL segments from the checkpoint's redo to the current one; a file's zero tail unpacks as zeros", () => {
    const segment = (n: number) => `/pg_wal/00000001000000000000000${n}`;
    const current = `wal records${'\0'.repeat(3000)}`;
    const tar = tarOf({
      '/PG_VERSION': '17\n',
      [segment(1)]: 'finished',
      [segment(2)]: current,
      [segment(3)]: 'recycled',
      '/base/5/1': `page${'\0'.repeat(70_000)}x${'\0'.repeat(9)}`,
    });
    const dir = path.join(tempDir(), 'pglite');
    untar(withoutSpareWal(tar, '000000010000000000000002', '000000010000000000000002'), dir);
    expect(readdirSync(path.join(dir, 'pg_wal')).sort()).toEqual(['000000010000000000000002']);
    expect(readFileSync(path.join(dir, 'pg_wal', '000000010000000000000002'), 'utf8')).toBe(current);
    expect(readFileSync(path.join(dir, 'base', '5', '1'), 'utf8')).toBe(`page${'\0'.repeat(70_000)}x${'\0'.repeat(9)}`);
    expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    // A redo point in an earlier segment keeps that one too.
    const wider = path.join(tempDir(), 'pglite');
    untar(withoutSpareWal(tar, '000000010000000000000001', '000000010000000000000002'), wider);
    expect(readdirSync(path.join(wider, 'pg_wal')).sort()).toEqual(['000000010000000000000001', '000000010000000000000002']);
  });

  it('a first start loads the built template and serves it; a template behind the journal is ignored and the start creates the database', async () => {
    const tar = path.join(tempDir(), 'pglite-template.tar');
    const { buildPgliteTemplate } = await import('../../scripts/pglite-template');
    await buildPgliteTemplate(tar);
    const env = { ...process.env, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'info', PGLITE_TEMPLATE: tar, PORT: '18435' };
    const served = await startAndAsk({ ...env, DATA_DIR: tempDir() });
    expect(served.log).toContain("new database: loaded from the build's template");
    expect(served.templates).toBeGreaterThan(0); // the catalogues came with it (and the start's seed still ran)
    // The same tar with a manifest from before the newest migration: a new migration must not be skipped.
    const manifestFile = tar.replace(/\.tar$/, '.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { migrations: string[] };
    const newest = manifest.migrations.pop()!.split(' ')[0];
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const created = await startAndAsk({ ...env, DATA_DIR: tempDir() });
    expect(created.log).toContain(`the build's template was not used (it was built before migration ${newest})`);
    expect(created.templates).toBeGreaterThan(0);
  }, 240_000);
});

/** Starts the server from its sources on `env`, asks /healthz and the template list, stops it; answers its log too. */
async function startAndAsk(env: NodeJS.ProcessEnv): Promise<{ log: string; templates: number }> {
  const server = spawn('node', startArgs, { env });
  let log = '';
  server.stdout.on('data', (chunk) => (log += chunk));
  server.stderr.on('data', (chunk) => (log += chunk));
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout.on('data', () => log.includes('is running') && resolve());
      server.on('exit', (code) => reject(new Error(`server exited ${code}: ${log}`)));
    });
    const base = `http://127.0.0.1:${env.PORT}`;
    expect(await (await fetch(`${base}/healthz`)).json()).toMatchObject({ status: 'ok', engine: 'pglite', phase: 'ready' });
    const answer = await fetch(`${base}/api/activity/question/getWxQuestionTemplateList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await answer.json()) as { resultCode: string; data: { total: number } };
    return { log, templates: body.data.total };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/** A ustar archive of `files` (name → content), as PGlite's dumpDataDir writes them. */
function tarOf(files: Record<string, string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const header = Buffer.alloc(512);
    header.write(name, 0);
    header.write('0000600\0', 100);
    header.write(`${content.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('0', 156);
    header.write('ustar\0' + '00', 257);
    const body = Buffer.alloc(Math.ceil(content.length / 512) * 512);
    body.write(content);
    blocks.push(header, body);
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}
