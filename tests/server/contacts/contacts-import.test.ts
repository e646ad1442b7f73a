import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContact, TContactField, TImportResult } from '../../../schemas/api/contacts';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * 导入 (getImportContact, issue 50 item 1): a preview with a suggested mapping, then the import with a row-by-row
 * report — bad phone (spec §5), bad e-mail, duplicates in the file and in the book (skipped or updated), missing
 * required values and values that do not fit a custom field's kind — from .xlsx and .csv; an export imports back.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const C = 'activity/contact/';
type Who = { headers: { token: string } };
const as = <T = unknown>(who: Who, path: string, body: object = {}) => t.call<T>(`${C}${path}`, body, who.headers);

async function xlsx(rows: (string | number | Date)[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('联系人');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}
const importFile = (who: Who, body: object) => as<TImportResult>(who, 'getImportContact', { fileName: 'book.xlsx', ...body });

describe(`import (${engineName()})`, () => {
  it('previews the header and rows with a suggested mapping, then imports with a report of each bad row', async () => {
    const who = await loginNewUser(t);
    const level = (await as<{ field: TContactField }>(who, 'saveCustomField', { name: '级别', kind: 'choice', options: ['A', 'B'], required: true })).data
      .field;
    const age = (await as<{ field: TContactField }>(who, 'saveCustomField', { name: '年龄', kind: 'number' })).data.field;
    await as(who, 'saveOrUpdateContact', { name: '老王', phone: '13900000009', fields: { [level.key]: 'B' } });
    const file = await xlsx([
      ['名字', '手机号码', '邮箱', '级别', '年龄', '分组', '无关列'],
      ['张一', '13900000001', 'a1@x.cn', 'A', 20, '一班', 'x'],
      ['张二', '12900000002', '', 'A', '', '', ''],
      ['张三', '13900000003', 'bad-mail', 'A', '', '', ''],
      ['张四', '13900000004', '', '', '', '', ''],
      ['张五', '13900000005', '', 'C', '', '', ''],
      ['张六', '13900000006', '', 'A', '六十', '', ''],
      ['张七', '13900000001', '', 'A', '', '', ''],
      ['王二', '13900000009', '', 'A', '', '', ''],
      ['=1+1', '139 0000 0010', '', 'B', '', '二班', ''],
      ['', '', '', '', '', '', ''],
      ['', '13900000011', '', 'A', '', '', ''],
    ]);
    const preview = await importFile(who, { file });
    expect(preview).toMatchObject({
      resultCode: '200',
      data: { imported: false, rows: 10, headers: ['名字', '手机号码', '邮箱', '级别', '年龄', '分组', '无关列'] },
    });
    expect(preview.data.preview[0]).toEqual(['张一', '13900000001', 'a1@x.cn', 'A', '20', '一班', 'x']);
    expect(preview.data.suggested).toEqual([
      { column: 0, field: 'name' },
      { column: 1, field: 'phone' },
      { column: 2, field: 'email' },
      { column: 3, field: level.key },
      { column: 4, field: age.key },
      { column: 5, field: 'group' },
    ]);
    const done = await importFile(who, { file, mapping: preview.data.suggested });
    expect(done.resultCode).toBe('200');
    expect(done.data).toMatchObject({ imported: true, added: 2, updated: 0, skipped: 1 });
    expect(done.data.problems).toEqual([
      { row: 3, name: '张二', message: '请输入正确的手机号' },
      { row: 4, name: '张三', message: '请输入正确的邮箱' },
      { row: 5, name: '张四', message: '请填写级别' },
      { row: 6, name: '张五', message: '级别须为以下选项之一：A、B' },
      { row: 7, name: '张六', message: '年龄须为数字' },
      { row: 8, name: '张七', message: '与第2行重复' },
      { row: 9, name: '王二', message: '已在通讯录中，已跳过（老王）' },
      { row: 12, name: '', message: '请填写姓名' },
    ]);
    const list = (await as<{ list: TContact[] }>(who, 'getContactList', { pageSize: 50 })).data.list;
    expect(list.map((c) => [c.name, c.phone, c.groupName])).toEqual([
      ['=1+1', '13900000010', '二班'],
      ['张一', '13900000001', '一班'],
      ['老王', '13900000009', ''],
    ]);
    expect(list[1]!.fields).toEqual({ [String(level.key)]: 'A', [String(age.key)]: 20 });
    // The same file again, updating: 老王's row renames him; the others update themselves.
    const again = await importFile(who, { file, mapping: preview.data.suggested, onDuplicate: 'update' });
    expect(again.data).toMatchObject({ added: 0, updated: 3, skipped: 0 });
    expect((await as<{ list: TContact[] }>(who, 'getContactList', { keyword: '13900000009' })).data.list[0]!.name).toBe('王二');
  });

  it('refuses a mapping without a name or an address, a field twice, and a file that is no spreadsheet', async () => {
    const who = await loginNewUser(t);
    const file = await xlsx([
      ['姓名', '手机号'],
      ['甲', '13900000001'],
    ]);
    expect(await importFile(who, { file, mapping: [{ column: 1, field: 'phone' }] })).toMatchObject({ resultCode: '400', resultMsg: '请指定“姓名”对应的列' });
    expect(await importFile(who, { file, mapping: [{ column: 0, field: 'name' }] })).toMatchObject({
      resultCode: '400',
      resultMsg: '请指定“手机号”或“邮箱”对应的列',
    });
    const twice = [
      { column: 0, field: 'name' },
      { column: 1, field: 'name' },
    ];
    expect(await importFile(who, { file, mapping: twice })).toMatchObject({ resultCode: '400', resultMsg: '同一字段只能对应一列' });
    expect(await importFile(who, { file: Buffer.from('not a zip').toString('base64') })).toMatchObject({
      resultCode: '400',
      resultMsg: '无法读取文件，请上传 .xlsx 或 .csv 文件',
    });
    expect(await importFile(who, { file: await xlsx([['姓名', '手机号']]) })).toMatchObject({ resultCode: '400', resultMsg: '文件中没有联系人' });
  });

  it('reads a UTF-8 CSV with quotes, commas and a BOM, and refuses one in another encoding', async () => {
    const who = await loginNewUser(t);
    const csv = '\uFEFF姓名,手机号,邮箱\r\n"李, 大",13700000001,\r\n"说""好""",,q@x.cn\r\n';
    const file = Buffer.from(csv).toString('base64');
    const preview = await importFile(who, { fileName: 'x.csv', file });
    expect(preview.data.preview).toEqual([
      ['李, 大', '13700000001', ''],
      ['说"好"', '', 'q@x.cn'],
    ]);
    const done = await importFile(who, { fileName: 'x.csv', file, mapping: preview.data.suggested });
    expect(done.data).toMatchObject({ added: 2, problems: [] });
    const gbk = Buffer.from([0xd0, 0xd5, 0xc3, 0xfb, 0x2c, 0x0a, 0xd5, 0xc5, 0x2c, 0x0a]).toString('base64');
    expect(await importFile(who, { fileName: 'gbk.csv', file: gbk })).toMatchObject({
      resultCode: '400',
      resultMsg: '无法识别CSV的编码，请另存为UTF-8编码的CSV后再导入',
    });
  });

  it('imports its own export back: a formula-like name keeps its text', async () => {
    const who = await loginNewUser(t);
    await as(who, 'saveOrUpdateContact', { name: '=HYPERLINK("x")', phone: '13600000001' });
    await as(who, 'saveOrUpdateContact', { name: '-5', email: 'm@x.cn' });
    const exported = (await as<{ xlsx: string }>(who, 'exportContact')).data.xlsx;
    const next = await loginNewUser(t);
    const preview = await importFile(next, { file: exported });
    const done = await importFile(next, { file: exported, mapping: preview.data.suggested });
    expect(done.data).toMatchObject({ added: 2, problems: [] });
    const names = (await as<{ list: TContact[] }>(next, 'getContactList')).data.list.map((c) => c.name);
    expect(names.sort()).toEqual(['-5', '=HYPERLINK("x")']);
  });

  it('refuses more rows than one import takes', async () => {
    const who = await loginNewUser(t);
    const rows: string[][] = [['姓名', '手机号']];
    for (let i = 0; i < 5_001; i++) rows.push([`人${i}`, `137${String(i).padStart(8, '0')}`]);
    expect(await importFile(who, { file: await xlsx(rows) })).toMatchObject({ resultCode: '400', resultMsg: '一次最多导入5000行' });
  }, 60_000);
});
