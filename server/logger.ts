import pino, { type Logger } from 'pino';

/** Never written to a log line: the login token, cookies, phone numbers, SMS codes and passwords. */
export const REDACT = ['req.headers.token', 'req.headers.cookie', 'req.body.phone', 'req.body.code', 'req.body.password'];

/**
 * The server's logger: JSON lines on stdout (or `destination`), written asynchronously: lines that come while a write is
 * under way go together in the next one, so a request never waits for a write(2); what is pending is written when
 * the process exits (pino flushes on exit), lost only if it is killed outright. `node` names the process in every line.
 */
export function createLogger(level: string, node: string, destination: number | string = 1): Logger {
  return pino({ level, redact: REDACT, base: { pid: process.pid, node } }, pino.destination({ dest: destination, sync: false }));
}
