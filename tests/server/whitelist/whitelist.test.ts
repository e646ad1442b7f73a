import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHITE_CODE_ALPHABET, WHITE_MESSAGES, type TWhiteAddResult, type TWhiteEntry } from '../../../schemas/api/whitelist';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * 答题白名单 (issue 49 item 2): the creator's list in each mode, the answering page's gate and its proof token, and
 * the submit that claims the entry (已作答, its time and sheet). Concurrency: whitelist-concurrency.test.ts.
 */
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

const q1 = makeSubject(1, 1) as TSubject;
const W = 'activity/question/white/';
const as = (path: string, body: object) => t.call(`${W}${path}`, body, owner.headers);
const submit = (questionId: string, whitelistToken?: string, device = `wl-${Math.random().toString(36).slice(2)}`) =>
  t.call('active/write/submit', { questionId, submissionId: submissionId(), deviceId: device, answers: { [q1.uuid]: pick(q1, 0) }, whitelistToken });
const entries = async (questionId: string, extra: object = {}) =>
  (await t.call<{ list: TWhiteEntry[]; total: number }>(`${W}getWhitePage`, { questionId, ...extra }, owner.headers)).data;

/** A published questionnaire (or exam) with the whitelist on in `mode`, listing `lines`. */
async function whitelisted(mode: 'phone' | 'name' | 'code', lines: string[], extra: object = {}, questionType = 1) {
  const questionId = await publishProject(t, owner.headers, { subjects: [q1], questionType });
  const setting = { questionId, enabled: false, mode, fieldLabel: '工号', answersPerEntry: 1, ...extra };
  expect((await as('updateWhiteSetting', setting)).resultCode).toBe('200');
  if (lines.length) expect((await as('batchAddWhite', { questionId, lines })).resultCode).toBe('200');
  return { questionId, on: () => as('updateWhiteSetting', { ...setting, enabled: true }) };
}

async function passPhone(questionId: string, phone: string): Promise<string> {
  expect(await t.call('active/write/sendWhiteSms', { questionId, phone })).toMatchObject({ resultCode: '200', resultMsg: '验证码已发送' });
  const pass = await t.call<{ whitelistToken: string }>('active/write/checkWhite', { questionId, phone, smsCode: await lastCode(t.database, phone) });
  expect(pass.resultCode).toBe('200');
  return pass.data.whitelistToken;
}

describe(`答题白名单 on ${engineName()}`, () => {
  it('pasted phones: bad lines reported by number, repeats counted once; the switch needs entries', async () => {
    const { questionId, on } = await whitelisted('phone', []);
    expect(await on()).toMatchObject({ resultCode: '400', resultMsg: WHITE_MESSAGES.emptyList });
    const added = await as('batchAddWhite', { questionId, lines: ['13800001111 张三', '', '123456', '+86 138-0000-2222', '13800001111', '李四 13800003333'] });
    expect(added.data).toMatchObject({ added: 3, duplicates: 1, total: 3, invalid: [{ line: 3, text: '123456', message: '请输入正确的手机号' }] });
    expect((await on()).data).toMatchObject({ enabled: true, mode: 'phone', total: 3, answered: 0 });
    const page = await entries(questionId, { keyword: '李四' });
    expect(page).toMatchObject({ total: 1, list: [{ phone: '13800003333', name: '李四', answerCount: 0, answeredAt: null }] });
    expect((await entries(questionId, { pageSize: 2 })).list).toHaveLength(2);
  });

  it('by phone: a stranger gets no code; a listed phone proves it and answers once, then shows 已作答 with its sheet', async () => {
    const { questionId, on } = await whitelisted('phone', ['13800005555 王五']);
    await on();
    // The sheet is withheld behind the gate.
    const page = await t.call<{ locked: boolean; subjects: unknown[]; whitelist: object }>('active/write/getQuestion', { questionId });
    expect(page.data).toMatchObject({ locked: true, subjects: [], whitelist: { mode: 'phone' } });
    expect(await t.call('active/write/sendWhiteSms', { questionId, phone: '13900009999' })).toMatchObject({
      resultCode: '403',
      resultMsg: '您不在本问卷的白名单中，无法作答',
      data: { reason: 'notWhitelisted' },
    });
    expect(await submit(questionId)).toMatchObject({ resultCode: '403', resultMsg: WHITE_MESSAGES.tokenMissing });
    expect(await submit(questionId, '1.99999999999999.forged')).toMatchObject({ resultCode: '403', resultMsg: WHITE_MESSAGES.tokenInvalid });
    expect((await t.call('active/write/checkWhite', { questionId, phone: '13800005555', smsCode: '000000' })).resultCode).toBe('400');
    const token = await passPhone(questionId, '13800005555');
    const open = await t.call<{ locked: boolean; subjects: unknown[]; whitelist: null }>('active/write/getQuestion', { questionId, whitelistToken: token });
    expect(open.data).toMatchObject({ locked: false, whitelist: null });
    expect(open.data.subjects).toHaveLength(1);
    const sheet = await submit(questionId, token);
    expect(sheet.resultCode).toBe('200');
    expect(await submit(questionId, token)).toMatchObject({ resultCode: '409', resultMsg: WHITE_MESSAGES.used });
    const [entry] = (await entries(questionId, { status: 'answered' })).list;
    expect(entry).toMatchObject({ phone: '13800005555', answerCount: 1, sheetId: (sheet.data as { sheetId: string }).sheetId });
    expect(entry!.answeredAt).not.toBeNull();
    expect((await entries(questionId, { status: 'unanswered' })).total).toBe(0);
    // The gate tells at once that the entry answered, before any SMS is sent.
    expect(await t.call('active/write/sendWhiteSms', { questionId, phone: '13800005555' })).toMatchObject({
      resultCode: '409',
      resultMsg: WHITE_MESSAGES.used,
    });
  });

  it('a token of another project is refused; answersPerEntry 2 lets an entry answer twice', async () => {
    const a = await whitelisted('phone', ['13800006666'], { answersPerEntry: 2 });
    await a.on();
    const b = await whitelisted('phone', ['13800006666']);
    await b.on();
    const token = await passPhone(a.questionId, '13800006666');
    expect(await submit(b.questionId, token)).toMatchObject({ resultCode: '403', resultMsg: WHITE_MESSAGES.tokenInvalid });
    expect((await submit(a.questionId, token)).resultCode).toBe('200');
    expect((await submit(a.questionId, token)).resultCode).toBe('200');
    expect(await submit(a.questionId, token)).toMatchObject({ resultCode: '409', resultMsg: WHITE_MESSAGES.used });
  });

  it('by name + 工号: found whatever the case and width; a wrong pair is refused; bad lines named', async () => {
    const { questionId, on } = await whitelisted('name', []);
    const added = await as('batchAddWhite', { questionId, lines: ['张三,A1001', '李四', '王五\tB2002'] });
    expect(added.data).toMatchObject({ added: 2, invalid: [{ line: 2, message: '缺少工号' }] });
    await on();
    const page = await t.call('active/write/getQuestion', { questionId });
    expect(page.data).toMatchObject({ whitelist: { mode: 'name', fieldLabel: '工号' } });
    expect(await t.call('active/write/checkWhite', { questionId, name: '张三', field: 'B2002' })).toMatchObject({
      resultCode: '403',
      resultMsg: WHITE_MESSAGES.notListed,
    });
    expect(await t.call('active/write/checkWhite', { questionId, name: '张三' })).toMatchObject({ resultCode: '400', resultMsg: '请输入工号' });
    const pass = await t.call<{ whitelistToken: string; name: string }>('active/write/checkWhite', { questionId, name: ' 张三 ', field: 'ａ1001' });
    expect(pass).toMatchObject({ resultCode: '200', data: { name: '张三' } });
    expect((await submit(questionId, pass.data.whitelistToken)).resultCode).toBe('200');
  });

  it('access codes: N random codes of unambiguous characters, each opens one sheet; typed in any case', async () => {
    const { questionId, on } = await whitelisted('code', []);
    expect(await as('batchAddWhite', { questionId, lines: ['X'] })).toMatchObject({ resultCode: '400', resultMsg: WHITE_MESSAGES.codesOnly });
    expect((await as('createWhiteCodes', { questionId, count: 30 })).data).toMatchObject({ added: 30, total: 30 });
    await on();
    const codes = (await entries(questionId, { pageSize: 100 })).list.map((e) => e.code);
    expect(new Set(codes).size).toBe(30);
    for (const code of codes) expect([...code].every((c) => WHITE_CODE_ALPHABET.includes(c))).toBe(true);
    expect(await t.call('active/write/checkWhite', { questionId, accessCode: 'ZZZZ0000' })).toMatchObject({
      resultCode: '403',
      resultMsg: WHITE_MESSAGES.codeWrong,
    });
    const pass = await t.call<{ whitelistToken: string }>('active/write/checkWhite', { questionId, accessCode: codes[0]!.toLowerCase() });
    expect((await submit(questionId, pass.data.whitelistToken)).resultCode).toBe('200');
    expect(await t.call('active/write/checkWhite', { questionId, accessCode: codes[0] })).toMatchObject({
      resultCode: '409',
      resultMsg: WHITE_MESSAGES.codeUsed,
    });
    // Deleted entries no longer open the sheet.
    const [fresh] = (await entries(questionId, { status: 'unanswered', pageSize: 1 })).list;
    const token = (await t.call<{ whitelistToken: string }>('active/write/checkWhite', { questionId, accessCode: fresh!.code })).data.whitelistToken;
    expect((await as('batchDelWhite', { questionId, whiteIds: [fresh!.whiteId] })).data).toEqual({ deleted: 1 });
    expect(await submit(questionId, token)).toMatchObject({ resultCode: '403', resultMsg: WHITE_MESSAGES.notListed });
    expect((await entries(questionId)).total).toBe(29);
  });

  it('Excel import names refused rows by their Excel row; export lists status', async () => {
    const { questionId } = await whitelisted('phone', []);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('名单');
    sheet.addRows([['手机号', '姓名'], ['13800007777', '赵六'], ['1380000', '错号'], [], ['13800008888', '孙七']]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const imported = await t.call<TWhiteAddResult>(`${W}importWhite`, { questionId, xlsx }, owner.headers);
    expect(imported.data).toMatchObject({ added: 2, invalid: [{ line: 3, message: '请输入正确的手机号' }] });
    expect(await t.call(`${W}importWhite`, { questionId, xlsx: 'bm90IGV4Y2Vs' }, owner.headers)).toMatchObject({
      resultCode: '400',
      resultMsg: WHITE_MESSAGES.xlsx,
    });
    const exported = await t.call<{ fileName: string; xlsx: string }>(`${W}exportWhite`, { questionId }, owner.headers);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(Buffer.from(exported.data.xlsx, 'base64') as unknown as ArrayBuffer);
    const rows = read.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.map((r) => r.slice(1, 4))).toEqual([
      ['手机号', '姓名', '作答状态'],
      ['13800007777', '赵六', '未作答'],
      ['13800008888', '孙七', '未作答'],
    ]);
  });

  it('a collaborator with view power reads the list but cannot change it; a stranger learns nothing', async () => {
    const { questionId } = await whitelisted('phone', ['13800009999']);
    const stranger = await loginNewUser(t);
    expect((await t.call(`${W}getWhitePage`, { questionId }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${W}batchAddWhite`, { questionId, lines: ['13800001234'] }, stranger.headers)).resultCode).toBe('404');
  });
});
