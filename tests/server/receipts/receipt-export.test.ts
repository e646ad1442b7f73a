import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MESSAGES } from '../../../schemas/api/receipts';
import type { TSubject } from '../../../schemas/subjects/registry';
import { RECEIPT_EXPORT_HEADERS } from '../../../server/services/invitations/receipt-export.service';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { insertContact, insertInvitation, insertMessage, linkOf, projectIdOf, userIdOf } from '../../helpers/invitation-rows';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * 导出 on /SMSReceipt.html (activity/contact/exportContactReceipt, helper contacts2): the filtered receipts as an
 * .xlsx read back with exceljs; a formula-like or script-like name stays text; the report power (1, 3) exports,
 * edit power (2) does not, like the project's other list exports.
 */
let t: TestApp;
type TUser = { headers: { token: string }; phone: string };
let owner: TUser;
let editor: TUser;
let viewer: TUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
  editor = await loginNewUser(t);
  viewer = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

const C = 'activity/contact/';
const q1 = makeSubject(1, 1) as TSubject;
type TFile = { fileName: string; xlsx: string; count: number };

async function invited() {
  const questionId = await publishProject(t, owner.headers, { subjects: [q1] });
  const projectId = await projectIdOf(t.database, questionId);
  const userId = await userIdOf(t.database, owner.phone);
  await t.database.query("UPDATE projects SET title = '员工/满意度' WHERE id = $1", [projectId]);
  for (const [member, power] of [
    [editor, 2],
    [viewer, 3],
  ] as const) {
    await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, $3)', [
      projectId,
      await userIdOf(t.database, member.phone),
      power,
    ]);
  }
  const k = Math.random().toString(36).slice(2, 8);
  const invitation = await insertInvitation(t.database, { projectId, userId, channel: 'email', body: '{链接}' });
  const people = [
    { name: '=1+1', state: 'delivered' as const },
    { name: '<script>alert(1)</script>', state: 'failed' as const, reason: '=HYPERLINK("x")' },
    { name: '张三', state: 'sent' as const },
  ];
  for (const p of people) {
    const email = `${p.state}-${k}@example.com`;
    const contactId = await insertContact(t.database, userId, { name: p.name, email });
    const linkId = await linkOf(t.database, projectId, contactId, `x-${k}-${contactId}`);
    await insertMessage(t.database, {
      invitationId: invitation,
      linkId,
      contactId,
      channel: 'email',
      address: email,
      name: p.name,
      state: p.state,
      reason: p.reason,
    });
    if (p.name === '张三') await t.database.query('UPDATE contact_links SET opened_at = now(), answered_at = now() WHERE id = $1', [linkId]);
  }
  return { questionId, k };
}

async function rowsOf(file: TFile): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(file.xlsx, 'base64') as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe(`receipt export on ${engineName()}`, () => {
  it('writes the filtered rows with contact, address, channel, state, opened and answered; formula-like text stays text', async () => {
    const { questionId, k } = await invited();
    const all = await t.call<TFile>(`${C}exportContactReceipt`, { questionId }, owner.headers);
    expect(all.resultCode).toBe('200');
    expect(all.data.count).toBe(3);
    expect(all.data.fileName).toBe('邀请回执-员工_满意度.xlsx');
    const rows = await rowsOf(all.data);
    expect(rows[0]).toEqual(RECEIPT_EXPORT_HEADERS);
    const byAddress = Object.fromEntries(rows.slice(1).map((r) => [String(r[1]), r]));
    expect(byAddress[`delivered-${k}@example.com`]!.slice(0, 4)).toEqual(["'=1+1", `delivered-${k}@example.com`, '邮件', '已送达']);
    const failed = byAddress[`failed-${k}@example.com`]!;
    expect(failed.slice(0, 5)).toEqual(['<script>alert(1)</script>', `failed-${k}@example.com`, '邮件', '发送失败', `'=HYPERLINK("x")`]);
    const answered = byAddress[`sent-${k}@example.com`]!;
    expect(answered[0]).toBe('张三');
    expect(answered[6]).toMatch(/^\d{4}\/\d{1,2}\/\d{1,2} \d{2}:\d{2}:\d{2}$/);
    expect(answered[7]).toMatch(/^\d{4}\/\d{1,2}\/\d{1,2}/);
    expect(answered[8]).toBe(1);
    expect(failed[7] ?? '').toBe('');
    // No formula cell anywhere: every text is a plain string.
    for (const row of rows) for (const cell of row) expect(typeof cell === 'object' && cell !== null).toBe(false);

    const answeredOnly = await t.call<TFile>(`${C}exportContactReceipt`, { questionId, state: 'answered' }, owner.headers);
    expect((await rowsOf(answeredOnly.data)).slice(1).map((r) => r[0])).toEqual(['张三']);
    expect(await t.call(`${C}exportContactReceipt`, { questionId, channel: 'sms' }, owner.headers)).toMatchObject({
      resultCode: '400',
      resultMsg: RECEIPT_MESSAGES.exportEmpty,
    });
  });

  it('view power (3) exports, edit power (2) is 403, a stranger 404, logged out 401', async () => {
    const { questionId } = await invited();
    expect((await t.call<TFile>(`${C}exportContactReceipt`, { questionId }, viewer.headers)).data.count).toBe(3);
    expect((await t.call(`${C}exportContactReceipt`, { questionId }, editor.headers)).resultCode).toBe('403');
    const stranger = await loginNewUser(t);
    expect((await t.call(`${C}exportContactReceipt`, { questionId }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${C}exportContactReceipt`, { questionId })).resultCode).toBe('401');
    expect((await t.call(`${C}exportContactReceipt`, { questionId, state: 'nope' }, owner.headers)).resultCode).toBe('400');
  });
});
