import type { TestApp } from './test-app';

/**
 * Issue 50 sends in tests: contacts inserted directly (the address book's calls are helper contacts' own), and an
 * approved, chosen SMS signature through the operator's review calls.
 */
let contactSeq = 0;

export async function userIdOf(t: TestApp, phone: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
  return row!.id;
}

export interface ContactSeed {
  name?: string;
  phone?: string | null;
  email?: string | null;
  groupId?: number | null;
  smsOptOut?: boolean;
}

/** Insert contacts of a user; their ids. */
export async function addContacts(t: TestApp, userId: number, seeds: ContactSeed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const s of seeds) {
    const n = contactSeq++;
    const [row] = await t.database.query<{ id: number }>(
      `INSERT INTO contacts (user_id, group_id, name, phone, email, sms_opt_out_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        userId,
        s.groupId ?? null,
        s.name ?? `联系人${n}`,
        s.phone === undefined ? `139${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}` : s.phone,
        s.email ?? null,
        s.smsOptOut ? new Date() : null,
      ],
    );
    ids.push(row!.id);
  }
  return ids;
}

export const someContacts = (n: number): ContactSeed[] => Array.from({ length: n }, () => ({}));

/** Apply for a signature, approve it as the operator (the first approved one is chosen). */
export async function approvedSign(t: TestApp, headers: { token: string }, name = '问卷测试'): Promise<number> {
  const applied = await t.call<{ signId: number }>('activity/sms/sign/saveOrUpdateSmsSign', { name, purpose: '企业或机构全称/简称' }, headers);
  if (applied.resultCode !== '200') throw new Error(applied.resultMsg);
  const approved = await t.call('dev/smsSign/approve', { signId: applied.data.signId });
  if (approved.resultCode !== '200') throw new Error(approved.resultMsg);
  return applied.data.signId;
}
