import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CONTRACTS } from '../../../schemas/api/calls';
import { contract, ZNoFields } from '../../../schemas/api/contract';
import { z } from 'zod';
import { defineCall } from '../../../server/http/define-call';
import type { OpenApiDocument } from '../../../server/http/openapi';
import { DOC_PATHS } from '../../../server/routes/docs/api-docs.routes';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { openTestDatabase } from '../../helpers/test-db';
import { buildApp } from '../../../server/app';

// GET /api/openapi.json is built from the contracts of schemas/api/: every route the app registered under /api/
// (the defineCall calls, the multipart uploads and the file downloads registered by hand) is in it with its
// request and response, and GET /api/docs renders it with files served by this server (no CDN).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const documentOf = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;

/** The routes of an app that its document must describe, as `METHOD path`. */
const routesOf = (app: FastifyInstance) =>
  app.apiRoutes.filter((r) => !(DOC_PATHS as readonly string[]).includes(r.path)).map((r) => `${r.method} /api/${r.path.replace(/:(\w+)/g, '{$1}')}`);

/** Routes a document lacks, or describes without request or response. */
function undocumented(app: FastifyInstance, doc: OpenApiDocument): string[] {
  return routesOf(app).filter((route) => {
    const [method, path] = route.split(' ') as [string, string];
    const op = doc.paths[path]?.[method.toLowerCase()];
    if (!op) return true;
    const answer = op.responses['200']?.content;
    const described = answer && Object.values(answer).every((media) => media.schema && typeof media.schema === 'object');
    const asked = method === 'POST' ? Object.values(op.requestBody?.content ?? {}).some((media) => media.schema) : (op.parameters?.length ?? 0) > 0;
    return !described || !asked;
  });
}

/** A schema, or the shared one its `$ref` names. */
const resolved = (doc: OpenApiDocument, schema: unknown): unknown => {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  return ref ? (doc.components.schemas as Record<string, unknown>)[ref.replace('#/components/schemas/', '')] : schema;
};

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 in shape: openapi, info, paths; every operation has a summary, a request and a 200 answer in the envelope', async () => {
    const doc = await documentOf(t.app);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(Object.keys(doc.paths).length).toBeGreaterThanOrEqual(100);
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\/[\w/.-]+$/);
      for (const [method, op] of Object.entries(ops)) {
        expect(['get', 'post']).toContain(method);
        expect(op.summary, path).toBeTruthy();
        expect(op.operationId, path).toBeTruthy();
        if (method === 'post') {
          expect(op.requestBody?.required, path).toBe(true);
          const media = path.startsWith('/api/upload/') ? 'multipart/form-data' : 'application/json';
          const body = resolved(doc, op.requestBody?.content[media]?.schema) as { type?: string; anyOf?: { type: string }[] };
          expect(body.type ?? body.anyOf?.every((branch) => branch.type === 'object'), path).toBeTruthy();
          const envelope = resolved(doc, op.responses['200']!.content['application/json']!.schema) as {
            properties: Record<string, unknown>;
            required: string[];
          };
          expect(envelope.required, path).toEqual(['resultCode', 'resultMsg', 'data']);
          expect(envelope.properties.data, path).toBeTypeOf('object');
        } else {
          expect(op.parameters?.length, path).toBeGreaterThan(0);
          expect(op.responses['200']).toBeDefined();
        }
      }
    }
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('writes each repeated schema once, in components, and every $ref names one that is there', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = response.json() as OpenApiDocument;
    const shared = doc.components.schemas as Record<string, unknown>;
    // The 38-type subject union sits in many editor calls: written once it keeps the document small.
    expect(Object.keys(shared).some((name) => name.includes('subjectType1'))).toBe(true);
    // No call carries an inlined copy of a shared schema (the subject union alone is tens of KB), and the whole
    // document grows only with the calls (519 KB at stop 60; ≈ 1 KB a call: issue 51's 25 coin calls pass 650 KB).
    for (const [path, ops] of Object.entries(doc.paths)) expect(JSON.stringify(ops).length, path).toBeLessThan(10_000);
    // 700 KB with issue 51's coin calls; 750 KB with issue 52's AI calls (the analysis messages carry findings and charts);
    // 800 KB with issue 53's token scope on every operation and a curl example per call group (≈ 25 KB).
    expect(response.body.length).toBeLessThan(800_000);
    const refs = [...response.body.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(50);
    expect(refs.filter((name) => !(name in shared))).toEqual([]);
  });

  it('has every route the app registered, with its request and response schemas', async () => {
    const doc = await documentOf(t.app);
    expect(routesOf(t.app).length).toBeGreaterThanOrEqual(t.app.calls.length);
    expect(undocumented(t.app, doc)).toEqual([]);
    // The hand-registered ones are there too: the multipart uploads and the file downloads.
    expect(doc.paths['/api/upload/image']?.post?.requestBody?.content['multipart/form-data']?.schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
    });
    expect(doc.paths['/api/upload/file']?.post?.requestBody?.content['multipart/form-data']).toBeDefined();
    expect(doc.paths['/api/question/statement/download']?.get?.parameters).toEqual([expect.objectContaining({ name: 'token', in: 'query', required: true })]);
  });

  it('describes real answers: a login request and its data, in Chinese where the spec names the call', async () => {
    const doc = await documentOf(t.app);
    const op = doc.paths['/api/activity/user/login']!.post!;
    expect(op.summary).toMatch(/[\u4e00-\u9fa5]/);
    expect(resolved(doc, op.requestBody!.content['application/json']!.schema)).toMatchObject({ required: ['phone', 'code'] });
    const envelope = resolved(doc, op.responses['200']!.content['application/json']!.schema) as { properties: { data: unknown } };
    const data = resolved(doc, envelope.properties.data) as { properties: Record<string, unknown> };
    expect(Object.keys(data.properties)).toEqual(['token', 'userInfo']);
  });

  it('names only contracts that exist, each path once', () => {
    const paths = ALL_CONTRACTS.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
    const registered = new Set(t.app.calls.map((c) => c.path));
    // Every registered call has its contract in the one list (the development calls are on in tests).
    expect([...registered].filter((p) => !paths.includes(p))).toEqual([]);
  });

  it('fails for a route added without a contract (the check has teeth)', async () => {
    const database = await openTestDatabase();
    const other = { app: await buildApp({ database, clientDir: '/nonexistent' }), close: async () => database.close() };
    try {
      other.app.post('/api/bench/by-hand', async () => ({ resultCode: '200', resultMsg: '成功', data: null }));
      defineCall(other.app, contract({ path: 'bench/with-contract', request: ZNoFields, response: z.null(), auth: 'optional' }), async () => null);
      const doc = await documentOf(other.app);
      // The contract-made call is documented; the one registered by hand without a contract is not.
      expect(undocumented(other.app, doc)).toEqual(['POST /api/bench/by-hand']);
    } finally {
      await other.app.close();
      await other.close();
    }
  });
});

describe('GET /api/docs', () => {
  it('answers an HTML page that loads only files of this server, and those files are served', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    for (const ref of refs) expect(ref, 'a local address').toMatch(/^\/api\/docs\//);
    expect(html).not.toMatch(/https?:\/\//);
    for (const ref of refs) {
      const asset = await t.app.inject({ method: 'GET', url: ref });
      expect(asset.statusCode, ref).toBe(200);
      expect(asset.body.length, ref).toBeGreaterThan(20);
    }
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/docs-init.js' });
    expect(init.body).toContain("'/api/openapi.json'");
  });

  it('serves no other file of the package', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/package.json' });
    expect(response.json()).toMatchObject({ resultCode: '404' });
  });
});
