/**
 * Signed AI calls across processes (issue 52 acceptance "Signature tests"): the nonce of a signed call is taken in
 * the database, so the same signed request sent to process A and then to process B is refused by B; the session's
 * key, derived from the shared secret, is the same on every process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_SIGN_MESSAGES, aiSignedHeaders, aiSignedPath } from '../../schemas/ai/signature';
import { aiCalls, aiServiceCalls } from '../../schemas/api/ai';
import { startCluster, type Cluster, type Envelope } from './harness';

let c: Cluster;
beforeAll(async () => {
  c = await startCluster({ nodes: 2 });
}, 240_000);
afterAll(async () => {
  await c?.close();
});

const ok = <T>(answer: Envelope<T>): T => {
  expect(answer.resultCode, `${answer.resultMsg} (from ${answer.node})`).toBe('200');
  return answer.data;
};
const SIGNATURE_REFUSALS: string[] = Object.values(AI_SIGN_MESSAGES);

async function login(): Promise<string> {
  const phone = `1594${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
  ok(await c.call('activity/user/sendSms', { phone }));
  const [row] = await c.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
  return ok(await c.call<{ token: string }>('activity/user/login', { phone, code: row!.text.match(/(\d{6})/)![1] })).token;
}

describe('signed AI calls on several processes', () => {
  it('a nonce taken by one process is refused by the other; the key is the same on both', async () => {
    const [a, b] = c.nodes as [(typeof c.nodes)[0], (typeof c.nodes)[0]];
    const token = await login();
    const keyA = ok(await c.callNode<{ key: string }>(a, aiServiceCalls.getAiSession.path, {}, { token })).key;
    const keyB = ok(await c.callNode<{ key: string }>(b, aiServiceCalls.getAiSession.path, {}, { token })).key;
    expect(keyB).toBe(keyA);

    const path = aiCalls.questionType.path;
    const body = { prompt: '员工满意度调查，10题左右' };
    const headers = { token, ...aiSignedHeaders(keyA, aiSignedPath(path), JSON.stringify(body)) };
    const first = await c.callNode(a, path, body, headers);
    expect(first.node).toBe(a.name);
    expect(SIGNATURE_REFUSALS, `${first.resultCode} ${first.resultMsg}`).not.toContain(first.resultMsg);
    const replay = await c.callNode(b, path, body, headers);
    expect(replay.node).toBe(b.name);
    expect(replay).toMatchObject({ resultCode: '409', resultMsg: AI_SIGN_MESSAGES.replay });

    // Signed with the key process A gave, sent to B first: B takes it, A refuses the replay.
    const other = { token, ...aiSignedHeaders(keyA, aiSignedPath(path), JSON.stringify(body)) };
    expect(SIGNATURE_REFUSALS).not.toContain((await c.callNode(b, path, body, other)).resultMsg);
    expect(await c.callNode(a, path, body, other)).toMatchObject({ resultCode: '409', resultMsg: AI_SIGN_MESSAGES.replay });
  });

  it('through nginx: the signing headers reach the processes, and a replay landing on the other process is refused', async () => {
    const token = await login();
    const { key } = ok(await c.call<{ key: string }>(aiServiceCalls.getAiSession.path, {}, { token }));
    const path = aiCalls.examType.path;
    const body = { prompt: '安全知识考试' };
    const headers = { token, ...aiSignedHeaders(key, aiSignedPath(path), JSON.stringify(body)) };
    const answers = [await c.call(path, body, headers), await c.call(path, body, headers), await c.call(path, body, headers)];
    expect(new Set(answers.map((x) => x.node)).size).toBe(2);
    expect(SIGNATURE_REFUSALS).not.toContain(answers[0]!.resultMsg);
    for (const replay of answers.slice(1)) expect(replay).toMatchObject({ resultCode: '409', resultMsg: AI_SIGN_MESSAGES.replay });
  });
});
