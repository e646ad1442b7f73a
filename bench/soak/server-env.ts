import path from 'node:path';

/**
 * The environment the soak benches start the server with (bench/soak.ts, bench/soak-commits.ts): a production start
 * on the bench's own database, logging at info into a file, sandbox payments (a group-buy with priced goods is
 * published only where payments can be taken), its data and no client build under the bench's temp folder.
 */
export const soakServerEnv = (databaseUrl: string, port: number, dir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  PAY_PROVIDER: 'sandbox',
  APP_SECRET: 'bench-soak-secret-0123456789abcdef',
  DATA_DIR: path.join(dir, 'data'),
  CLIENT_DIR: path.join(dir, 'none'),
});
