/**
 * The server's layers (server/README.md): routes, plugins and http/ are the HTTP layer; services, jobs, db,
 * providers and seed lie below it and never import it (issue 45 item 5). The domain's error vocabulary is
 * server/services/errors.ts, which the envelope plugin maps to the answer. Read from the import graph
 * (scripts/import-cycles.ts), so type-only and dynamic imports count too.
 */
import type { ImportGraph } from './import-cycles';

export const HTTP_LAYER = ['server/http/', 'server/routes/', 'server/plugins/'] as const;
export const BELOW_HTTP = ['server/services/', 'server/jobs/', 'server/db/', 'server/providers/', 'server/seed/'] as const;

/** Every import from below the HTTP layer into it, as `importer → imported`, sorted. */
export function importsIntoHttp(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    if (!BELOW_HTTP.some((dir) => file.startsWith(dir))) continue;
    for (const target of targets) if (HTTP_LAYER.some((dir) => target.startsWith(dir))) found.push(`${file} → ${target}`);
  }
  return found.sort();
}
