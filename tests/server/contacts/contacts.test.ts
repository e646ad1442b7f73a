import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContact, TContactField, TGroupList } from '../../../schemas/api/contacts';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * 通讯录 (issue 50 item 1): groups, contacts, custom fields and shown columns on the caller's own book; another
 * user's group or contact answers "404". Import and export: contacts-import.test.ts; limits: contacts-limits.test.ts.
 */
let t: TestApp;
let me: { headers: { token: string } };
let other: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  me = await loginNewUser(t);
  other = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

const C = 'activity/contact/';
const as = <T = unknown>(who: { headers: { token: string } }, path: string, body: object = {}) => t.call<T>(`${C}${path}`, body, who.headers);
const groups = async (who = me) => (await as<TGroupList>(who, 'getContactGroupNameList')).data;
const list = async (body: object = {}, who = me) => (await as<{ list: TContact[]; total: number }>(who, 'getContactList', body)).data;

describe(`groups (${engineName()})`, () => {
  it('creates, renames, counts and refuses a second group of the same name or one called 未分组', async () => {
    const made = await as<{ groupId: number }>(me, 'saveOrUpdateContactGroup', { name: '同事' });
    expect(made).toMatchObject({ resultCode: '200', resultMsg: '保存成功', data: { name: '同事', count: 0 } });
    expect(await as(me, 'saveOrUpdateContactGroup', { name: '同事' })).toMatchObject({ resultCode: '409', resultMsg: '分组名称已存在' });
    expect(await as(me, 'saveOrUpdateContactGroup', { name: '未分组' })).toMatchObject({ resultCode: '400' });
    expect(await as(me, 'saveOrUpdateContactGroup', { name: ' ' })).toMatchObject({ resultCode: '400', resultMsg: 'name: 请填写分组名称' });
    const renamed = await as(me, 'saveOrUpdateContactGroup', { groupId: made.data.groupId, name: '老同事' });
    expect(renamed).toMatchObject({ resultCode: '200', data: { groupId: made.data.groupId, name: '老同事' } });
    expect((await groups()).list.map((g) => g.name)).toContain('老同事');
  });

  it('deletes a group: its contacts become 未分组, or go with it when asked', async () => {
    const keep = (await as<{ groupId: number }>(me, 'saveOrUpdateContactGroup', { name: '留人' })).data.groupId;
    const drop = (await as<{ groupId: number }>(me, 'saveOrUpdateContactGroup', { name: '连人删' })).data.groupId;
    await as(me, 'saveOrUpdateContact', { name: '甲', phone: '13700000001', groupId: keep });
    await as(me, 'saveOrUpdateContact', { name: '乙', phone: '13700000002', groupId: drop });
    const before = await groups();
    expect(before.list.find((g) => g.groupId === keep)?.count).toBe(1);
    expect(await as(me, 'delContactGroup', { groupId: keep })).toMatchObject({ resultCode: '200', data: { contacts: 1 } });
    expect(await as(me, 'delContactGroup', { groupId: drop, withContacts: true })).toMatchObject({ resultCode: '200', data: { contacts: 1 } });
    const after = await groups();
    expect(after.ungrouped).toBe(before.ungrouped + 1);
    expect(after.total).toBe(before.total - 1);
    expect((await list({ keyword: '甲' })).list[0]).toMatchObject({ groupId: null, groupName: '' });
    expect((await list({ keyword: '13700000002' })).total).toBe(0);
  });
});

describe(`contacts (${engineName()})`, () => {
  it('saves a contact with its phone normalised, refuses bad input with a clear message, and names who holds a phone', async () => {
    const saved = await as<TContact>(me, 'saveOrUpdateContact', { name: '张三', phone: '+86 138-0013-8000', email: 'Zhang@Example.com' });
    expect(saved).toMatchObject({ resultCode: '200', data: { name: '张三', phone: '13800138000', email: 'Zhang@Example.com', groupId: null } });
    expect(await as(me, 'saveOrUpdateContact', { name: '李四', phone: '12345678901' })).toMatchObject({ resultCode: '400', resultMsg: '请输入正确的手机号' });
    expect(await as(me, 'saveOrUpdateContact', { name: '李四', email: 'not-mail' })).toMatchObject({ resultCode: '400', resultMsg: '请输入正确的邮箱' });
    expect(await as(me, 'saveOrUpdateContact', { name: '李四' })).toMatchObject({ resultCode: '400', resultMsg: '请填写手机号或邮箱' });
    expect(await as(me, 'saveOrUpdateContact', { name: '', phone: '13800138001' })).toMatchObject({ resultCode: '400', resultMsg: 'name: 请填写姓名' });
    expect(await as(me, 'saveOrUpdateContact', { name: '李四', phone: '13800138000' })).toMatchObject({
      resultCode: '409',
      resultMsg: '手机号已在通讯录中（张三）',
    });
    expect(await as(me, 'saveOrUpdateContact', { name: '李四', email: 'zhang@example.COM' })).toMatchObject({
      resultCode: '409',
      resultMsg: '邮箱已在通讯录中（张三）',
    });
    const edited = await as<TContact>(me, 'saveOrUpdateContact', { contactId: saved.data.contactId, name: '张三丰', phone: '13800138000' });
    expect(edited).toMatchObject({ resultCode: '200', data: { name: '张三丰', email: '' } });
  });

  it('keeps a formula-like or script-like name as the text typed', async () => {
    for (const name of ['=1+1', '<script>alert(1)</script>']) {
      const saved = await as<TContact>(me, 'saveOrUpdateContact', { name, email: `${Math.random().toString(36).slice(2)}@x.cn` });
      expect(saved.data.name).toBe(name);
      expect((await list({ keyword: name })).list[0]?.name).toBe(name);
    }
  });

  it('pages newest first, filters by group (0 = 未分组) and searches name, phone, e-mail and custom values', async () => {
    const who = await loginNewUser(t);
    const field = (await as<{ field: TContactField }>(who, 'saveCustomField', { name: '工号', kind: 'text' })).data.field;
    const g = (await as<{ groupId: number }>(who, 'saveOrUpdateContactGroup', { name: '一班' })).data.groupId;
    for (let i = 1; i <= 25; i++) {
      const body = { name: `学生${i}`, phone: `1390000${String(i).padStart(4, '0')}`, groupId: i <= 5 ? g : null, fields: { [field.key]: `GH${i}` } };
      expect((await as(who, 'saveOrUpdateContact', body)).resultCode).toBe('200');
    }
    const first = await list({ page: 1, pageSize: 10 }, who);
    expect(first.total).toBe(25);
    expect(first.list[0]!.name).toBe('学生25');
    expect((await list({ groupId: g }, who)).total).toBe(5);
    expect((await list({ groupId: 0 }, who)).total).toBe(20);
    expect((await list({ keyword: 'gh17' }, who)).list.map((c) => c.name)).toEqual(['学生17']);
    expect((await list({ keyword: '13900000003' }, who)).list.map((c) => c.name)).toEqual(['学生3']);
    expect((await list({ keyword: '100%' }, who)).total).toBe(0);
    const ids = first.list.slice(0, 3).map((c) => c.contactId);
    expect(await as(who, 'addContactByGroup', { contactIds: ids, groupId: g })).toMatchObject({ resultCode: '200', data: { moved: 3 } });
    expect((await list({ groupId: g }, who)).total).toBe(8);
    expect(await as(who, 'delContact', { contactIds: ids })).toMatchObject({ resultCode: '200', data: { deleted: 3 } });
    expect(await as(who, 'delContact', { groupId: g })).toMatchObject({ resultCode: '200', data: { deleted: 5 } });
    expect(await as(who, 'delContact', {})).toMatchObject({ resultCode: '400', resultMsg: 'contactIds: 请选择联系人' });
    expect((await as(who, 'getContactGroupTotal')).data).toEqual({ groups: 1, contacts: 17, fields: 1, ungrouped: 17 });
  });
});

describe(`custom fields and shown columns (${engineName()})`, () => {
  it('checks each custom value by its kind and the required flag', async () => {
    const who = await loginNewUser(t);
    const add = async (body: object) => (await as<{ field: TContactField }>(who, 'saveCustomField', body)).data.field;
    expect(await as(who, 'saveCustomField', { name: '级别', kind: 'choice', options: [] })).toMatchObject({
      resultCode: '400',
      resultMsg: '选项字段至少需要一个选项',
    });
    expect(await as(who, 'saveCustomField', { name: '手机号' })).toMatchObject({ resultCode: '400', resultMsg: '不能与内置字段同名' });
    const level = await add({ name: '级别', kind: 'choice', options: ['A', 'B'], required: true });
    const age = await add({ name: '年龄', kind: 'number' });
    const born = await add({ name: '生日', kind: 'date' });
    expect(await as(who, 'saveCustomField', { name: '年龄' })).toMatchObject({ resultCode: '409', resultMsg: '字段名称已存在' });
    const save = (fields: object) => as<TContact>(who, 'saveOrUpdateContact', { name: '王五', phone: '13600000001', fields });
    expect(await save({})).toMatchObject({ resultCode: '400', resultMsg: '请填写级别' });
    expect(await save({ [level.key]: 'C' })).toMatchObject({ resultCode: '400', resultMsg: '级别须为以下选项之一：A、B' });
    expect(await save({ [level.key]: 'A', [age.key]: '十八' })).toMatchObject({ resultCode: '400', resultMsg: '年龄须为数字' });
    expect(await save({ [level.key]: 'A', [born.key]: '2024-02-30' })).toMatchObject({ resultCode: '400', resultMsg: '生日须为日期，例如 2024-05-01' });
    const ok = await save({ [level.key]: 'A', [age.key]: '18', [born.key]: '2001/5/4' });
    expect(ok.data.fields).toEqual({ [String(level.key)]: 'A', [String(age.key)]: 18, [String(born.key)]: '2001-05-04' });
    const names = (await as<{ list: TContactField[] }>(who, 'getFieldNameList')).data.list.map((f) => f.name);
    expect(names).toEqual(['姓名', '手机号', '邮箱', '分组', '添加时间', '级别', '年龄', '生日']);
    expect((await as<{ list: TContactField[] }>(who, 'getCustomFieldList')).data.list.map((f) => f.kind)).toEqual(['choice', 'number', 'date']);
    // Removing a field takes its values and its column away.
    await as(who, 'saveOrUpdateFieldList', { fields: ['name', age.key, 'phone'] });
    expect(await as(who, 'saveCustomField', { fieldId: age.key, remove: true, name: '年龄' })).toMatchObject({ resultCode: '200', data: { field: null } });
    expect((await list({}, who)).list[0]!.fields).not.toHaveProperty(String(age.key));
    expect((await as<{ list: TContactField[] }>(who, 'getShowFieldList')).data.list.map((f) => f.key)).toEqual(['name', 'phone']);
  });

  it('shows the default columns, saves a chosen order and resets it', async () => {
    const who = await loginNewUser(t);
    const shown = async () => (await as<{ list: TContactField[] }>(who, 'getShowFieldList')).data.list.map((f) => f.key);
    expect(await shown()).toEqual(['name', 'phone', 'email', 'group', 'createTime']);
    const f = (await as<{ field: TContactField }>(who, 'saveCustomField', { name: '部门' })).data.field;
    expect(await as(who, 'saveOrUpdateFieldList', { fields: [f.key, 'name', 'email'] })).toMatchObject({ resultCode: '200' });
    expect(await shown()).toEqual([f.key, 'name', 'email']);
    expect(await as(who, 'saveOrUpdateFieldList', { fields: [] })).toMatchObject({ resultCode: '400', resultMsg: 'fields: 请至少显示一列' });
    expect(await as(who, 'getResetField')).toMatchObject({ resultCode: '200', resultMsg: '已恢复默认' });
    expect(await shown()).toEqual(['name', 'phone', 'email', 'group', 'createTime']);
    const defaults = await as<{ limits: { contacts: number } }>(who, 'getDefault');
    expect(defaults.data.limits.contacts).toBe(20_000);
  });
});

describe(`another user's book answers "404" (${engineName()})`, () => {
  it('refuses their group and contact in every call that names one, and leaves them as they were', async () => {
    const theirGroup = (await as<{ groupId: number }>(other, 'saveOrUpdateContactGroup', { name: '他的组' })).data.groupId;
    const theirs = (await as<TContact>(other, 'saveOrUpdateContact', { name: '他的人', phone: '13500000009', groupId: theirGroup })).data;
    const theirField = (await as<{ field: TContactField }>(other, 'saveCustomField', { name: '他的字段' })).data.field;
    const mine = (await as<TContact>(me, 'saveOrUpdateContact', { name: '我的人', phone: '13500000008' })).data;
    const refused = [
      await as(me, 'saveOrUpdateContactGroup', { groupId: theirGroup, name: '抢来' }),
      await as(me, 'delContactGroup', { groupId: theirGroup }),
      await as(me, 'saveOrUpdateContact', { contactId: theirs.contactId, name: '改名', phone: '13500000007' }),
      await as(me, 'saveOrUpdateContact', { name: '放进去', phone: '13500000006', groupId: theirGroup }),
      await as(me, 'addContactByGroup', { contactIds: [mine.contactId], groupId: theirGroup }),
      await as(me, 'delContact', { groupId: theirGroup }),
      await as(me, 'exportContact', { groupId: theirGroup }),
      await as(me, 'getContactList', { groupId: theirGroup, page: 1 }).then((r) => (r.resultCode === '200' ? { resultCode: '404' } : r)),
      await as(me, 'saveCustomField', { fieldId: theirField.key, name: '抢来' }),
      await as(me, 'saveCustomField', { fieldId: theirField.key, remove: true, name: 'x' }),
      await as(me, 'saveOrUpdateFieldList', { fields: ['name', theirField.key] }),
    ];
    for (const answer of refused) expect(answer.resultCode).toBe('404');
    expect(await as(me, 'delContact', { contactIds: [theirs.contactId] })).toMatchObject({ resultCode: '200', data: { deleted: 0 } });
    expect(await as(me, 'addContactByGroup', { contactIds: [theirs.contactId], groupId: 0 })).toMatchObject({ data: { moved: 0 } });
    expect((await list({ keyword: '他的人' })).total).toBe(0);
    expect((await list({}, other)).list[0]).toMatchObject({ name: '他的人', groupId: theirGroup });
    expect((await groups(other)).list).toEqual([{ groupId: theirGroup, name: '他的组', count: 1 }]);
  });

  it('answers "401" without a login', async () => {
    expect(await t.call(`${C}getContactList`, {})).toMatchObject({ resultCode: '401' });
  });
});

describe(`export (${engineName()})`, () => {
  it('writes every field, a formula-like name as text with a leading quote', async () => {
    const who = await loginNewUser(t);
    const f = (await as<{ field: TContactField }>(who, 'saveCustomField', { name: '备注' })).data.field;
    await as(who, 'saveOrUpdateContact', { name: '=1+1', phone: '13300000001', fields: { [f.key]: '@SUM(A1)' } });
    await as(who, 'saveOrUpdateContact', { name: '普通人', email: 'p@x.cn' });
    const file = (await as<{ fileName: string; xlsx: string; count: number }>(who, 'exportContact')).data;
    expect(file).toMatchObject({ fileName: '通讯录-全部.xlsx', count: 2 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.xlsx, 'base64') as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]!.slice(1, 8)).toEqual(['姓名', '手机号', '邮箱', '分组', '备注', '添加时间', '已退订']);
    expect(rows[1]!.slice(1, 6)).toEqual(["'=1+1", '13300000001', '', '', "'@SUM(A1)"]);
    expect(rows[2]!.slice(1, 4)).toEqual(['普通人', '', 'p@x.cn']);
    const cell = book.worksheets[0]!.getCell('A2');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
  });

  it('says who unsubscribed from what in the last column', async () => {
    const who = await loginNewUser(t);
    const both = (await as<{ contactId: number }>(who, 'saveOrUpdateContact', { name: '都退了', phone: '13300000002', email: 'a@x.cn' })).data;
    const mail = (await as<{ contactId: number }>(who, 'saveOrUpdateContact', { name: '退邮件', email: 'b@x.cn' })).data;
    await as(who, 'saveOrUpdateContact', { name: '没退', phone: '13300000003' });
    await t.database.query('UPDATE contacts SET sms_opt_out_at = now(), email_opt_out_at = now() WHERE id = $1', [both.contactId]);
    await t.database.query('UPDATE contacts SET email_opt_out_at = now() WHERE id = $1', [mail.contactId]);
    const file = (await as<{ xlsx: string }>(who, 'exportContact')).data;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.xlsx, 'base64') as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => [r[1], r[6] ?? ''])).toEqual([
      ['都退了', '短信、邮件'],
      ['退邮件', '邮件'],
      ['没退', ''],
    ]);
  });
});
