import pino, { type Logger } from 'pino';

/** Never written to a log line: the login token, cookies, phone numbers, SMS codes and passwords. */
export const REDACT = ['req.headers.token', 'req.headers.cookie', 'req.body.phone', 'req.body.code', 'req.body.password'];

/** Lines wait at most this long in the buffer when traffic is low. */
export const LOG_FLUSH_MS = 500;

/**
 * The server's logger: JSON lines on stdout (or `destination`), gathered in a 4 KB buffer written asynchronously
 * when full and at least every LOG_FLUSH_MS, so a request never waits for a write(2) and a busy process writes
 * a few dozen lines per call (a write per line cost ~7 µs of CPU a request: bench/access-log). What is buffered
 * is written when the process exits (pino flushes on exit); a process killed outright loses at most the last
 * half second of lines. `node` names the process in every line.
 */
export function createLogger(level: string, node: string, destination: number | string = 1): Logger {
  const logger = pino({ level, redact: REDACT, base: { pid: process.pid, node } }, pino.destination({ dest: destination, sync: false, minLength: 4096 }));
  setInterval(() => logger.flush(() => {}), LOG_FLUSH_MS).unref();
  return logger;
}
