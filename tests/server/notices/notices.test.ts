import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMyNotices, TNoticeList } from '../../../schemas/api/notice';
import type { TChainEntry } from '../../../schemas/api/chain';
import { outboxSmsProvider, SmsProviderError, type SmsMessage } from '../../../server/providers/sms';
import { recordNotice } from '../../../server/services/notices/notice-record.service';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { device, publishChain, S } from '../chain/chain-helpers';

/**
 * Issue 47 item 4: a waitlister promoted is told once — by SMS where a phone was left (on the owner's SMS count),
 * else on their page at the next visit — each notice recorded with its outcome, which the organiser lists; a
 * participant can turn notices off. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
const texts: SmsMessage[] = [];
const refusing = new Set<string>();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    jobs: 'manual',
    sms: {
      name: 'recording',
      async send(message) {
        if (refusing.has(message.phone)) throw new SmsProviderError('refused', 'isv.MOBILE_NUMBER_ILLEGAL', '号码无效');
        // Login codes go to the outbox the fixtures read; notices are kept here.
        if (message.purpose.startsWith('notice:')) texts.push(message);
        else await outboxSmsProvider(t.database).send(message);
      },
    },
  });
}, 180_000);
afterAll(() => t.close());

const N = 'activity/question/notice/';
let phones = 0;
const newPhone = () => `137${String(process.pid % 10_000).padStart(4, '0')}${String(phones++).padStart(4, '0')}`;
const textsTo = (phone: string) => texts.filter((m) => m.phone === phone).map((m) => m.text);
const join = (questionId: string, deviceId: string, name: string, phone = '') =>
  t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId, name, phone });
const withdraw = (questionId: string, deviceId: string, entryId: string) => t.call(`${S}withdrawChainEntry`, { questionId, deviceId, entryId });
const myNotices = (questionId: string, deviceId: string) => t.call<TMyNotices>(`${N}getMyNotices`, { questionId, deviceId });
const listOf = async (questionId: string, headers: Record<string, string>) => {
  const list = await t.call<TNoticeList>(`${N}getNoticeList`, { questionId }, headers);
  expect(list.resultCode).toBe('200');
  return list.data.notices.map((n) => [n.recipientName, n.kind, n.channel, n.outcome]);
};

/** A chain at cap 1: 甲 joined, then the given waitlisters; returns a function that frees 甲's place. */
async function fullChain(waiters: { name: string; phone?: string; deviceId?: string }[]) {
  const chain = await publishChain(t, { cap: 1 });
  const first = device();
  const entry = (await join(chain.questionId, first, '甲')).data.entry;
  for (const w of waiters) expect((await join(chain.questionId, w.deviceId ?? device(), w.name, w.phone)).data.entry.state).toBe('waitlisted');
  return { ...chain, free: () => withdraw(chain.questionId, first, entry.entryId) };
}

describe('a promoted waitlister without a phone', () => {
  it('sees the notice on the page at the next visit, once, and the organiser sees it shown', async () => {
    const waiter = device();
    const { questionId, owner, free } = await fullChain([{ name: '乙', deviceId: waiter }]);
    expect((await myNotices(questionId, waiter)).data).toEqual({ off: false, notices: [] });
    expect((await free()).resultCode).toBe('200');
    expect(await listOf(questionId, owner.headers)).toEqual([['乙', 'waitlist_promoted', 'page', 'pending']]);

    const visit = await myNotices(questionId, waiter);
    expect(visit.data.notices.map((n) => n.text)).toEqual(['乙，你在「周六羽毛球报名」的候补已转为正式报名，现排第 1 位。']);
    // Shown once: the next visit has nothing new, and the organiser's record says it was shown.
    expect((await myNotices(questionId, waiter)).data.notices).toEqual([]);
    expect(await listOf(questionId, owner.headers)).toEqual([['乙', 'waitlist_promoted', 'page', 'shown']]);
    // Another visitor of the page never sees it.
    expect((await myNotices(questionId, device())).data.notices).toEqual([]);
  });
});

describe('a promoted waitlister who left a phone', () => {
  it('is texted on the owner’s SMS count, recorded sent, and sees nothing twice on the page', async () => {
    const [phone, waiter] = [newPhone(), device()];
    const { questionId, owner, free } = await fullChain([{ name: '乙', phone, deviceId: waiter }]);
    await free();
    expect(textsTo(phone)).toEqual(['【问卷通】乙，你在「周六羽毛球报名」的候补已转为正式报名，现排第 1 位。']);
    expect(await listOf(questionId, owner.headers)).toEqual([['乙', 'waitlist_promoted', 'sms', 'sent']]);
    const [record] = (await t.call<TNoticeList>(`${N}getNoticeList`, { questionId }, owner.headers)).data.notices;
    expect(record!.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    expect((await myNotices(questionId, waiter)).data.notices).toEqual([]);
  });

  it('is recorded "no SMS count" when the owner has none left, the owner is told, and the page tells it instead', async () => {
    const phone = newPhone();
    const { questionId, owner, free } = await fullChain([{ name: '乙', phone }]);
    await t.database.query(`UPDATE user_quotas SET remaining = 0 WHERE kind = 'sms' AND user_id = (SELECT id FROM users WHERE phone = $1)`, [owner.phone]);
    await free();
    expect(textsTo(phone)).toEqual([]);
    // Not lost: the words wait on their page instead.
    expect(await listOf(questionId, owner.headers)).toEqual([
      ['乙', 'waitlist_promoted', 'page', 'pending'],
      ['乙', 'waitlist_promoted', 'sms', 'no_quota'],
    ]);
    const bell = await t.call<{ list: { title: string }[] }>('active/message/list', {}, owner.headers);
    expect(bell.data.list[0]!.title).toContain('候补转正通知短信未发送');
  });

  it('is recorded "refused by provider" when the SMS provider refuses the number, the unit given back, and told on the page', async () => {
    const phone = newPhone();
    refusing.add(phone);
    const waiter = device();
    const { questionId, owner, free } = await fullChain([{ name: '乙', phone, deviceId: waiter }]);
    await free();
    expect(await listOf(questionId, owner.headers)).toEqual([
      ['乙', 'waitlist_promoted', 'page', 'pending'],
      ['乙', 'waitlist_promoted', 'sms', 'refused'],
    ]);
    // The next visit shows it.
    expect((await myNotices(questionId, waiter)).data.notices.map((n) => n.text)).toEqual(['乙，你在「周六羽毛球报名」的候补已转为正式报名，现排第 1 位。']);
    const [quota] = await t.database.query<{ remaining: number }>(
      `SELECT remaining FROM user_quotas WHERE kind = 'sms' AND user_id = (SELECT id FROM users WHERE phone = $1)`,
      [owner.phone],
    );
    expect(quota!.remaining).toBe(1_000);
  });
});

describe('turning notices off', () => {
  it('records later notices as opted out, sends and shows nothing, and on again tells the next one', async () => {
    const [phone, waiter, other] = [newPhone(), device(), device()];
    const { questionId, owner } = await publishChain(t, { cap: 1 });
    const first = device();
    const a = (await join(questionId, first, '甲')).data.entry;
    const b = (await join(questionId, waiter, '乙', phone)).data.entry;
    await join(questionId, other, '丙');
    const off = await t.call(`${N}setNoticeOff`, { questionId, deviceId: waiter, off: true });
    expect(off).toMatchObject({ resultCode: '200', data: { off: true } });
    expect((await myNotices(questionId, waiter)).data.off).toBe(true);

    await withdraw(questionId, first, a.entryId);
    expect(textsTo(phone)).toEqual([]);
    expect((await myNotices(questionId, waiter)).data.notices).toEqual([]);
    expect(await listOf(questionId, owner.headers)).toEqual([['乙', 'waitlist_promoted', 'sms', 'opted_out']]);

    // 丙 never turned them off: told on the page when 乙 leaves.
    await withdraw(questionId, waiter, b.entryId);
    expect((await myNotices(questionId, other)).data.notices.map((n) => n.kind)).toEqual(['waitlist_promoted']);
    // On again: the switch reads on.
    expect((await t.call(`${N}setNoticeOff`, { questionId, deviceId: waiter, off: false })).data).toEqual({ off: false });
    expect((await myNotices(questionId, waiter)).data.off).toBe(false);
  });

  it('needs the page’s device key or a login to switch', async () => {
    const { questionId } = await publishChain(t, { cap: 1 });
    const refused = await t.call(`${N}setNoticeOff`, { questionId, off: true });
    expect(refused).toMatchObject({ resultCode: '400', resultMsg: '请在参与的页面上操作（缺少设备编号）' });
  });
});

describe('once under concurrency', () => {
  it('records one notice and sends one text per promoted waitlister when withdrawals and cap changes promote in parallel', async () => {
    const { questionId, owner } = await publishChain(t, { cap: 2 });
    const joined = [device(), device()];
    const entries = [];
    for (const [i, d] of joined.entries()) entries.push((await join(questionId, d, `正式${i}`)).data.entry);
    const waiters = Array.from({ length: 4 }, (_, i) => ({ name: `候补${i}`, phone: newPhone() }));
    for (const w of waiters) await join(questionId, device(), w.name, w.phone);

    const results = await Promise.all([
      withdraw(questionId, joined[0]!, entries[0]!.entryId),
      withdraw(questionId, joined[1]!, entries[1]!.entryId),
      // One cap for both changes: a lower cap arriving after a higher one has promoted is rightly refused
      // (人数上限不能小于已报名人数), which is the settings' rule, not this test's subject.
      t.call(`${S}saveChainSetting`, { questionId, cap: 4 }, owner.headers),
      t.call(`${S}saveChainSetting`, { questionId, cap: 4 }, owner.headers),
    ]);
    expect(results.map((r) => r.resultCode)).toEqual(['200', '200', '200', '200']);
    const list = await listOf(questionId, owner.headers);
    const promoted = await t.database.query<{ name: string }>(
      `SELECT name FROM chain_entries WHERE state = 'joined' AND project_id = (SELECT id FROM projects WHERE public_id = $1)`,
      [questionId],
    );
    expect(promoted.length).toBeGreaterThanOrEqual(3);
    expect(list).toHaveLength(promoted.length);
    expect(new Set(list.map((n) => n[0])).size).toBe(list.length);
    for (const w of waiters) expect(textsTo(w.phone)).toHaveLength(promoted.some((p) => p.name === w.name) ? 1 : 0);
  });

  it('records an event once when several processes record it at the same time', async () => {
    const { questionId } = await publishChain(t, { cap: 1 });
    const [project] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
    const notice = {
      projectId: project!.id,
      kind: 'waitlist_promoted' as const,
      recipient: { participant: `d:${device()}`, name: '乙', phone: '', brand: '' },
      text: '乙，你已从候补转为正式报名',
      onceKey: `test:${questionId}`,
    };
    const recorded = await Promise.all(Array.from({ length: 6 }, () => t.database.transaction((q) => recordNotice(q, notice, new Date()))));
    expect(recorded.filter((id) => id !== null)).toHaveLength(1);
    expect(await t.database.query('SELECT 1 FROM notices WHERE once_key = $1', [notice.onceKey])).toHaveLength(1);
  });
});
