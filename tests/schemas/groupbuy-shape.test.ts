import { describe, expect, it } from 'vitest';
import { addressText, regionMissing, shapeOf } from '../../schemas/groupbuy/shape';
import type { TSubject } from '../../schemas/subjects/registry';
import { makeSubject } from '../helpers/fixtures';

const region = (patch: Record<string, unknown> = {}) => ({ ...makeSubject(4, 5, '收货地区'), ...patch }) as TSubject;

describe('a group-buy sheet read by the page (schemas/groupbuy/shape.ts)', () => {
  it('a region subject is the address: the page asks it with the subject’s levels, and it is no longer unsupported', () => {
    const subjects = [makeSubject(6, 1, '姓名'), makeSubject(34, 2, '选择商品'), region({ required: true, level: 'city', detail: 'none' })];
    const shape = shapeOf(subjects);
    expect(shape.addressSubjectId).toBe(subjects[2]!.uuid);
    expect(shape.addressRegion).toEqual({ level: 'city', detail: 'none' });
    expect(shape.addressRequired).toBe(true);
    expect(shape.unsupported).toEqual([]);
  });

  it('an 地址 fill-in before a region subject stays the address, and the region subject, when required, is unsupported', () => {
    const subjects = [makeSubject(6, 1, '收货地址'), region({ required: true })];
    const shape = shapeOf(subjects);
    expect(shape.addressSubjectId).toBe(subjects[0]!.uuid);
    expect(shape.addressRegion).toBeNull();
    expect(shape.unsupported).toEqual(['收货地区']);
  });

  it('an address answer reads as text: a fill-in trimmed, a region’s parts joined with two spaces', () => {
    expect(addressText(' 幸福小区 5 栋 ')).toBe('幸福小区 5 栋');
    expect(addressText({ province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 90 号' })).toBe('浙江省  杭州市  西湖区  文三路 90 号');
    expect(addressText({ province: '北京市', city: '', detail: 7 })).toBe('北京市');
    expect(addressText(null)).toBe('');
  });

  it('a region address names its first missing level, and the detail only when the subject requires it', () => {
    expect(regionMissing({ level: 'district', detail: 'optional' }, {})).toBe('请选择收货省份');
    expect(regionMissing({ level: 'district', detail: 'optional' }, { province: '浙江省', city: '杭州市' })).toBe('请选择收货区县');
    expect(regionMissing({ level: 'city', detail: 'optional' }, { province: '浙江省', city: '杭州市' })).toBeNull();
    expect(regionMissing({ level: 'city', detail: 'required' }, { province: '浙江省', city: '杭州市', detail: ' ' })).toBe('请填写详细地址');
  });
});
