import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
  it('compiles to one module that plain node starts: it migrates, seeds and answers calls', async () => {
    // One level below the package root, like dist/server.mjs (server/paths.ts finds the root from there).
    const outfile = path.join('.test-results', `server-${process.pid}.mjs`);
    const { bundle } = await import('../../scripts/bundle');
    await bundle('server/start.ts', outfile);
    dirs.push(path.resolve(outfile), path.resolve(`${outfile}.map`));
    const env = { ...process.env, DATA_DIR: tempDir(), DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: '18434' };
    const server = spawn('node', [outfile], { env });
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
