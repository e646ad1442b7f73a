import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/**
 * Where a server process is in its life, for health and readiness probes (docs/scaling.md):
 * starting → migrating → ready → draining (SIGTERM) → stopped. Only a ready process takes traffic.
 */
export type Phase = 'starting' | 'migrating' | 'ready' | 'draining' | 'stopped';

export interface Lifecycle {
  phase: Phase;
  /** This process's name in the `x-wj-node` header and the logs (NODE_NAME, else the pid). */
  readonly node: string;
}

export const NODE_HEADER = 'x-wj-node';

export function createLifecycle(node: string, phase: Phase = 'ready'): Lifecycle {
  return { phase, node };
}

export interface Probe {
  status: number;
  body: { status: string; node: string; engine: string; phase: Phase };
}

/** Liveness: the process answers (whatever its phase). */
export const liveness = (lifecycle: Lifecycle, database: Pick<Database, 'engine'>): Probe => ({
  status: 200,
  body: { status: 'ok', node: lifecycle.node, engine: database.engine, phase: lifecycle.phase },
});

/** Readiness: ready and its database answers within 2 s; 503 while starting, migrating, draining or cut off. */
export async function readiness(lifecycle: Lifecycle, database: Pick<Database, 'engine' | 'query'>): Promise<Probe> {
  const body = { node: lifecycle.node, engine: database.engine, phase: lifecycle.phase };
  if (lifecycle.phase !== 'ready') return { status: 503, body: { status: lifecycle.phase, ...body } };
  let timer: NodeJS.Timeout | undefined;
  const answered = await Promise.race([
    database.query('SELECT 1').then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2_000))),
  ]);
  clearTimeout(timer);
  return answered ? { status: 200, body: { status: 'ok', ...body } } : { status: 503, body: { status: 'database', ...body } };
}

/**
 * /healthz (liveness) and /readyz (readiness) on the app's port, the `x-wj-node` header on every answer (the
 * cluster tests see which process served a call), and `Connection: close` on answers given while draining, so
 * a proxy's kept-alive connections end with their current request instead of being cut.
 */
export function lifecyclePlugin(app: FastifyInstance, lifecycle: Lifecycle, database: Database): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header(NODE_HEADER, lifecycle.node);
    if (lifecycle.phase === 'draining') reply.header('connection', 'close');
    done();
  });
  app.get('/healthz', async (_request, reply) => {
    const probe = liveness(lifecycle, database);
    return reply.code(probe.status).header('cache-control', 'no-store').send(probe.body);
  });
  app.get('/readyz', async (_request, reply) => {
    const probe = await readiness(lifecycle, database);
    return reply.code(probe.status).header('cache-control', 'no-store').send(probe.body);
  });
}

/**
 * HEALTH_PORT: the same two probes on a port of their own, open from the first moment of the process — while it
 * waits for or runs the migrations, before the app's port opens — and until it exits.
 */
export function startHealthServer(port: number, host: string, lifecycle: Lifecycle, database: Database): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const send = (probe: Probe) => {
      response.writeHead(probe.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', [NODE_HEADER]: lifecycle.node });
      response.end(JSON.stringify(probe.body));
    };
    if (path === '/healthz') return send(liveness(lifecycle, database));
    if (path === '/readyz') return void readiness(lifecycle, database).then(send);
    response.writeHead(404).end();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server.unref()));
  });
}
