import type { TSubject } from '../../schemas/subjects/registry';
import { subjectEntry } from '../../schemas/subjects/registry';
import type { TQuotaKind } from '../../schemas/money/catalog';
import { grantQuota } from '../../server/services/money/quota.service';
import type { TestApp } from './test-app';
import { lastCode } from './test-app';

let seq = 0;
/** A new subject of a type as the editor would drop it, with a readable title. */
export function makeSubject(subjectType: number, indexSort: number, title?: string): TSubject {
  seq += 1;
  const subject = subjectEntry(subjectType).create({ uuid: `s${seq}-${indexSort}`, indexSort, newId: () => `o${++seq}` });
  return title ? ({ ...subject, title } as TSubject) : subject;
}

export const singleChoices = (n: number): TSubject[] => Array.from({ length: n }, (_, i) => makeSubject(1, i + 1, `第${i + 1}题`));

let phoneSeq = 0;
/** Log a new user in with an SMS code; returns the token and phone. */
export async function loginNewUser(t: TestApp, memberLevel = 1): Promise<{ token: string; phone: string; headers: { token: string } }> {
  const phone = `1580${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq++).padStart(4, '0')}`;
  await t.call('activity/user/sendSms', { phone });
  const answer = await t.call<{ token: string }>('activity/user/login', { phone, code: await lastCode(t.database, phone) });
  if (answer.resultCode !== '200') throw new Error(answer.resultMsg);
  if (memberLevel !== 1) await t.database.query('UPDATE users SET member_level = $2 WHERE phone = $1', [phone, memberLevel]);
  await t.database.query(`DELETE FROM rate_limits WHERE key LIKE 'sms:ip:%'`);
  return { token: answer.data.token, phone, headers: { token: answer.data.token } };
}

/** Give a user `units` of a package's quota, as a purchase would (texts on an owner's behalf take the SMS count). */
export async function grantUnits(t: TestApp, phone: string, kind: TQuotaKind, units: number): Promise<number> {
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
  await grantQuota(t.database.query, row!.id, kind, units, new Date());
  return row!.id;
}
