import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_PLACEHOLDERS } from '../../../server/http/openapi-examples';
import type { OpenApiDocument, OpenApiOperation } from '../../../server/http/openapi';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(() => t.close());

const operations = () => Object.values(doc.paths).flatMap((ops) => Object.values(ops) as OpenApiOperation[]);

/** A curl example taken apart as a script would run it: method, path, headers and body. */
function parseCurl(source: string) {
  const url = /"\$BASE_URL(\/api\/[^"]+)"/.exec(source)![1]!;
  const headers = Object.fromEntries([...source.matchAll(/-H '([^:']+): ([^']*)'/g)].map((m) => [m[1]!, m[2]!]));
  const data = /-d '((?:[^']|'\\'')*)'/.exec(source)?.[1]?.replace(/'\\''/g, "'");
  return { method: source.includes('-X POST') ? 'POST' : 'GET', url, headers, body: data === undefined ? undefined : JSON.parse(data) };
}

describe('the OpenAPI document and API tokens', () => {
  it('has the apiToken scheme, and every operation says the token scope it needs', () => {
    const scheme = (doc.components.securitySchemes as Record<string, Record<string, string>>).apiToken!;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'header', name: 'token' });
    expect(scheme.description).toContain('账号设置 → API 令牌');
    expect(scheme.description).toContain('只读');
    for (const op of operations()) expect(['read', 'write', 'none'], op.operationId).toContain(op['x-token-scope']);
    const byId = new Map(operations().map((op) => [op.operationId, op]));
    expect(byId.get('question/statement/getStatement')!['x-token-scope']).toBe('read');
    expect(byId.get('activity/question/updateWxQuestionSubject')!['x-token-scope']).toBe('write');
    expect(byId.get('activity/user/changePassword')!['x-token-scope']).toBe('none');
    expect(byId.get('activity/user/changePassword')!.security).not.toContainEqual({ apiToken: [] });
  });

  it('gives every call group a curl example, in the group description and on its representative call', () => {
    const samples = operations().filter((op) => op['x-codeSamples']);
    for (const tag of doc.tags) {
      expect(tag.description, tag.name).toMatch(/```bash\ncurl /);
      expect(
        samples.some((op) => op.tags[0] === tag.name),
        tag.name,
      ).toBe(true);
    }
  });

  it('runs the report group’s example with a read token: 200 with the report', async () => {
    const owner = await loginNewUser(t);
    const questionId = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1, '示例题')] });
    const made = await t.call<{ token: string }>('activity/user/createApiToken', { name: '文档示例', scope: 'read', expireDays: 7 }, owner.headers);
    const op = operations().find((o) => o.tags[0] === 'question/statement' && o['x-codeSamples'])!;
    expect(op['x-token-scope']).toBe('read');
    const source = op['x-codeSamples']![0]!.source.replaceAll(EXAMPLE_PLACEHOLDERS.token, made.data.token).replaceAll(
      EXAMPLE_PLACEHOLDERS.questionId,
      questionId,
    );
    const request = parseCurl(source);
    const answer = await t.app.inject({ method: request.method as 'POST', url: request.url, headers: request.headers, payload: request.body });
    expect(answer.json()).toMatchObject({ resultCode: '200', data: { questionId, title: '发布测试' } });
  });
});
