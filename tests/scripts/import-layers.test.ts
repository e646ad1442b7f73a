import { describe, expect, it } from 'vitest';
import { buildImportGraph, type ImportGraph } from '../../scripts/import-cycles';
import { importsIntoHttp } from '../../scripts/import-layers';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));

describe('nothing below the HTTP layer imports it (scripts/import-layers.ts)', () => {
  it('names a service, a job or a db module importing http/, routes/ or plugins/', () => {
    const graph = graphOf({
      'server/services/a/a.service.ts': ['server/http/errors.ts', 'server/services/errors.ts'],
      'server/jobs/run.ts': ['server/routes/x/x.routes.ts'],
      'server/db/client.ts': ['server/plugins/auth.ts'],
      'server/routes/x/x.routes.ts': ['server/http/define-call.ts', 'server/services/a/a.service.ts'],
      'server/plugins/envelope.ts': ['server/services/errors.ts'],
    });
    expect(importsIntoHttp(graph)).toEqual([
      'server/db/client.ts → server/plugins/auth.ts',
      'server/jobs/run.ts → server/routes/x/x.routes.ts',
      'server/services/a/a.service.ts → server/http/errors.ts',
    ]);
  });

  it('holds for the server: services take their error vocabulary from server/services/errors.ts', () => {
    expect(importsIntoHttp(buildImportGraph('.', ['server']))).toEqual([]);
  });
});
