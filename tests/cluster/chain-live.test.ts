/**
 * The sign-up chain's live feed across processes (issue 20 item 4): a join on one process reaches a page whose
 * event stream is open on another, through PostgreSQL LISTEN/NOTIFY; a page that reconnects with Last-Event-ID
 * — through nginx, to whichever process — gets what it missed, in order, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChainEntry, TChainEvent } from '../../schemas/api/chain';
import type { TCreateResult } from '../../schemas/api/question';
import { shanghaiDay } from '../../schemas/checkin/days';
import { makeSubject } from '../helpers/fixtures';
import { openSse } from '../helpers/sse';
import { startCluster, type Cluster, type Envelope } from './harness';

let c: Cluster;
beforeAll(async () => {
  c = await startCluster({ nodes: 2 });
}, 240_000);
afterAll(async () => {
  await c?.close();
});

const S = 'activity/question/solitaire/';
const ok = <T>(answer: Envelope<T>): T => {
  expect(answer.resultCode, `${answer.resultMsg} (from ${answer.node})`).toBe('200');
  return answer.data;
};

async function chain(): Promise<string> {
  const phone = `1591${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
  ok(await c.call('activity/user/sendSms', { phone }));
  const [row] = await c.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
  const { token } = ok(await c.call<{ token: string }>('activity/user/login', { phone, code: row!.text.match(/(\d{6})/)![1] }));
  const headers = { token };
  const { questionId } = ok(
    await c.call<TCreateResult>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 5, solitaireType: 4, title: '集群接龙', subjects: [makeSubject(6, 1, '备注')] },
      headers,
    ),
  );
  ok(await c.call(`${S}saveChainSetting`, { questionId, cap: 2 }, headers));
  ok(await c.call('activity/question/getQuestionStatus', { questionId, status: 1 }, headers));
  return questionId!;
}

let n = 0;
const join = (node: number, questionId: string, name: string) =>
  c.callNode<{ entry: TChainEntry }>(c.nodes[node]!, `${S}joinChain`, { questionId, deviceId: `cluster-dev-${n++}-${Date.now()}`, name });
const feed = (origin: string, questionId: string) => `${origin}/api/${S}events?questionId=${questionId}`;

/** A published daily check-in (solitaireType 1) open all day, every day, from today on. */
async function checkInProject(): Promise<string> {
  const phone = `1592${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
  ok(await c.call('activity/user/sendSms', { phone }));
  const [row] = await c.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
  const { token } = ok(await c.call<{ token: string }>('activity/user/login', { phone, code: row!.text.match(/(\d{6})/)![1] }));
  const headers = { token };
  const { questionId } = ok(
    await c.call<TCreateResult>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 5, solitaireType: 1, title: '集群打卡', subjects: [makeSubject(6, 1, '打卡内容')] },
      headers,
    ),
  );
  // Publishing a check-in asks for the first day of its period: today, Beijing time.
  ok(await c.call(`${S}saveCheckInSetting`, { questionId, startDay: shanghaiDay(new Date()) }, headers));
  ok(await c.call('activity/question/getQuestionStatus', { questionId, status: 1 }, headers));
  return questionId!;
}

describe('chain live feed across processes', () => {
  it('a check-in on process A reaches the check-in page open on process B', async () => {
    const questionId = await checkInProject();
    const stream = await openSse(feed(`http://127.0.0.1:${c.nodes[1]!.port}`, questionId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    ok(await c.callNode(c.nodes[0]!, `${S}checkIn`, { questionId, deviceId: `cluster-ck-${Date.now()}`, name: '晨跑小王' }));
    const [event] = await stream.waitFor(1, 3_000);
    expect(event!.data).toMatchObject({ kind: 'checkin' });
    stream.close();
  });

  it('a join on process A reaches the stream open on process B within a second', async () => {
    const questionId = await chain();
    const nodeB = `http://127.0.0.1:${c.nodes[1]!.port}`;
    const stream = await openSse(feed(nodeB, questionId));
    expect(stream.headers.get('x-wj-node')).toBe(c.nodes[1]!.name);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const joined = await join(0, questionId, '张三');
    expect(joined.node).toBe(c.nodes[0]!.name);
    const [event] = await stream.waitFor(1, 3_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((event!.data as TChainEvent).entry).toMatchObject({ name: '张三', seq: 1, state: 'joined' });
    stream.close();
  });

  it('through nginx: streams unbuffered, and resumes with Last-Event-ID on any process without a gap', async () => {
    const questionId = await chain();
    const first = await openSse(feed(c.url, questionId));
    ok(await join(0, questionId, '一号'));
    const [seen] = await first.waitFor(1, 3_000);
    first.close();
    // Missed while away: a join, a waitlisted join (cap 2), on both processes.
    ok(await join(1, questionId, '二号'));
    ok(await join(0, questionId, '三号'));
    const again = await openSse(feed(c.url, questionId), { 'last-event-id': String(seen!.id) });
    ok(await join(1, questionId, '四号'));
    const events = await again.waitFor(3, 3_000);
    expect(events.map((e) => [(e.data as TChainEvent).entry?.name, (e.data as TChainEvent).entry?.state])).toEqual([
      ['二号', 'joined'],
      ['三号', 'waitlisted'],
      ['四号', 'waitlisted'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(again.events).toHaveLength(3);
    again.close();
  });
});
