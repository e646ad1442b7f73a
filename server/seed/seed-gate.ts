import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A development start answers before its demo seed ends (issue 54 item 5): the port opens as soon as the app is
 * built, and the demo seed (some 500 calls through the app) goes on behind it. Until the seed is done every request
 * from outside waits for it — the demo login, the project list, the respondent and share pages, payment notices —
 * except the probes (/healthz, /readyz) and the built front end's files (/assets/…), so a browser loads the page
 * meanwhile and its first call is answered once the demo accounts and their projects are all there. The seed's
 * calls are made inside the process (app.inject, and what they set off: the sandbox cashier's notice) and pass.
 * While it runs the seed moves the services' clock (seed-calls.ts atTime): no held request runs before the real
 * clock is back.
 */
const passes = (request: FastifyRequest) => {
  if (!(request.raw.socket instanceof Socket)) return true; // made in this process (app.inject)
  const path = request.url.split('?')[0]!;
  if (path === '/healthz' || path === '/readyz') return true;
  return (request.method === 'GET' || request.method === 'HEAD') && path.startsWith('/assets/');
};

/**
 * Holds `app`'s requests from outside (but the probes and the front end's files) until `seed` settles; call it
 * before the app is ready. Answers the seed's outcome; a failed seed lets the held requests go too (the start then
 * stops with the seed's error: server/start.ts).
 */
export function holdUntilSeeded(app: FastifyInstance, seed: () => Promise<void>): Promise<void> {
  let open = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  app.addHook('onRequest', async (request) => {
    if (!open && !passes(request)) await released;
  });
  return Promise.resolve()
    .then(seed)
    .finally(() => {
      open = true;
      release();
    });
}
