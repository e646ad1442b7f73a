import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../../schemas/api/contacts';
import { loginNewUser } from '../../helpers/fixtures';
import { naiveContactCap } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * The address book's per-user limits (issue 50 item 1): 20,000 contacts, 200 groups, 30 custom fields. Parallel adds
 * near the limit stop exactly at it, because each insert is one conditional statement taken under the user's book
 * row lock; a naive strategy that reads the count first and inserts with no condition passes the limit.
 */
let t: TestApp;
let naive: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  naive = await siblingApp(t, { strategies: { contactCap: naiveContactCap } });
}, 60_000);
afterAll(async () => {
  await naive.close();
  await t.close();
});

const C = 'activity/contact/';
type Who = { headers: { token: string } };

/** A user whose book holds `n` contacts already (written straight into the table). */
async function bookWith(n: number): Promise<Who & { id: number }> {
  const who = await loginNewUser(t);
  const [user] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [who.phone]);
  await t.database.query(`INSERT INTO contacts (user_id, name, email) SELECT $1, '人' || i, 'p' || i || '@seed.cn' FROM generate_series(1, $2) i`, [
    user!.id,
    n,
  ]);
  return { ...who, id: user!.id };
}
const count = async (userId: number) =>
  Number((await t.database.query<{ n: string }>('SELECT count(*) AS n FROM contacts WHERE user_id = $1', [userId]))[0]!.n);

async function raceContacts(app: TestApp) {
  const who = await bookWith(CONTACT_LIMITS.contacts - 5);
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      app.call(`${C}saveOrUpdateContact`, { name: `新人${i}`, phone: `135000000${String(i).padStart(2, '0')}` }, who.headers),
    ),
  );
  return { answers, total: await count(who.id) };
}

describe(`limits under concurrency (${engineName()})`, () => {
  it('twelve parallel adds with room for five: exactly five are added, the rest refused with the room left', async () => {
    const { answers, total } = await raceContacts(t);
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(5);
    const refused = answers.filter((a) => a.resultCode !== '200');
    expect(refused.every((a) => a.resultCode === '400' && a.resultMsg === '通讯录最多20000人，还能添加0人')).toBe(true);
    expect(total).toBe(CONTACT_LIMITS.contacts);
  }, 60_000);

  it('the naive strategy (count first, insert unconditionally) passes the limit', async () => {
    const { total } = await raceContacts(naive);
    expect(total).toBeGreaterThan(CONTACT_LIMITS.contacts);
  }, 60_000);

  it('an import that would pass the limit adds nothing and says how many still fit', async () => {
    const who = await bookWith(CONTACT_LIMITS.contacts - 1);
    const csv = Buffer.from('姓名,手机号\n甲,13500000001\n乙,13500000002\n').toString('base64');
    const mapping = [
      { column: 0, field: 'name' },
      { column: 1, field: 'phone' },
    ];
    const answer = await t.call(`${C}getImportContact`, { fileName: 'a.csv', file: csv, mapping }, who.headers);
    expect(answer).toMatchObject({ resultCode: '400', resultMsg: '通讯录最多20000人，还能添加1人' });
    expect(await count(who.id)).toBe(CONTACT_LIMITS.contacts - 1);
  }, 60_000);

  it('parallel new groups and fields stop at 200 and 30', async () => {
    const who = await loginNewUser(t);
    const groups = await Promise.all(
      Array.from({ length: CONTACT_LIMITS.groups + 10 }, (_, i) => t.call(`${C}saveOrUpdateContactGroup`, { name: `组${i}` }, who.headers)),
    );
    expect(groups.filter((a) => a.resultCode === '200')).toHaveLength(CONTACT_LIMITS.groups);
    expect(groups.find((a) => a.resultCode !== '200')).toMatchObject({ resultCode: '400', resultMsg: '最多创建200个分组' });
    const fields = await Promise.all(
      Array.from({ length: CONTACT_LIMITS.fields + 5 }, (_, i) => t.call(`${C}saveCustomField`, { name: `字段${i}` }, who.headers)),
    );
    expect(fields.filter((a) => a.resultCode === '200')).toHaveLength(CONTACT_LIMITS.fields);
    expect(fields.find((a) => a.resultCode !== '200')).toMatchObject({ resultCode: '400', resultMsg: '最多创建30个自定义字段' });
  }, 120_000);
});
