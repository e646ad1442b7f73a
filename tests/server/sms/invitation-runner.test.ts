import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAddInvitationResult } from '../../../schemas/api/invitations';
import type { TInvitationMessage, TInvitationSummary } from '../../../schemas/api/sms';
import type { TSubject } from '../../../schemas/subjects/registry';
import { ChannelSendError, type ChannelSender } from '../../../server/services/invitations/channel';
import { smsUnits } from '../../../server/services/sms/invitation-plan';
import { grantUnits, loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { addContacts, approvedSign, userIdOf } from '../../helpers/sms-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * The invitation runner (issue 50 item 3) with a fake SMS sender: `unavailable` is tried again after a growing
 * delay up to the attempts, a refusal fails for good (the counts come back), the send is 'done' when nothing is left,
 * and the sender gets the contact's own link.
 */
let t: TestApp;
let clock = new Date();
/** What the fake does for a phone on each attempt. */
const plan = new Map<string, ('ok' | 'unavailable' | 'refused')[]>();
const links: string[] = [];
const fake: ChannelSender = {
  async send(message, context) {
    links.push(context.link);
    const outcome = plan.get(message.address)?.shift() ?? 'ok';
    if (outcome === 'ok') return { providerId: `fake-${message.id}` };
    throw new ChannelSendError(outcome, outcome === 'refused' ? '号码无效' : '服务暂不可用');
  },
};
beforeAll(async () => {
  t = await createTestApp({
    jobs: 'manual',
    now: () => clock,
    invitationSenders: { sms: fake },
    invitationRunner: { ratePerSecond: 1000, maxAttempts: 3, backoffMs: 60_000 },
  });
}, 60_000);
afterAll(() => t.close());

const q1 = makeSubject(1, 1) as TSubject;

describe(`invitation runner on ${engineName()}`, () => {
  it('retries the unavailable with backoff, fails the refused (counts back) and finishes the send', async () => {
    const user = await loginNewUser(t);
    await grantUnits(t, user.phone, 'sms', 10);
    await approvedSign(t, user.headers);
    const questionId = await publishProject(t, user.headers, { subjects: [q1] });
    const userId = await userIdOf(t, user.phone);
    const [ok, flaky, dead, refused] = await addContacts(t, userId, [
      { phone: '13700000001' },
      { phone: '13700000002' },
      { phone: '13700000003' },
      { phone: '13700000004' },
    ]);
    plan.set('13700000002', ['unavailable', 'ok']);
    plan.set('13700000003', ['unavailable', 'unavailable', 'unavailable']);
    plan.set('13700000004', ['refused']);
    const sent = await t.call<TAddInvitationResult>(
      'activity/message/contact/addSmsDetail',
      { questionId, channel: 'sms', contactIds: [ok, flaky, dead, refused], content: '{链接}' },
      user.headers,
    );
    const [{ content }] = await t.database.query<{ content: string }>('SELECT content FROM invitation_messages WHERE invitation_id = $1 LIMIT 1', [
      sent.data.invitationId,
    ]);
    const unit = smsUnits(content);
    const left = async () =>
      (await t.database.query<{ remaining: number }>(`SELECT remaining FROM user_quotas WHERE user_id = $1 AND kind = 'sms'`, [userId]))[0]!.remaining;
    expect(await left()).toBe(10 - 4 * unit);

    const run = () => t.app.invitationRunner.runOnce();
    const view = async () =>
      (
        await t.call<{ invitation: TInvitationSummary; list: TInvitationMessage[] }>(
          'activity/message/contact/getSmsDetailMessages',
          { invitationId: sent.data.invitationId },
          user.headers,
        )
      ).data;
    expect(await run()).toBe(4);
    expect(links.slice(-4).every((l) => new RegExp(`/s/${questionId}\\?ct=`).test(l))).toBe(true);
    let { invitation, list } = await view();
    expect(list.map((m) => [m.state, m.reason, m.attempts])).toEqual([
      ['sent', null, 1],
      ['queued', '服务暂不可用', 1],
      ['queued', '服务暂不可用', 1],
      ['failed', '号码无效', 1],
    ]);
    expect(invitation.state).toBe('sending');
    expect(await left()).toBe(10 - 3 * unit);
    // Not due before the delay.
    expect(await run()).toBe(0);
    clock = new Date(clock.getTime() + 61_000);
    expect(await run()).toBe(2);
    clock = new Date(clock.getTime() + 121_000);
    expect(await run()).toBe(1);
    ({ invitation, list } = await view());
    expect(list.map((m) => [m.state, m.attempts])).toEqual([
      ['sent', 1],
      ['sent', 2],
      ['failed', 3],
      ['failed', 1],
    ]);
    expect(invitation.state).toBe('done');
    expect(await left()).toBe(10 - 2 * unit);
  });
});
