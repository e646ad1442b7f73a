/**
 * A rolling restart under load: one of three processes behind nginx gets SIGTERM while respondents keep
 * submitting. No acknowledged sheet may be lost and no request may fail: the stopping process finishes what it
 * has, its port refuses new connections (nginx passes them on), and its kept-alive connections end cleanly.
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../schemas/api/question';
import type { TSubject } from '../../schemas/subjects/registry';
import { makeSubject } from '../helpers/fixtures';
import { pick, submissionId } from '../helpers/publish';
import { nodeLog, startCluster, waitFor, type Cluster } from './harness';

let c: Cluster;
beforeAll(async () => {
  // Without APP_SECRET and without a shared DATA_DIR (as on three machines): the processes must still agree on
  // one secret (kept in the database).
  c = await startCluster({ nodes: 3, sharedDataDir: false, env: { APP_SECRET: undefined } });
}, 240_000);
afterAll(async () => {
  await c?.close();
});

interface Outcome {
  /** The submissionId, or '' for a page load. */
  id: string;
  http: number;
  resultCode: string;
  node: string;
  at: number;
  error?: string;
}

describe('without APP_SECRET', () => {
  it('the processes share one generated secret: an SMS code sent through one is accepted by another', async () => {
    const phone = `1591${String(process.pid % 10_000).padStart(4, '0')}002`;
    const sent = await c.call('activity/user/sendSms', { phone });
    expect(sent.resultCode).toBe('200');
    const [row] = await c.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
    const logged = await c.call('activity/user/login', { phone, code: row!.text.match(/(\d{6})/)![1] });
    expect(logged.node).not.toBe(sent.node);
    expect(logged.resultCode, logged.resultMsg).toBe('200');
  });
});

describe('SIGTERM to one of three processes during a submit load', () => {
  it('a rolling restart (two processes, one after the other) loses no acknowledged sheet and fails no request; each exits 0 and comes back', async () => {
    const phone = `1591${String(process.pid % 10_000).padStart(4, '0')}001`;
    await c.call('activity/user/sendSms', { phone });
    const [row] = await c.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
    const { data } = await c.call<{ token: string }>('activity/user/login', {
      phone,
      code: row!.text.match(/(\d{6})/)![1],
    });
    const headers = { token: data.token };
    const q = makeSubject(1, 1, '满意度') as TSubject;
    const created = await c.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '滚动重启', subjects: [q] }, headers);
    const questionId = created.data.questionId!;
    expect((await c.call('activity/question/getQuestionStatus', { questionId, status: 1 }, headers)).resultCode).toBe('200');

    const outcomes: Outcome[] = [];
    let running = true;
    // Two in three respondents submit (nginx may pass a submit on even after it reached a process: it is
    // idempotent by its submissionId); one in three loads the page (a plain POST, passed on only if never sent).
    const respondent = async (n: number) => {
      const submits = n % 3 !== 0;
      for (let i = 0; running; i++) {
        const id = submits ? `${submissionId()}-${n}` : '';
        const call = submits ? 'active/write/submit' : 'active/write/getQuestion';
        const body = JSON.stringify(
          submits
            ? {
                questionId,
                submissionId: id,
                deviceId: `drain-${n}-${i}`,
                durationSeconds: 30,
                answers: { [q.uuid]: pick(q, i % 2) },
              }
            : { questionId },
        );
        try {
          const response = await fetch(`${c.url}/api/${call}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          const text = await response.text();
          const resultCode = response.status === 200 ? (JSON.parse(text) as { resultCode: string }).resultCode : '';
          outcomes.push({
            id,
            http: response.status,
            resultCode,
            node: response.headers.get('x-wj-node') ?? 'nginx',
            at: Date.now(),
            ...(resultCode === '200' ? {} : { error: text.slice(0, 200) }),
          });
        } catch (error) {
          outcomes.push({
            id,
            http: 0,
            resultCode: '',
            node: '',
            at: Date.now(),
            error: String(error),
          });
        }
      }
    };
    const load = Promise.all(Array.from({ length: 12 }, (_, n) => respondent(n)));

    // A rolling restart: the second process, then the third, each stopped with SIGTERM under the load and
    // started again.
    const stops: { node: string; how: string; at: number }[] = [];
    try {
      for (const victim of c.nodes.slice(1)) {
        const served = () => outcomes.filter((o) => o.node === victim.name).length;
        const already = served();
        await waitFor(() => served() >= already + 60, `the load reaching ${victim.name}`, 60_000);
        const how = await c.stop(victim, 'SIGTERM');
        stops.push({ node: victim.name, how, at: Date.now() });
        expect(how, nodeLog(victim)).toBe('0');
        // Keep the load on: nginx must skip the stopped process without failing anything.
        const before = outcomes.length;
        await waitFor(() => outcomes.length >= before + 200, 'load after the stop', 60_000);
        await c.start(victim);
        await waitFor(() => outcomes.some((o) => o.node === victim.name && o.at > Date.now() - 1_000), `${victim.name} back in the rotation`, 30_000);
      }
    } finally {
      running = false;
      await load;
    }

    const failed = outcomes.filter((o) => o.http !== 200 || o.resultCode !== '200');
    expect(failed.slice(0, 5), `${failed.length} failed requests; nginx errors:\n${c.nginxErrors().slice(-2000)}`).toEqual([]);
    expect(stops.map((s) => s.how)).toEqual(['0', '0']);

    // Every acknowledged sheet is stored, once.
    const acknowledged = outcomes.filter((o) => o.id).map((o) => o.id);
    expect(outcomes.filter((o) => !o.id).length).toBeGreaterThan(100);
    const stored = await c.query<{ submission_id: string }>(
      `SELECT s.submission_id FROM answer_sheets s JOIN projects p ON p.id = s.project_id WHERE p.public_id = $1`,
      [questionId],
    );
    expect(stored).toHaveLength(acknowledged.length);
    expect(new Set(stored.map((s) => s.submission_id))).toEqual(new Set(acknowledged));
  });

  it('a kept-alive connection left idle by the proxy still carries its next request after SIGTERM (answered with Connection: close), while new connections are refused', async () => {
    const node = c.nodes[0]!;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; connection: string | undefined; node: string | undefined; port: number | undefined }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: node.port, path, agent }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              connection: response.headers.connection,
              node: response.headers['x-wj-node'] as string | undefined,
              port: req.socket?.localPort,
            }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    const first = await get('/healthz');
    expect(first).toMatchObject({ status: 200, connection: 'keep-alive', node: node.name });
    node.proc!.kill('SIGTERM');
    await waitFor(
      async () =>
        await fetch(`http://127.0.0.1:${node.port}/healthz`).then(
          () => false,
          () => true,
        ),
      'the port closed',
      10_000,
    );
    // The same socket (same local port), idle since before the signal: still served.
    const second = await get('/readyz');
    expect(second).toMatchObject({ status: 503, connection: 'close', node: node.name, port: first.port });
    expect(await node.exited).toBe('0');
    agent.destroy();
    await c.start(node);
  });
});
