import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleReason } from '../../scripts/start';

// Issue 17.8: `npm start` rebuilt everything on every start (a restart took 46 s). It now builds only when the
// build is missing or older than what it is made from.
let root: string;
const write = (file: string, at: number) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, file);
  utimesSync(full, at / 1000, at / 1000);
};
const T = Date.parse('2026-11-26T08:00:00Z');
const built = () => {
  for (const file of ['dist/server.mjs', 'dist/pglite-template.json', 'dist/client/index.html', 'dist/client/respond.html', 'dist/client/vote.html'])
    write(file, T + 60_000);
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-start-'));
  write('src/main.tsx', T);
  write('server/app.ts', T);
  write('schemas/brands.ts', T);
  write('package.json', T);
  // Directories carry their own times: set them to the sources' time too.
  for (const dir of ['src', 'server', 'schemas']) utimesSync(path.join(root, dir), T / 1000, T / 1000);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start reuses a current build', () => {
  it('builds when there is no build yet', () => {
    expect(staleReason(root)).toBe(path.join('dist', 'server.mjs') + ' is missing');
  });

  it('starts without building when the build is newer than every source', () => {
    built();
    expect(staleReason(root)).toBeNull();
  });

  it('builds again after a source file, a nested one or the package list changed', () => {
    built();
    write('server/routes/user/login.routes.ts', T + 120_000);
    expect(staleReason(root)).toBe('server changed since the last build');
    built();
    write('server/routes/user/login.routes.ts', T);
    utimesSync(path.join(root, 'server', 'routes', 'user'), T / 1000, T / 1000);
    utimesSync(path.join(root, 'server', 'routes'), T / 1000, T / 1000);
    utimesSync(path.join(root, 'server'), T / 1000, T / 1000);
    write('package.json', T + 120_000);
    expect(staleReason(root)).toBe('package.json changed since the last build');
  });

  it('builds when half a build is there (one output missing)', () => {
    built();
    rmSync(path.join(root, 'dist', 'client', 'respond.html'));
    expect(staleReason(root)).toBe(path.join('dist', 'client', 'respond.html') + ' is missing');
  });
});
