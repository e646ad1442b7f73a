import { describe, expect, it } from 'vitest';
import { readContact, readDate, readFieldValue, type TFieldDef } from '../../../schemas/contacts/contact-rules';

const def = (kind: TFieldDef['kind'], extra: Partial<TFieldDef> = {}): TFieldDef => ({ id: 1, name: '字段', kind, options: [], required: false, ...extra });

describe('one contact checked (schemas/contacts/contact-rules.ts)', () => {
  it('normalises a phone per spec §5 and wants a phone or an e-mail', () => {
    expect(readContact({ name: ' 张三 ', phone: '＋86 138 0013 8000', email: '', fields: {} }, [])).toEqual({
      ok: true,
      contact: { name: '张三', phone: '13800138000', email: null, fields: {} },
    });
    expect(readContact({ name: '张三', phone: '16800138000', email: '', fields: {} }, [])).toEqual({ ok: false, message: '请输入正确的手机号' });
    expect(readContact({ name: '张三', phone: '', email: '', fields: {} }, [])).toEqual({ ok: false, message: '请填写手机号或邮箱' });
    expect(readContact({ name: '张'.repeat(51), phone: '13800138000', email: '', fields: {} }, [])).toEqual({ ok: false, message: '姓名最多50个字' });
  });

  it('reads each custom kind and drops values of fields it does not know', () => {
    expect(readFieldValue(def('number'), '1,234.5')).toEqual({ value: 1234.5 });
    expect(readFieldValue(def('number'), '12abc').message).toBe('字段须为数字');
    expect(readFieldValue(def('date'), '2024年2月29日')).toEqual({ value: '2024-02-29' });
    expect(readDate('2023-02-29')).toBeNull();
    expect(readFieldValue(def('choice', { options: ['是', '否'] }), '否')).toEqual({ value: '否' });
    expect(readFieldValue(def('text', { required: true }), '  ').message).toBe('请填写字段');
    const read = readContact({ name: '甲', phone: '', email: 'a@b.cn', fields: { '1': 'x', '99': 'stray' } }, [def('text')]);
    expect(read).toEqual({ ok: true, contact: { name: '甲', phone: null, email: 'a@b.cn', fields: { '1': 'x' } } });
  });
});
