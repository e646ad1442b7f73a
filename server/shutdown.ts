import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './plugins/lifecycle';

export interface DrainOptions {
  /** Keep serving this long with readiness false first, so an orchestrator stops routing here (SHUTDOWN_DELAY_MS). */
  delayMs: number;
  /** Most time given to in-flight requests and a running job (SHUTDOWN_GRACE_MS). */
  graceMs: number;
  /**
   * Most time idle kept-alive connections are left for the proxy to close or use once more (within the grace).
   * Above nginx's upstream keepalive_timeout (4 s in deploy/nginx/wenjuan.conf); 0 on Ctrl-C, where the peers
   * are browsers that keep idle connections for minutes.
   */
  idleWaitMs: number;
}

/** Idle kept-alive connections wait this long by default (SIGTERM). */
export const IDLE_WAIT_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const openConnections = (server: NetServer) => new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));

/**
 * Graceful stop (SIGTERM): no request that reached this process fails and no acknowledged answer is lost.
 * 1. Readiness turns false (`draining`); with a delay the process keeps serving meanwhile.
 * 2. The listening socket closes: new connections are refused, so a proxy passes them to another process.
 *    Kept-alive connections stay open: each carries on with its current and next request, answered with
 *    `Connection: close` (lifecycle plugin), or the proxy closes it when idle (nginx `keepalive_timeout`). Node's
 *    own server.close() would cut idle ones at once, racing a request the proxy is sending on one.
 * 3. When no connection is left (or `idleWaitMs` has passed), Fastify closes: idle connections are closed, requests
 *    still running finish, and onClose hooks let a running export job finish within what is left of the grace
 *    (then it goes back to the queue for another process).
 */
export async function drain(app: FastifyInstance, lifecycle: Lifecycle, options: DrainOptions): Promise<void> {
  lifecycle.phase = 'draining';
  if (options.delayMs > 0) await sleep(options.delayMs);
  const deadline = Date.now() + options.graceMs;
  app.drainDeadline = deadline;
  const server = app.server;
  if (server.listening) NetServer.prototype.close.call(server);
  const idleUntil = Math.min(deadline, Date.now() + options.idleWaitMs);
  while (Date.now() < idleUntil && (await openConnections(server)) > 0) await sleep(50);
  await app.close();
  lifecycle.phase = 'stopped';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set while draining: the time (ms) by which the process means to be gone; a running job may use it up. */
    drainDeadline?: number;
  }
}
