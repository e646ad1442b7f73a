import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsMessage } from '../../../server/providers/sms';
import { sendDueReminders } from '../../../server/services/appointment/appointment-remind.service';
import { sendOnOwnersCount } from '../../../server/services/money/owner-sms.service';
import { engineName } from '../../helpers/test-db';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { bookSlot, NOW, publishAppointment, weekdaySchedule } from '../appointment/appointment-helpers';

/**
 * The SMS count (issue 46): every text sent on a project owner's behalf (here appointment reminders) takes one
 * unit of the owner's count; with none left the text is not sent and the owner is told why, once a day per
 * project; a text the provider refuses gives its unit back; parallel texts never take more than was bought.
 */
let clock = NOW;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

const at = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);
let phones = 0;
const newPhone = () => `136${String(Date.now() % 1e4).padStart(4, '0')}${String(++phones).padStart(4, '0')}`;
const texts = async (phone: string) => (await t.database.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1', [phone])).length;
const ownerId = async (phone: string) => (await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]))[0]!.id;
const smsCount = async (userId: number) =>
  (await t.database.query<{ remaining: number; used: number }>(`SELECT remaining, used FROM user_quotas WHERE user_id = $1 AND kind = 'sms'`, [userId]))[0];
const messages = async (userId: number) =>
  t.database.query<{ title: string; news_type: number }>('SELECT title, news_type FROM messages WHERE user_id = $1 ORDER BY id', [userId]);

/** An appointment with `n` bookings due at 09:00 on 2026-12-08, its owner holding `units` SMS. */
async function dueBookings(n: number, units: number) {
  clock = NOW;
  const { questionId, owner } = await publishAppointment(t, weekdaySchedule(10));
  const id = await ownerId(owner.phone);
  await t.database.query(`UPDATE user_quotas SET remaining = $2, used = 0 WHERE user_id = $1 AND kind = 'sms'`, [id, units]);
  const phones = Array.from({ length: n }, newPhone);
  for (const phone of phones) expect((await bookSlot(t, questionId, '2026-12-08', '09:00', { name: '王五', phone })).resultCode).toBe('200');
  return { id, phones };
}

describe(`texts on the owner's SMS count (${engineName()})`, () => {
  it('three reminders due against two units: two sent, one not, the owner told once why', async () => {
    const { id, phones } = await dueBookings(3, 2);
    clock = at('2026-12-08', '08:10');
    expect(await sendDueReminders(t.app.deps, clock)).toBe(2);
    const sent = await Promise.all(phones.map(texts));
    expect(sent.sort()).toEqual([0, 1, 1]);
    expect(await smsCount(id)).toEqual({ remaining: 0, used: 2 });
    expect(await messages(id)).toEqual([{ title: '短信条数不足：「口腔检查预约」的预约提醒短信未发送，请购买短信条数', news_type: 23 }]);
    // The unsent reminder was claimed: not sent later, nothing more taken, the owner not told twice the same day.
    expect(await sendDueReminders(t.app.deps, at('2026-12-08', '08:20'))).toBe(0);
    expect(await smsCount(id)).toEqual({ remaining: 0, used: 2 });
    expect(await messages(id)).toHaveLength(1);
  });

  it('a text the provider refuses gives its unit back', async () => {
    const { id, phones } = await dueBookings(2, 5);
    clock = at('2026-12-08', '08:10');
    const refusing = { name: 'refusing', send: async () => Promise.reject(new Error('provider down')) };
    expect(await sendDueReminders({ database: t.database, sms: refusing }, clock)).toBe(0);
    expect(await smsCount(id)).toEqual({ remaining: 5, used: 0 });
    for (const phone of phones) expect(await texts(phone)).toBe(0);
  });

  it('twelve texts at once against five units: exactly five reach the provider', async () => {
    const { id } = await dueBookings(0, 5);
    const delivered: SmsMessage[] = [];
    const sms = { name: 'counting', send: async (m: SmsMessage) => void delivered.push(m) };
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sendOnOwnersCount(
          { database: t.database, sms, now: () => clock },
          { ownerId: id, projectId: 1, title: '口腔检查预约', what: '预约提醒' },
          { phone: newPhone(), brand: 'wenjuan', text: `提醒 ${i}`, code: '', minutes: 0, purpose: 'appointmentReminder' },
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'noQuota')).toHaveLength(7);
    expect(delivered).toHaveLength(5);
    expect(await smsCount(id)).toEqual({ remaining: 0, used: 5 });
  });
});
