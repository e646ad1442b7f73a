import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAddInvitationResult } from '../../../schemas/api/invitations';
import type { TSubject } from '../../../schemas/subjects/registry';
import { grantUnits, loginNewUser, makeSubject } from '../../helpers/fixtures';
import { naiveLinkClaim, naiveSmsQuota } from '../../helpers/naive-strategies';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { addContacts, approvedSign, someContacts, userIdOf } from '../../helpers/sms-fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 50 under concurrency: SMS counts taken exactly by parallel sends, one sheet per one-sheet contact link
 * under parallel submits, and two runners on one database sending each message once. Each with a naive strategy
 * (tests/helpers/naive-strategies.ts) shown to overshoot.
 */
let t: TestApp;
let naive: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', invitationRunner: { ratePerSecond: 1000 } });
  naive = await siblingApp(t, { strategies: { smsQuota: naiveSmsQuota, linkClaim: naiveLinkClaim } });
  second = await siblingApp(t, { invitationRunner: { ratePerSecond: 1000, batchSize: 5 } });
}, 60_000);
afterAll(async () => {
  await naive.close();
  await second.close();
  await t.close();
});

const M = 'activity/message/contact/';
const q1 = makeSubject(1, 1) as TSubject;

async function sender(units: number) {
  const user = await loginNewUser(t);
  await grantUnits(t, user.phone, 'sms', units);
  await approvedSign(t, user.headers);
  const questionId = await publishProject(t, user.headers, { subjects: [q1] });
  return { ...user, userId: await userIdOf(t, user.phone), questionId };
}

/** Two sends of 60 contacts each in parallel against 100 counts (each message one count: a short text). */
async function raceSends(app: TestApp) {
  const s = await sender(100);
  const a = await addContacts(t, s.userId, someContacts(60));
  const b = await addContacts(t, s.userId, someContacts(60));
  const results = await Promise.all(
    [a, b].map((contactIds) =>
      app.call<TAddInvitationResult>(`${M}addSmsDetail`, { questionId: s.questionId, channel: 'sms', contactIds, content: '{链接}' }, s.headers),
    ),
  );
  const [queued] = await t.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM invitation_messages m JOIN invitations i ON i.id = m.invitation_id WHERE i.user_id = $1 AND m.state = 'queued'`,
    [s.userId],
  );
  return { results, queued: queued!.n };
}

describe(`issue 50 concurrency on ${engineName()}`, () => {
  it('two parallel sends of 60 SMS against 100 counts queue exactly 100 and refuse 20 before sending', async () => {
    const { results, queued } = await raceSends(t);
    expect(results.every((r) => r.resultCode === '200')).toBe(true);
    expect(results.reduce((n, r) => n + r.data.queued, 0)).toBe(100);
    expect(results.reduce((n, r) => n + r.data.refused, 0)).toBe(20);
    expect(queued).toBe(100);
  });

  it('a naive read-then-write take of the counts queues more than was bought', async () => {
    const { queued } = await raceSends(naive);
    expect(queued).toBeGreaterThan(100);
  });

  async function raceLink(app: TestApp) {
    const s = await sender(10);
    const ids = await addContacts(t, s.userId, someContacts(1));
    await t.call(`${M}addSmsDetail`, { questionId: s.questionId, channel: 'sms', contactIds: ids, content: '{链接}' }, s.headers);
    const [link] = await t.database.query<{ token: string }>('SELECT token FROM contact_links WHERE contact_id = $1', [ids[0]]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.call('active/write/submit', {
          questionId: s.questionId,
          submissionId: submissionId(),
          deviceId: `ct-${i}`,
          answers: { [q1.uuid]: pick(q1, 0) },
          contactToken: link!.token,
        }),
      ),
    );
    const sheets = await t.database.query('SELECT s.id FROM answer_sheets s JOIN projects p ON p.id = s.project_id WHERE p.public_id = $1', [s.questionId]);
    return { answers, sheets, token: link!.token, questionId: s.questionId };
  }

  it('10 parallel submits through one one-sheet link store exactly one sheet; the others are told the link was used', async () => {
    const { answers, sheets, token, questionId } = await raceLink(t);
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.resultCode === '409').map((a) => a.resultMsg)).toEqual(Array(9).fill('该链接已提交过，不能重复作答'));
    expect(sheets).toHaveLength(1);
    const opened = await t.call<{ answered: boolean }>('active/write/getContactLink', { questionId, ct: token });
    expect(opened.data.answered).toBe(true);
  });

  it('a naive read-then-write claim of the link lets several sheets through', async () => {
    const { sheets } = await raceLink(naive);
    expect(sheets.length).toBeGreaterThan(1);
  });

  it('two runners on one database send each message exactly once', async () => {
    const s = await sender(100);
    const ids = await addContacts(t, s.userId, someContacts(40));
    const sent = await t.call<TAddInvitationResult>(
      `${M}addSmsDetail`,
      { questionId: s.questionId, channel: 'sms', contactIds: ids, content: '{链接}' },
      s.headers,
    );
    // Only this send's messages are due (the races above left theirs queued).
    await t.database.query(`UPDATE invitation_messages SET state = 'skipped' WHERE invitation_id <> $1 AND state = 'queued'`, [sent.data.invitationId]);
    const third = await siblingApp(t, { invitationRunner: { ratePerSecond: 1000, batchSize: 5 } });
    const runners = [third.app.invitationRunner, second.app.invitationRunner];
    // Each runner takes batches until nothing is due (other tests' queued messages go too).
    const taken = await Promise.all(
      runners.map(async (r) => {
        let n = 0;
        for (let got = await r.runOnce(); got > 0; got = await r.runOnce()) n += got;
        return n;
      }),
    );
    await third.close();
    expect(taken.every((n) => n > 0)).toBe(true);
    expect(taken[0]! + taken[1]!).toBe(40);
    const rows = await t.database.query<{ provider_id: string; state: string }>('SELECT provider_id, state FROM invitation_messages WHERE invitation_id = $1', [
      sent.data.invitationId,
    ]);
    expect(rows.every((r) => r.state === 'sent')).toBe(true);
    const phones = await t.database.query<{ phone: string }>(
      `SELECT o.phone FROM sms_outbox o JOIN invitation_messages m ON m.address = o.phone WHERE m.invitation_id = $1`,
      [sent.data.invitationId],
    );
    expect(phones).toHaveLength(40);
    expect(new Set(rows.map((r) => r.provider_id)).size).toBe(40);
  });
});
