/**
 * vitest.cluster.config.ts's global setup, for the files' workers (they inherit its environment): the server bundle
 * every cluster process runs, compiled once in vitest's main process before the files start (they take the file
 * as it is), and one database migrated once, which cluster starts copy instead of migrating an empty one each.
 */
import { BUNDLE_ENV, compileServerBundle, createTemplateDatabase, TEMPLATE_ENV } from './harness';

export default async function setup(): Promise<() => Promise<void>> {
  process.env[BUNDLE_ENV] = await compileServerBundle();
  const template = await createTemplateDatabase();
  process.env[TEMPLATE_ENV] = template.name;
  return () => template.drop();
}
