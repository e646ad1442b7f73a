import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_TEMPLATE_MESSAGES, type TAuthInfo, type TNoticeTemplates } from '../../../schemas/api/component';
import type { TChainEntry } from '../../../schemas/api/chain';
import type { TNoticeList } from '../../../schemas/api/notice';
import { outboxSmsProvider, type SmsMessage } from '../../../server/providers/sms';
import { WechatOpenError, wechatOpenClient, wechatOpenConfig } from '../../../server/providers/wechat-open';
import { recordNotice } from '../../../server/services/notices/notice-record.service';
import { sendPendingNotices } from '../../../server/services/notices/notice-send.service';
import { readEnv } from '../../../server/env';
import { startFakeWechatOpen, type FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { device, publishChain, S } from '../chain/chain-helpers';

/**
 * Issue 47 item 4, the WeChat channel: a participant known by WeChat (`w:<openid>`) is told by a template message
 * of the project owner's authorised official account when a template is chosen for the notice's kind; WeChat's
 * refusal is recorded with its errcode and falls back to SMS where a phone was left, else the page; each notice is
 * sent once however many promotions and sweeps run at once. Against the fake WeChat; PGlite, and PostgreSQL with
 * DATABASE_URL. Chains whose participants are `w:<openid>` come with 微信授权 chains (another helper's work): here a
 * waitlisted entry is given its WeChat key in the database, as such a chain would have recorded it.
 */
let fake: FakeWechatOpen;
let t: TestApp;
const texts: SmsMessage[] = [];
let accounts = 0;

beforeAll(async () => {
  fake = await startFakeWechatOpen();
  t = await createTestApp({
    jobs: 'manual',
    env: fake.env,
    sms: {
      name: 'recording',
      async send(message) {
        if (message.purpose.startsWith('notice:')) texts.push(message);
        else await outboxSmsProvider(t.database).send(message);
      },
    },
  });
  const { url, body } = fake.push({
    AppId: fake.env.WECHAT_OPEN_APPID!,
    CreateTime: '1700000000',
    InfoType: 'component_verify_ticket',
    ComponentVerifyTicket: fake.ticket,
  });
  await t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'text/xml' } });
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

const C = 'activity/component/';
let phones = 0;
const newPhone = () => `136${String(process.pid % 10_000).padStart(4, '0')}${String(phones++).padStart(4, '0')}`;

/** The owner binds an official account of their own (a new AppID each time); its authId. */
async function bind(headers: { token: string }, options: { mini?: boolean } = {}) {
  const appid = `wx0000000000c${String(process.pid % 1000).padStart(3, '0')}${String(accounts++).padStart(2, '0')}`;
  fake.scanned(`code-${appid}`, { appid, nickName: '通知公众号', miniProgram: options.mini });
  const bound = await t.call<TAuthInfo>(`${C}getAuthorizerInfo`, { authCode: `code-${appid}` }, headers);
  expect(bound.resultCode).toBe('200');
  return { authId: bound.data.authId, appid };
}

const chooseTemplate = (headers: { token: string }, authId: number, templateId: string, kind = 'waitlist_promoted') =>
  t.call<TNoticeTemplates>(`${C}setNoticeTemplate`, { authId, kind, templateId }, headers);

const listOf = async (questionId: string, headers: Record<string, string>) => {
  const list = await t.call<TNoticeList>('activity/question/notice/getNoticeList', { questionId }, headers);
  expect(list.resultCode).toBe('200');
  return list.data.notices.map((n) => [n.recipientName, n.channel, n.outcome, n.errcode]);
};
const join = (questionId: string, name: string, phone = '') => t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId: device(), name, phone });

/**
 * A chain at cap `cap` whose owner bound an official account with the sign-up template chosen for promotions:
 * the first `cap` joined, then the waitlisters, each a WeChat user (`w:<openid>` of the account) unless `device`.
 */
async function wechatChain(waiters: { name: string; phone?: string; user?: string }[], cap = 1, template = true) {
  const chain = await publishChain(t, { cap });
  const { authId, appid } = await bind(chain.owner.headers);
  if (template) expect((await chooseTemplate(chain.owner.headers, authId, `tpl-${appid}-signup`)).resultCode).toBe('200');
  const joined: { deviceId: string; entryId: string }[] = [];
  for (let i = 0; i < cap; i++) {
    const deviceId = device();
    const answer = await t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId: chain.questionId, deviceId, name: `正式${i}`, phone: '' });
    joined.push({ deviceId, entryId: answer.data.entry.entryId });
  }
  for (const w of waiters) {
    const entry = (await join(chain.questionId, w.name, w.phone)).data.entry;
    expect(entry.state).toBe('waitlisted');
    if (w.user) await t.database.query('UPDATE chain_entries SET participant = $1 WHERE public_id = $2', [`w:${fake.openidOf(appid, w.user)}`, entry.entryId]);
  }
  const free = (i: number) => t.call(`${S}withdrawChainEntry`, { questionId: chain.questionId, deviceId: joined[i]!.deviceId, entryId: joined[i]!.entryId });
  return { ...chain, appid, authId, free };
}
const messagesTo = (appid: string, user: string) => fake.templateMessages.filter((m) => m.appid === appid && m.touser === fake.openidOf(appid, user));

describe(`WeChat notices (${engineName()})`, () => {
  it('a promoted WeChat participant gets one template message of the owner’s account, filled by the template’s keys, and no text', async () => {
    const phone = newPhone();
    const chain = await wechatChain([{ name: '乙', phone, user: 'yi' }]);
    expect((await chain.free(0)).resultCode).toBe('200');
    const [message] = messagesTo(chain.appid, 'yi');
    expect(messagesTo(chain.appid, 'yi')).toHaveLength(1);
    expect(message!.templateId).toBe(`tpl-${chain.appid}-signup`);
    expect(message!.data.thing1!.value).toBe('周六羽毛球报名');
    expect(message!.data.phrase2!.value).toBe('候补转正');
    expect(message!.data.time3!.value).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(message!.data.thing4!.value).toBe('乙，你在「周六羽毛球报名」的候补已转为…');
    expect(texts.filter((m) => m.phone === phone)).toEqual([]);
    expect(await listOf(chain.questionId, chain.owner.headers)).toEqual([['乙', 'wechat', 'sent', null]]);
  });

  it('WeChat’s refusal is recorded with its errcode and falls back to a text where a phone was left, else the page', async () => {
    const phone = newPhone();
    const chain = await wechatChain([
      { name: '丙', phone, user: 'bing' },
      { name: '丁', user: 'ding' },
    ]);
    fake.unsubscribed.add(fake.openidOf(chain.appid, 'bing'));
    fake.unsubscribed.add(fake.openidOf(chain.appid, 'ding'));
    await chain.free(0);
    expect(texts.filter((m) => m.phone === phone).map((m) => m.text)).toEqual(['【问卷通】丙，你在「周六羽毛球报名」的候补已转为正式报名，现排第 1 位。']);
    expect(await listOf(chain.questionId, chain.owner.headers)).toEqual([
      ['丙', 'sms', 'sent', null],
      ['丙', 'wechat', 'refused', 43004],
    ]);
    await t.call(`${S}saveChainSetting`, { questionId: chain.questionId, cap: 2 }, chain.owner.headers);
    const list = await listOf(chain.questionId, chain.owner.headers);
    expect(list.slice(0, 2)).toEqual([
      ['丁', 'page', 'pending', null],
      ['丁', 'wechat', 'refused', 43004],
    ]);
    expect(messagesTo(chain.appid, 'bing')).toEqual([]);
  });

  it('without a template chosen for the kind, or for a participant not known by WeChat, the next channel carries it', async () => {
    const [phone1, phone2] = [newPhone(), newPhone()];
    const noTemplate = await wechatChain([{ name: '戊', phone: phone1, user: 'wu' }], 1, false);
    await noTemplate.free(0);
    expect(await listOf(noTemplate.questionId, noTemplate.owner.headers)).toEqual([['戊', 'sms', 'sent', null]]);
    const byDevice = await wechatChain([{ name: '己', phone: phone2 }]);
    await byDevice.free(0);
    expect(await listOf(byDevice.questionId, byDevice.owner.headers)).toEqual([['己', 'sms', 'sent', null]]);
    expect(fake.templateMessages.filter((m) => m.appid === noTemplate.appid || m.appid === byDevice.appid)).toEqual([]);
  });

  it('parallel withdrawals and cap changes send one message per promoted WeChat participant', async () => {
    const users = ['p0', 'p1', 'p2', 'p3'];
    const chain = await wechatChain(
      users.map((user, i) => ({ name: `候补${i}`, user })),
      2,
    );
    const results = await Promise.all([
      chain.free(0),
      chain.free(1),
      t.call(`${S}saveChainSetting`, { questionId: chain.questionId, cap: 4 }, chain.owner.headers),
      t.call(`${S}saveChainSetting`, { questionId: chain.questionId, cap: 4 }, chain.owner.headers),
    ]);
    expect(results.map((r) => r.resultCode)).toEqual(['200', '200', '200', '200']);
    const promoted = await t.database.query<{ participant: string }>(
      `SELECT participant FROM chain_entries WHERE state = 'joined' AND participant LIKE 'w:%' AND project_id = (SELECT id FROM projects WHERE public_id = $1)`,
      [chain.questionId],
    );
    expect(promoted.length).toBeGreaterThanOrEqual(3);
    for (const user of users) {
      const wasPromoted = promoted.some((p) => p.participant === `w:${fake.openidOf(chain.appid, user)}`);
      expect(messagesTo(chain.appid, user)).toHaveLength(wasPromoted ? 1 : 0);
    }
  });

  it('sweeps running at once in several processes send each pending WeChat notice once', async () => {
    const chain = await wechatChain([]);
    const [project] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [chain.questionId]);
    const users = Array.from({ length: 8 }, (_, i) => `sweep${i}`);
    for (const user of users) {
      const recipient = { participant: `w:${fake.openidOf(chain.appid, user)}`, wechatAppid: chain.appid, name: user, phone: '', brand: '' };
      const id = await t.database.transaction((q) =>
        recordNotice(
          q,
          { projectId: project!.id, kind: 'waitlist_promoted', recipient, text: `${user}，已转正`, onceKey: `sweep:${chain.questionId}:${user}` },
          new Date(),
        ),
      );
      expect(id).not.toBeNull();
    }
    const sent = await Promise.all(Array.from({ length: 5 }, () => sendPendingNotices(t.app.deps)));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(users.length);
    for (const user of users) expect(messagesTo(chain.appid, user)).toHaveLength(1);
    expect(new Set((await listOf(chain.questionId, chain.owner.headers)).map((n) => `${n[1]}:${n[2]}`))).toEqual(new Set(['wechat:sent']));
  });
});

describe(`choosing the templates (${engineName()})`, () => {
  it('lists the account’s templates from WeChat, keeps a choice per kind, refuses one the account lacks, clears on empty', async () => {
    const owner = await loginNewUser(t);
    const { authId, appid } = await bind(owner.headers);
    const first = await t.call<TNoticeTemplates>(`${C}getNoticeTemplates`, { authId }, owner.headers);
    expect(first.data.templates.map((x) => x.title)).toEqual(['报名状态通知', '订单状态通知']);
    expect(first.data.chosen).toEqual([]);
    const saved = await chooseTemplate(owner.headers, authId, `tpl-${appid}-order`, 'order_ready_for_pickup');
    expect(saved).toMatchObject({ resultCode: '200', resultMsg: '通知模板已保存' });
    expect(saved.data.chosen).toEqual([{ kind: 'order_ready_for_pickup', templateId: `tpl-${appid}-order`, title: '订单状态通知' }]);
    const [row] = await t.database.query<{ keys: string[] }>('SELECT keys FROM wechat_notice_templates WHERE authorizer_id = $1', [authId]);
    expect(row!.keys).toEqual(['first', 'keyword1', 'keyword2', 'keyword3', 'remark']);
    expect(await chooseTemplate(owner.headers, authId, 'tpl-not-there')).toMatchObject({
      resultCode: '400',
      resultMsg: NOTICE_TEMPLATE_MESSAGES.unknownTemplate,
    });
    expect((await chooseTemplate(owner.headers, authId, '', 'order_ready_for_pickup')).data.chosen).toEqual([]);
  });

  it('acts on the caller’s own official accounts only', async () => {
    const [owner, stranger] = [await loginNewUser(t), await loginNewUser(t)];
    const { authId } = await bind(owner.headers);
    expect((await t.call(`${C}getNoticeTemplates`, { authId }, stranger.headers)).resultCode).toBe('404');
    expect((await chooseTemplate(stranger.headers, authId, '')).resultCode).toBe('404');
    const mini = await bind(owner.headers, { mini: true });
    expect(await t.call(`${C}getNoticeTemplates`, { authId: mini.authId }, owner.headers)).toMatchObject({
      resultCode: '400',
      resultMsg: NOTICE_TEMPLATE_MESSAGES.notMp,
    });
  });
});

describe('the adapter against the fake WeChat', () => {
  it('sends a template message and reads WeChat’s refusal as its errcode', async () => {
    const open = wechatOpenClient(wechatOpenConfig(readEnv({ NODE_ENV: 'test', ...(fake.env as Record<string, string>) }))!);
    const appid = 'wx0000000000d00001';
    const token = `atoken-${appid}`;
    const templates = await open.privateTemplates(token);
    expect(templates[0]).toMatchObject({ templateId: `tpl-${appid}-signup`, title: '报名状态通知' });
    const openid = fake.openidOf(appid, 'zhang');
    const sent = await open.sendTemplate(token, { touser: openid, templateId: templates[0]!.templateId, url: '', data: { thing1: { value: '周六' } } });
    expect(sent.msgid).not.toBe('');
    expect(fake.templateMessages.at(-1)).toMatchObject({ appid, touser: openid, data: { thing1: { value: '周六' } } });
    const refused = await open.sendTemplate(token, { touser: 'o-stranger', templateId: templates[0]!.templateId, url: '', data: {} }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WechatOpenError);
    expect((refused as WechatOpenError).errcode).toBe(40003);
  });
});
