import type { FastifyInstance } from 'fastify';

const CODE_AT = '{"resultCode":"'.length;

/**
 * One access line per request (Fastify's own request logging is off: it wrote two lines a request, each
 * serialising the request or the reply through the redaction paths, which cost a fifth of a submit's throughput).
 * The line is a plain message — `POST /api/active/write/submit 200 rc=200 1.8ms` — with the request id and the
 * process's bindings pino adds; the envelope's resultCode is read from the first bytes of the answer without
 * parsing it, and the query string is left out (signed download links carry a token there).
 * Skipped entirely when the level is above info.
 */
export function accessLogPlugin(app: FastifyInstance): void {
  // Fastify without a logger has a no-op one, without isLevelEnabled.
  if (!(app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info')) return;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url === '/healthz' || request.url === '/readyz') return done(null, payload); // probes: no line
    const q = request.url.indexOf('?');
    const url = q < 0 ? request.url : request.url.slice(0, q);
    let code = '';
    if (typeof payload === 'string' && payload.startsWith('{"resultCode":"')) code = ` rc=${payload.slice(CODE_AT, payload.indexOf('"', CODE_AT))}`;
    request.log.info(`${request.method} ${url} ${reply.statusCode}${code} ${reply.elapsedTime.toFixed(1)}ms`);
    done(null, payload);
  });
}
