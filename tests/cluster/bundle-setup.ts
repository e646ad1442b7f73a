/**
 * vitest.cluster.config.ts's global setup: the server bundle every cluster process runs, compiled once in vitest's
 * main process before the files' workers start (they inherit its environment and take the file as it is).
 */
import { BUNDLE_ENV, compileServerBundle } from './harness';

export default async function setup(): Promise<void> {
  process.env[BUNDLE_ENV] = await compileServerBundle();
}
