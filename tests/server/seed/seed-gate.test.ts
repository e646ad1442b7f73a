import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { TProjectInfo } from '../../../schemas/api/question';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/client';
import { readEnv } from '../../../server/env';
import { DEMO_PASSWORD, DEMO_PHONE } from '../../../server/seed/seed';
import { holdUntilSeeded } from '../../../server/seed/seed-gate';
import { seedAtStart } from '../../../server/seed/seed-start';
import { offlineResolver } from '../../helpers/offline-resolver';
import { engineName, openTestDatabase } from '../../helpers/test-db';

/**
 * Issue 54 item 5: a development start opens its port before the demo seed ends (server/seed/seed-gate.ts). The
 * probes answer at once; every other request from outside waits for the seed, so the demo account logs in and
 * finds its projects even when asked the moment the port opens.
 */
let app: FastifyInstance | null = null;
let database: Database | null = null;
/** Ends a held seed (a failed assertion must not leave the held requests, and so app.close, waiting). */
let endSeed = () => {};
afterEach(async () => {
  endSeed();
  await app?.close();
  await database?.close();
  app = null;
  database = null;
});

/** An app as server/start.ts builds it (not ready yet: the gate's hook goes in first). */
async function startingApp(): Promise<{ app: FastifyInstance; database: Database }> {
  database = await openTestDatabase();
  app = await buildApp({ database, clientDir: '/nonexistent', resolveHost: offlineResolver, jobs: 'manual', reportIndexRunner: { enabled: false } });
  return { app, database };
}

const listen = async (server: FastifyInstance) => {
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

async function post<T>(url: string, body: object, token?: string): Promise<{ resultCode: string; data: T }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { resultCode: string; data: T };
}

describe(`the demo seed after the port opens on ${engineName()}`, () => {
  it('a login asked the moment the port opens waits for the seed, then succeeds and finds every sample project', async () => {
    const { app, database } = await startingApp();
    const { demo, seeded } = await seedAtStart(app, database, readEnv({ NODE_ENV: 'development' }));
    expect(demo).toBe('seeded');
    let seedEnded = false;
    void seeded.then(() => (seedEnded = true));
    const base = await listen(app);
    const login = await post<{ token: string }>(`${base}/api/activity/user/userNameLogin`, { userName: DEMO_PHONE, password: DEMO_PASSWORD });
    // Answered only once the seed had ended (without the gate: no such account yet, or some projects missing).
    expect(seedEnded).toBe(true);
    expect(login.resultCode).toBe('200');
    const surveys = await post<{ list: TProjectInfo[] }>(
      `${base}/api/activity/question/getWxQuestionList`,
      { questionType: 1, page: 1, pageSize: 20 },
      login.data.token,
    );
    expect(surveys.data.list.map((p) => p.title)).toEqual(expect.arrayContaining(['2026 年度客户满意度调查', '部门团建地点征集（同事共享）']));
    await seeded;
  }, 120_000);

  it('while the seed runs: the probes and the calls made inside the process answer, requests from outside wait until it ends', async () => {
    const { app } = await startingApp();
    const seedHeld = new Promise<void>((resolve) => (endSeed = resolve));
    let arrived!: () => void;
    const loginArrived = new Promise<void>((resolve) => (arrived = resolve));
    // Registered before the gate's hook, so it hears the login arrive before the gate holds it.
    app.addHook('onRequest', async (request) => {
      if (request.url.endsWith('/userNameLogin')) arrived();
    });
    const seeded = holdUntilSeeded(app, () => seedHeld);
    // Registered after the gate's hook: it hears the login only once the gate has let it through.
    const order: string[] = [];
    app.addHook('onRequest', async (request) => {
      if (request.url.endsWith('/userNameLogin') && request.headers['x-outside']) order.push('login past the gate');
    });
    const base = await listen(app);

    const login = fetch(`${base}/api/activity/user/userNameLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-outside': '1' },
      body: JSON.stringify({ userName: DEMO_PHONE, password: DEMO_PASSWORD }),
    });
    await loginArrived;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect((await fetch(`${base}/assets/none.js`)).status).toBeLessThan(500); // answered (no built client here)
    // The seed's own calls (app.inject) pass: no demo account yet, so this login is refused, but it is answered.
    const inside = await app.inject({ method: 'POST', url: '/api/activity/user/userNameLogin', payload: { userName: DEMO_PHONE, password: DEMO_PASSWORD } });
    expect(inside.json<{ resultCode: string }>().resultCode).not.toBe('200');

    order.push('seed ended');
    endSeed();
    await seeded;
    expect((await login).status).toBe(200);
    expect(order).toEqual(['seed ended', 'login past the gate']);
  }, 60_000);
});
