/**
 * deploy/: the files a user copies cannot all run here (no Docker engine, no systemd), so what can be checked is:
 * the nginx site file passes `nginx -t` as shipped and the compose copy stays the same file with other upstream
 * servers, and the environment the unit and the compose file give each process is what the server accepts.
 * (The site file is also the one tests/cluster/journeys.test.ts runs nginx with.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/start';
import { readEnv, ZEnv } from '../../server/env';
import { mainConfig, NGINX, SITE_FILE } from './harness';

const dir = mkdtempSync(path.join(tmpdir(), 'wj-deploy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = (file: string) => readFileSync(path.resolve(file), 'utf8');
const nginxTest = (site: string) => {
  const siteFile = path.join(dir, `site-${Math.random().toString(36).slice(2)}.conf`);
  writeFileSync(siteFile, site);
  writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir, siteFile));
  return spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
};
/** The lines that matter, without comments and the upstream's server lines. */
const body = (conf: string) =>
  conf
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !/^server \S+:\d+ /.test(l));

describe('deploy/', () => {
  it('the nginx site file passes nginx -t as shipped; a broken copy does not', () => {
    const result = nginxTest(read(SITE_FILE));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('test is successful');
    expect(nginxTest(read(SITE_FILE).replace('proxy_next_upstream_tries 3;', 'proxy_next_upstream_tries three;')).status).not.toBe(0);
  });

  it('the site file trusts no client-sent X-Forwarded-For and lets nginx pass only safe retries on', () => {
    const site = read(SITE_FILE);
    expect(site).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;/m);
    expect(site).not.toContain('$proxy_add_x_forwarded_for');
    // non_idempotent only for the submit, whose submissionId makes a second delivery harmless.
    const general = site.match(/^ {4}proxy_next_upstream (.*);$/m)?.[1];
    expect(general).toBe('error timeout http_503');
    expect(site.match(/non_idempotent/g)).toHaveLength(1);
    expect(site).toMatch(/location = \/api\/active\/write\/submit \{\s*proxy_next_upstream error timeout http_503 non_idempotent;/);
  });

  it("the compose file's nginx.conf is the same site file with the containers as upstream servers", () => {
    const docker = read('deploy/docker/nginx.conf');
    expect(body(docker)).toEqual(body(read(SITE_FILE)));
    expect(docker.match(/^\s*server app\d:8080 /gm)).toHaveLength(3);
  });

  it('the systemd template unit passes systemd-analyze verify as an instance; a broken copy does not', () => {
    const units = mkdtempSync(path.join(dir, 'units-'));
    const verify = (text: string, name: string) => {
      writeFileSync(path.join(units, `${name}@.service`), text);
      return spawnSync('systemd-analyze', ['verify', '--man=no', path.join(units, `${name}@3001.service`)], {
        encoding: 'utf8',
        env: { ...process.env, SYSTEMD_LOG_LEVEL: 'notice' },
      });
    };
    // An instance file name pointing at the template, as systemctl enable makes it.
    const unit = read('deploy/systemd/wenjuan@.service');
    symlinkSync(path.join(units, 'wenjuan@.service'), path.join(units, 'wenjuan@3001.service'));
    symlinkSync(path.join(units, 'broken@.service'), path.join(units, 'broken@3001.service'));
    const shipped = verify(unit, 'wenjuan');
    expect(shipped.error).toBeUndefined();
    expect(shipped.stderr.trim()).toBe('');
    expect(verify(unit.replace('TimeoutStopSec=45', 'TimeoutStopSec=forty-five'), 'broken').stderr).toContain('Failed to parse');
  });

  it('the environment the systemd unit and the compose file give each process is accepted by the server', () => {
    const envFile = Object.fromEntries(
      read('deploy/systemd/wenjuan.env')
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    const unit = read('deploy/systemd/wenjuan@.service');
    const fromUnit = Object.fromEntries([...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)].map((m) => [m[1], m[2]!.replace('%H', 'host').replace('%i', '3001')]));
    const env = readEnv({ ...envFile, ...fromUnit });
    expect(env).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: 1, PORT: 3001, NODE_NAME: 'host-3001' });
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\//);
    // The same node flags as `npm start` (scripts/start.ts).
    expect(unit).toMatch(new RegExp(`^ExecStart=/usr/bin/node ${SERVER_NODE_FLAGS.join(' ')} dist/server\\.mjs$`, 'm'));

    const compose = read('deploy/docker/compose.yaml');
    const keys = [...compose.matchAll(/^ {2}([A-Z_]+): /gm)].map((m) => m[1]!);
    expect(keys).toEqual(expect.arrayContaining(['DATABASE_URL', 'APP_SECRET', 'TRUST_PROXY']));
    for (const key of keys) expect(Object.keys(ZEnv.shape)).toContain(key);
    expect(read('deploy/docker/Dockerfile')).toContain(`CMD ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, 'dist/server.mjs']).replaceAll(',', ', ')}`);
    // What the server reads from disk at start: the migrations and the functions' current files.
    for (const dir of ['server/db/migrations', 'server/db/functions'])
      expect(read('deploy/docker/Dockerfile')).toContain(`COPY --from=build /app/${dir} ./${dir}`);
  });
});
