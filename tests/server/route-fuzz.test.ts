import { seedTemplates } from '../../server/seed/templates/seed-templates';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_MERCHANT_DRAFT } from '../../machines/shared/merchant-samples';
import { FILE_ROUTES } from '../../schemas/api/calls';
import type { TSubmitResult } from '../../schemas/api/write';
import type { TSubject } from '../../schemas/subjects/registry';
import type { RegisteredCall } from '../../server/http/define-call';
import { createSession } from '../../server/services/access/sessions.service';
import { isAiPath, signedAiHeaders } from '../helpers/ai-sign';
import { loginNewUser, makeSubject } from '../helpers/fixtures';
import { TRANSFER_FILE } from '../helpers/project-calls';
import { publishProject, pick, submissionId } from '../helpers/publish';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { engineName } from '../helpers/test-db';
import { arbitraryOf } from '../helpers/zod-arbitrary';

/**
 * Walks every registered call (so it grows with the product) with bodies built from the call's own Zod request
 * schema: near-valid bodies sent with the token of a user who owns a published project with an answer sheet (so
 * handlers run past validation and the power check), and the same bodies with one field broken at a time —
 * wrong type, missing, an extra field, a huge or odd Unicode string, nested junk — with no token, a forged one
 * or the owner's. Never a "500", never a stack trace.
 */

/** Call families whose bodies need an entity of their own (not this context's project) to succeed. */
const OWN_CONTEXT = [
  /^activity\/question\/solitaire\//,
  /^activity\/question\/appointment\//,
  /^activity\/vote\//,
  /^activity\/player\//,
  /^activity\/collect\//,
  /^wxApplet\/vote\//,
  // Orders need a paid order of a payment project: tests/server/pay/pay-fuzz.test.ts.
  /^active\/pay\//,
  /^active\/commodity\/order\//,
  // WeChat authorisation needs the platform configured (a fake WeChat): tests/server/wechat/component-fuzz.test.ts.
  /^activity\/component\//,
  // A template (not this context's project) and a link signed by the server: tests/server/question/template-share.test.ts.
  /^active\/template\/(getTemplateQuestion|getTemplateShareLink|getTemplateShare|copyTemplateShare)$/,
  // An operator account (OPERATOR_ACCOUNTS): tests/server/help/feedback-reading.test.ts.
  /^site\/feedback\//,
  // The gift centre's operator calls (OPERATOR_ACCOUNTS, a pending exchange): tests/server/coins/gift-operator.test.ts.
  /^activity\/gift\/operator\//,
  // A seeded help article's id (this context seeds none): tests/server/help/articles.test.ts, article-votes.test.ts.
  /^wxApplet\/article\/(getArticleDetail|getArticleUseful|getArticleUseless)$/,
  // 仅限微信授权填写 needs a bound official account and the platform: tests/server/write/form-wechat.test.ts.
  /^active\/write\/(getFormWechatAuthUrl|getFormWechatIdentity)$/,
  // 结果查询 switched on for a project: tests/server/result-query/*.test.ts.
  /^active\/write\/(getQueryForm|sendQuerySms|queryResult)$/,
  // Issue 49's calls that need an entity of their own: a sheet's proof (draws, certificates), a paid-in envelope, a
  // whitelist switched on, a configured mini-program, a paid order to ship; each fuzzed to success in its own tests:
  // (they reach success in those tests: tests/server/draw/, tests/server/red-envelope/, tests/server/whitelist/, tests/server/share/applet-codes.test.ts,
  // tests/server/logistics/).
  /^activity\/question\/draw\/(getDrawInfo|luckyDraw|saveWinnerContact)$/,
  /^activity\/question\/certificate\/(getCertificateInfo|issueCertificate|verifyCertificate)$/,
  /^activity\/question\/redPacket\/(payRedPacket|endRedPacket|approveRedPacket|rejectRedPacket|retryRedPacket|cancelRedPacket)$/,
  /^active\/write\/(checkWhite|sendWhiteSms)$/,
  /^activity\/question\/(getQuestionCode|T2\/getAppletUrl)$/,
  /^activity\/question\/logistics\//,
];

let t: TestApp;
/** What the server logged at error level or above (pino lines). */
const errorLogs: string[] = [];
let owner: { id: number; phone: string };
let ctx: Ctx;

interface Ctx {
  questionId: string;
  subjectUuid: string;
  optionUuid: string;
  sheetId: string;
  outRequestNo: string;
  /** A published sign-up chain, for the chain calls (activity/question/solitaire/*). */
  chainId: string;
  /** The owner's AI generation (the built-in assistant's), for activity/ai/getGeneration and createFromGeneration. */
  generationId: string;
  /** One of the owner's API tokens, for activity/user/revokeApiToken. */
  apiTokenId: number;
  /** A webhook of the project and its test delivery (issue 53 item 3). */
  webhookId: string;
  deliveryId: string;
}

async function ownerToken(): Promise<string> {
  return createSession(t.database, owner.id);
}

/** A published project with a single choice and a text subject, one answer sheet, and one merchant application. */
async function buildContext(): Promise<Ctx> {
  // The fuzz creates and copies projects too: the daily creation limit must not stop the context.
  await t.database.query('DELETE FROM daily_creations WHERE user_id = $1', [owner.id]);
  const headers = { token: await ownerToken() };
  const subjects: TSubject[] = [makeSubject(1, 1, '您的性别'), makeSubject(6, 2, '您的建议')];
  const questionId = await publishProject(t, headers, { subjects });
  const sheet = await t.call<TSubmitResult>('active/write/submit', {
    questionId,
    submissionId: submissionId(),
    deviceId: 'fuzz-device',
    durationSeconds: 40,
    answers: { [subjects[0]!.uuid]: pick(subjects[0]!, 0), [subjects[1]!.uuid]: '多一些选项' },
  });
  if (sheet.resultCode !== '200') throw new Error(`submit: ${sheet.resultCode} ${sheet.resultMsg}`);
  const outRequestNo = (await t.call<{ out_request_no: string }>('active/wxPay/getOutRequestNo', {}, headers)).data.out_request_no;
  const applied = await t.call('active/wxPay/applyMch', { ...SAMPLE_MERCHANT_DRAFT, out_request_no: outRequestNo }, headers);
  if (applied.resultCode !== '200') throw new Error(`applyMch: ${applied.resultCode} ${applied.resultMsg}`);
  const generated = await t.call<{ generationId: string }>('ai/question/ai_question_type', { prompt: '员工满意度调查，10题左右' }, headers);
  if (generated.resultCode !== '200') throw new Error(`ai generation: ${generated.resultCode} ${generated.resultMsg}`);
  // The fuzz creates API tokens too: the per-user limit must not stop the context.
  await t.database.query('DELETE FROM api_tokens WHERE user_id = $1', [owner.id]);
  const apiToken = await t.call<{ tokenId: number }>('activity/user/createApiToken', { name: '模糊测试', scope: 'read', expireDays: 30 }, headers);
  if (apiToken.resultCode !== '200') throw new Error(`api token: ${apiToken.resultCode} ${apiToken.resultMsg}`);
  const hook = await t.call<{ webhookId: string }>(
    'activity/question/webhook/saveWebhook',
    { questionId, url: 'https://example.com/hook', events: ['sheet.accepted'] },
    headers,
  );
  const ping = await t.call<{ deliveryId: string }>('activity/question/webhook/sendTestEvent', { questionId, webhookId: hook.data.webhookId }, headers);
  if (ping.resultCode !== '200') throw new Error(`webhook: ${ping.resultCode} ${ping.resultMsg}`);
  return {
    apiTokenId: apiToken.data.tokenId,
    webhookId: hook.data.webhookId,
    deliveryId: ping.data.deliveryId,
    generationId: generated.data.generationId,
    questionId,
    subjectUuid: subjects[0]!.uuid,
    optionUuid: (subjects[0] as { options: { uuid: string }[] }).options[0]!.uuid,
    sheetId: (sheet.data as { sheetId: string }).sheetId,
    outRequestNo,
    chainId: await publishProject(t, headers, {
      subjects: [makeSubject(6, 1, '备注')],
      questionType: 5,
      solitaireType: 4,
      prepare: (chainId) => t.call('activity/question/solitaire/saveChainSetting', { questionId: chainId, cap: null }, headers),
    }),
  };
}

/** After a call that deletes or empties things, the next call gets a whole context again. */
async function contextStillWhole(): Promise<boolean> {
  const rows = await t.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM projects p JOIN subjects s ON s.project_id = p.id AND s.deleted_at IS NULL AND s.uuid = $2
     WHERE p.public_id = $1 AND p.deleted_at IS NULL AND p.status = 1 AND EXISTS (SELECT 1 FROM webhook_deliveries WHERE public_id = $3)`,
    [ctx.questionId, ctx.subjectUuid, ctx.deliveryId],
  );
  return rows[0]!.n === 1;
}

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'error', stream: { write: (line: string) => errorLogs.push(line) } } });
  // The template library, as `npm start` seeds it: template calls and the built-in AI assistant work from it.
  await seedTemplates(t.database);
  const login = await loginNewUser(t, 4);
  owner = { id: (await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [login.phone]))[0]!.id, phone: login.phone };
  ctx = await buildContext();
}, 120_000);
afterAll(() => t.close());

/** Fields whose value names something that exists: the body reaches the handler's real work. */
function known(c: Ctx): Record<string, unknown> {
  return {
    questionId: c.questionId,
    subjectUuid: c.subjectUuid,
    rowSubject: c.subjectUuid,
    colSubject: c.subjectUuid,
    subjectUuids: [c.subjectUuid],
    optionUuid: c.optionUuid,
    sheetId: c.sheetId,
    out_request_no: c.outRequestNo,
    phone: owner.phone,
    parentCode: '330000',
    province_code: '330000',
    city_code: '330100',
    bank_alias_code: 'ICBC',
    // An AI generation's request in words the built-in assistant's library holds (issue 52).
    prompt: '员工满意度调查，10题左右',
    generationId: c.generationId,
    tokenId: c.apiTokenId,
    webhookId: c.webhookId,
    deliveryId: c.deliveryId,
  };
}

async function currentVersion(): Promise<number | undefined> {
  const rows = await t.database.query<{ version: number }>('SELECT version FROM projects WHERE public_id = $1', [ctx.questionId]);
  return rows[0]?.version;
}

/** A near-valid body with the context's ids put in (and the project's current version, which editor calls check). */
async function realistic(body: unknown, path = ''): Promise<unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...body };
  for (const [key, value] of Object.entries(known(ctx))) if (key in out) out[key] = value;
  if ('questionId' in out && path.includes('/solitaire/')) out.questionId = ctx.chainId;
  // Projects in and out (issue 53): our own JSON, a file every transfer call reads.
  if (path.includes('/transfer/')) Object.assign(out, 'content' in out ? { format: 'wenjuan', content: TRANSFER_FILE() } : { format: 'wenjuan' });
  if ('version' in out) out.version = (await currentVersion()) ?? out.version;
  return out;
}

// ---- one broken field at a time --------------------------------------------------------------------------------

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uFEFF',
  '\ud800',
  '\u202e\u202d',
  'Z̴̡̛̖͎̈́a̶͕̓l̷̰͝g̶̱̈o̵͍̊',
  '👨‍👩‍👧‍👦'.repeat(20),
  '𠮷'.repeat(50),
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '{{Q1}}${7*7}%s%n',
  '../../etc/passwd',
  'x'.repeat(70_000),
  '１３８００１３８０００',
];
const oddString = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom(...ODD_STRINGS));

const junk: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    oddString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 0.1, -1),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(oddString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Arrays nested far deeper than any schema, and very long ones. */
const nested = fc.oneof(
  fc.integer({ min: 50, max: 400 }).map((depth) => {
    let value: unknown = 'bottom';
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
    return value;
  }),
  fc.constant(Array.from({ length: 20_000 }, (_, i) => i)),
);

type Mutation = 'wrongType' | 'missing' | 'extra' | 'oddString' | 'junk' | 'nested';
const MUTATIONS: Mutation[] = ['wrongType', 'missing', 'extra', 'oddString', 'junk', 'nested'];
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'extra', '𠮷', ''];

type Path = Array<string | number>;

/** Every place in a body a value sits at (the body itself included), down to a few levels. */
function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (path.length >= 6 || !value || typeof value !== 'object') return out;
  if (Array.isArray(value)) value.slice(0, 6).forEach((v, i) => pathsOf(v, [...path, i], out));
  else for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}

function wrongTypeOf(value: unknown, seed: number): unknown {
  const choices: unknown[] =
    typeof value === 'string'
      ? [12345, true, {}, ['x'], null]
      : typeof value === 'number'
        ? ['12', '', false, [1], { n: 1 }]
        : typeof value === 'boolean'
          ? ['true', 1, 0, null]
          : Array.isArray(value)
            ? [{}, 'x', 0, { length: 1, 0: 'x' }]
            : value && typeof value === 'object'
              ? ['x', [], 0, true]
              : [0, 'null', [], {}];
  return choices[seed % choices.length];
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // An own "__proto__" key, as JSON.parse makes it, rather than a prototype change.
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

function mutate(body: unknown, mutation: Mutation, seed: number, replacement: { junk: unknown; odd: string; nested: unknown }): unknown {
  const root = { body: structuredClone(body) };
  const paths = pathsOf(root.body).map((p) => ['body', ...p] as Path);
  const path = paths[seed % paths.length]!;
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root) as Record<string, unknown> | unknown[];
  const key = path.at(-1)!;
  const current = (parent as Record<string | number, unknown>)[key];
  switch (mutation) {
    case 'wrongType':
      (parent as Record<string | number, unknown>)[key] = wrongTypeOf(current, seed);
      break;
    case 'missing':
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else if (key === 'body') root.body = undefined;
      else delete parent[key as string];
      break;
    case 'extra': {
      const holder = current && typeof current === 'object' && !Array.isArray(current) ? (current as Record<string, unknown>) : null;
      if (holder) setOwn(holder, EXTRA_KEYS[seed % EXTRA_KEYS.length]!, replacement.junk);
      else (parent as Record<string | number, unknown>)[key] = { value: current, [EXTRA_KEYS[seed % EXTRA_KEYS.length]!]: replacement.junk };
      break;
    }
    case 'oddString':
      (parent as Record<string | number, unknown>)[key] = replacement.odd;
      break;
    case 'junk':
      (parent as Record<string | number, unknown>)[key] = replacement.junk;
      break;
    case 'nested':
      (parent as Record<string | number, unknown>)[key] = replacement.nested;
      break;
  }
  return root.body;
}

// ---- the walk ------------------------------------------------------------------------------------------------

type TokenMode = 'none' | 'forged' | 'owner';
/** FUZZ_SCALE=10 multiplies the runs for a deeper hunt by hand; the suite runs the default. */
const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE) || 1);
const STACK = /\bat \S+ \(|node_modules|\.ts:\d+|\.js:\d+|Error:|\n {4}at /;

const seen = new Map<string, Set<string>>();
let requests = 0;

async function send(call: RegisteredCall, payload: unknown, tokenMode: TokenMode, token: string): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (tokenMode === 'owner') headers.token = token;
  if (tokenMode === 'forged') headers.token = 'x'.repeat(43);
  const text = JSON.stringify(payload) ?? 'null';
  // The AI base's calls are signed (tests/helpers/ai-sign.ts) so the owner's bodies reach their handlers.
  if (tokenMode === 'owner' && isAiPath(call.path)) Object.assign(headers, signedAiHeaders(t.app, token, call.path, text));
  const response = await t.app.inject({ method: 'POST', url: `/api/${call.path}`, payload: text, headers });
  requests += 1;
  const shown = `${call.path} [${tokenMode}] ${JSON.stringify(payload)?.slice(0, 400)}`;
  expect(response.statusCode, shown).toBe(200);
  expect(response.body, shown).not.toMatch(STACK);
  const envelope = response.json() as { resultCode: string; resultMsg: string };
  expect(envelope.resultCode, `${shown} → ${envelope.resultMsg}`).not.toBe('500');
  if (!seen.has(call.path)) seen.set(call.path, new Set());
  seen.get(call.path)!.add(envelope.resultCode);
}

/** Calls that end the session, move the clock or wipe the context go last. */
const LAST = /logout$|dev\/clock$|CompletelyDel$|getWxQuestionDel$|getQuestionClear$|leaveTeamWork$|settingPassword$|changePassword$/;

describe(`route fuzz: every registered call, bodies from its own schema (${engineName()})`, () => {
  it('knows the calls it walks, each with its request schema', () => {
    expect(t.app.calls.length).toBeGreaterThanOrEqual(100);
    // Only the multipart uploads are registered by hand.
    expect(
      t.app.calls
        .filter((c) => !c.body)
        .map((c) => c.path)
        .sort(),
    ).toEqual(['upload/audio', 'upload/checkInPhoto', 'upload/file', 'upload/image', 'upload/video']);
    expect(t.app.calls.some((c) => c.path === 'question/region/getAreaList')).toBe(true);
  });

  it(
    'never answers "500" or leaks a stack trace',
    async () => {
      const calls = [...t.app.calls].sort((a, b) => Number(LAST.test(a.path)) - Number(LAST.test(b.path)));
      for (const call of calls) {
        if (!(await contextStillWhole())) ctx = await buildContext();
        t.app.deps.now = () => new Date();
        const token = await ownerToken();
        const shaped = call.body ? arbitraryOf(call.body) : junk;

        // Near-valid bodies with the owner's token: the handler does its work.
        await fc.assert(
          fc.asyncProperty(shaped, async (body) => send(call, await realistic(body, call.path), 'owner', token)),
          { numRuns: 4 * SCALE },
        );

        // One field broken at a time, with and without a token.
        const broken = fc.record({
          body: shaped,
          mutation: fc.constantFrom(...MUTATIONS),
          seed: fc.nat(),
          junk,
          odd: oddString,
          nested,
          tokenMode: fc.constantFrom<TokenMode>('owner', 'owner', 'none', 'forged'),
        });
        await fc.assert(
          fc.asyncProperty(broken, async (b) => send(call, mutate(await realistic(b.body, call.path), b.mutation, b.seed, b), b.tokenMode, token)),
          { numRuns: 10 * SCALE },
        );

        // Anything at all as the body.
        await fc.assert(
          fc.asyncProperty(junk, fc.constantFrom<TokenMode>('owner', 'none'), async (body, mode) => send(call, body, mode, token)),
          { numRuns: 3 * SCALE },
        );
      }
      const codes = new Set([...seen.values()].flatMap((s) => [...s]));
      expect(codes.has('400')).toBe(true);
      expect(codes.has('401')).toBe(true);
      // Most calls this context serves got past validation and the power check to a successful answer at least
      // once. The families with a context of their own (a chain, a vote activity) are fuzzed to success in their
      // own tests (tests/server/chain/chain-fuzz.test.ts, tests/server/vote*/); here they only must not fail.
      const served = [...seen.entries()].filter(([path]) => !OWN_CONTEXT.some((family) => family.test(path)));
      const succeeded = served.filter(([, s]) => s.has('200'));
      expect(succeeded.length / served.length).toBeGreaterThan(0.6);
      expect(requests).toBeGreaterThan(t.app.calls.length * 15);
    },
    240_000 * SCALE,
  );
});

// ---- GET routes: query strings ---------------------------------------------------------------------------------

/** One query-string pair, written as a client might: encoded, raw, repeated, with brackets, without "=". */
type Pair = [key: string, value: string | null];
const queryString = (pairs: Pair[]) => pairs.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&');
// A lone surrogate cannot be encoded: it goes as U+FFFD, as a browser would send it.
const enc = (text: string) => encodeURIComponent(text.toWellFormed());

/** Raw fragments no encoder writes: broken escapes, NUL, a lone surrogate's bytes, an over-long value. */
const RAW_VALUES = ['%', '%E0%A4%A', '%00', '%ED%A0%80', '%FF%FE', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(9_000), '', '+', '%20'];

function queryPairsOf(value: unknown): Pair[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [enc(k), enc(typeof v === 'string' ? v : JSON.stringify(v))]);
}

type QueryMutation = 'asIs' | 'missing' | 'repeated' | 'short' | 'raw' | 'odd' | 'brackets' | 'bare' | 'extra';
const QUERY_MUTATIONS: QueryMutation[] = ['asIs', 'missing', 'repeated', 'short', 'raw', 'odd', 'brackets', 'bare', 'extra'];

function mutateQuery(pairs: Pair[], mutation: QueryMutation, seed: number, odd: string): Pair[] {
  const at = pairs.length ? seed % pairs.length : -1;
  const key = at >= 0 ? pairs[at]![0] : 'token';
  const rest = pairs.filter((_, i) => i !== at);
  switch (mutation) {
    case 'asIs':
      return pairs;
    case 'missing':
      return rest;
    case 'repeated':
      return [...pairs, [key, pairs[at]?.[1] ?? 'x'], [key, enc(odd)]];
    case 'short':
      return [...rest, [key, 'ab']];
    case 'raw':
      return [...rest, [key, RAW_VALUES[seed % RAW_VALUES.length]!]];
    case 'odd':
      return [...rest, [key, enc(odd)]];
    case 'brackets':
      return [...rest, [`${key}[]`, 'a'], [`${key}[x]`, 'b'], ['constructor[prototype]', 'x'], ['__proto__', 'y']];
    case 'bare':
      return [...rest, [key, null]];
    case 'extra':
      return [...pairs, [enc(EXTRA_KEYS[seed % EXTRA_KEYS.length]! || 'extra'), enc(odd)]];
  }
}

/** A GET answer: never a server fault, a stack trace or an error in the log; JSON answers in the envelope. */
async function sendGet(url: string): Promise<string> {
  const logged = errorLogs.length;
  const response = await t.app.inject({ method: 'GET', url });
  requests += 1;
  const shown = `GET ${url.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect(response.statusCode, shown).toBeLessThan(500);
  expect(response.body, shown).not.toMatch(STACK);
  expect(errorLogs.slice(logged), shown).toEqual([]);
  if (!String(response.headers['content-type'] ?? '').includes('json')) return String(response.statusCode);
  const envelope = response.json() as { resultCode?: string };
  expect(envelope.resultCode, shown).not.toBe('500');
  return envelope.resultCode ?? String(response.statusCode);
}

describe(`route fuzz: every GET route under /api/, query strings from its own schema (${engineName()})`, () => {
  it('download links with a missing, short, repeated or malformed token are a "400" or "401", and log no error', async () => {
    const routes = ['activity/question/downloadFile', 'question/statement/download'];
    expect(routes.every((route) => t.app.apiRoutes.some((r) => r.method === 'GET' && r.path === route))).toBe(true);
    const forged = `${Buffer.from('{"jobId":"x","expires":99999999999999}').toString('base64url')}.${'A'.repeat(43)}`;
    const cases: [query: string, code: string][] = [
      ['', '400'],
      ['token', '400'],
      ['token=', '400'],
      ['token=short', '400'],
      ['token=ab', '400'],
      ['token=a&token=b', '400'],
      [`token=${enc(forged)}&token=${enc(forged)}`, '400'],
      ['token[]=aaaaaaaaaaaa', '400'],
      [`token=${'x'.repeat(9_000)}`, '400'],
      ['token=%E0%A4%A', '400'],
      // NUL is dropped before validation (server/http/validate.ts): nothing is left.
      ['token=%00%00%00%00%00%00%00%00%00%00%00', '400'],
      ['token=..........', '401'],
      ['token=%ED%A0%80%ED%A0%80%ED%A0%80%ED%A0%80', '401'],
      [`token=${enc(forged)}`, '401'],
      [`token=${enc(forged.replace('.', ''))}`, '401'],
    ];
    for (const route of routes) {
      for (const [query, code] of cases) expect(await sendGet(`/api/${route}?${query}`), `${route}?${query.slice(0, 80)}`).toBe(code);
    }
  });

  it('never answers a fault, a stack trace or an error log, whatever the query string', async () => {
    const routes = t.app.apiRoutes.filter((r) => r.method === 'GET');
    expect(routes.length).toBeGreaterThanOrEqual(FILE_ROUTES.length);
    for (const route of routes) {
      const schema = FILE_ROUTES.find((f) => f.path === route.path)?.query;
      const path = route.path.replace(/\*$/, 'x').replace(/:[^/]+/g, 'x');
      const shaped = schema ? arbitraryOf(schema) : fc.constant({});
      await fc.assert(
        fc.asyncProperty(shaped, fc.constantFrom(...QUERY_MUTATIONS), fc.nat(), oddString, async (query, mutation, seed, odd) => {
          await sendGet(`/api/${path}?${queryString(mutateQuery(queryPairsOf(query), mutation, seed, odd))}`);
        }),
        { numRuns: 30 * SCALE },
      );
    }
  });
});
