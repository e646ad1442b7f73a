import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBank, TBranch, TPage, TRegion } from '../../../schemas/api/wxpay';
import { MERCHANT_SEED_MARKER, seedMerchantData, shortCityName } from '../../../server/seed/merchant/seed-merchant';
import { regionTree } from '../../../server/services/projects/regions.service';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let headers: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  await seedMerchantData(t.database);
  headers = (await loginNewUser(t)).headers;
});
afterAll(() => t.close());

describe('seeded bank, branch and city catalogue', () => {
  it('is written once per database', async () => {
    const count = async () => Number((await t.database.query<{ n: string }>('SELECT count(*) AS n FROM merchant_bank_branches'))[0]!.n);
    const before = await count();
    await seedMerchantData(t.database);
    expect(await count()).toBe(before);
    expect(before).toBeGreaterThan(10_000);
    expect(await t.database.query('SELECT 1 FROM meta WHERE key = $1', [MERCHANT_SEED_MARKER])).toHaveLength(1);
  });

  it('names cities the way branch names do', () => {
    expect(shortCityName('杭州市')).toBe('杭州');
    expect(shortCityName('延边朝鲜族自治州')).toBe('延边');
    expect(shortCityName('克孜勒苏柯尔克孜自治州')).toBe('克孜勒苏');
    expect(shortCityName('海西蒙古族藏族自治州')).toBe('海西');
    expect(shortCityName('大兴安岭地区')).toBe('大兴安岭');
  });

  it('getBankPage lists the major banks first and searches by name', async () => {
    const all = await t.call<TPage<TBank>>('active/wxPay/getBankPage', { pageSize: 6 }, headers);
    expect(all.data.list.map((b) => b.bank_alias)).toEqual(['工商银行', '农业银行', '中国银行', '建设银行', '交通银行', '邮政储蓄银行']);
    expect(all.data.total).toBeGreaterThanOrEqual(30);
    const found = await t.call<TPage<TBank>>('active/wxPay/getBankPage', { keyword: '招商' }, headers);
    expect(found.data.list).toEqual([{ bank_alias_code: 'CMB', bank_alias: '招商银行', bank_full_name: '招商银行股份有限公司', bank_type: '股份制银行' }]);
    expect((await t.call<TPage<TBank>>('active/wxPay/getBankPage', { keyword: '100%' }, headers)).data.total).toBe(0);
  });

  it("getProviderCityList gives the provinces, then a province's cities", async () => {
    const provinces = await t.call<{ list: TRegion[] }>('active/wxPay/getProviderCityList', {}, headers);
    expect(provinces.data.list).toHaveLength(31);
    expect(provinces.data.list[0]).toEqual({ code: '110000', name: '北京市' });
    const zhejiang = await t.call<{ list: TRegion[] }>('active/wxPay/getProviderCityList', { province_code: '330000' }, headers);
    expect(zhejiang.data.list.map((c) => c.name)).toEqual([
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
    expect(zhejiang.data.list[0]!.code).toBe('330100');
  });

  it('takes its provinces and cities from the pinned region data', async () => {
    const known = new Map<string, string>();
    const walk = (nodes: ReturnType<typeof regionTree>) => nodes.forEach((n) => (known.set(n.code, n.name), walk(n.children)));
    walk(regionTree());
    const rows = await t.database.query<{ code: string; name: string; parent_code: string | null }>('SELECT code, name, parent_code FROM merchant_regions');
    for (const row of rows) expect(known.get(row.code), row.code).toBe(row.name);
    const cities = async (province: string) =>
      (await t.call<{ list: TRegion[] }>('active/wxPay/getProviderCityList', { province_code: province }, headers)).data.list;
    // A municipality is its own one city; county-level cities under a province are cities for banks.
    expect(await cities('110000')).toEqual([{ code: '110100', name: '北京市' }]);
    expect((await cities('410000')).at(-1)).toEqual({ code: '419001', name: '济源市' });
    expect(await cities('650000')).toContainEqual({ code: '659001', name: '石河子市' });
    expect((await cities('460000')).map((c) => c.name)).toEqual(expect.arrayContaining(['海口市', '儋州市', '五指山市']));
    expect(rows.some((r) => r.name.endsWith('直辖县级行政区划'))).toBe(false);
    expect(rows.filter((r) => r.parent_code === null).map((r) => r.name)).not.toContain('台湾省');
  });

  it("getBranches lists a bank's branches in a city; city banks only in their province", async () => {
    const icbc = await t.call<TPage<TBranch>>('active/wxPay/getBranches', { bank_alias_code: 'ICBC', city_code: '330100' }, headers);
    expect(icbc.data.list[0]).toEqual({ bank_branch_id: '102330100001', bank_branch_name: '中国工商银行股份有限公司杭州分行营业部' });
    expect(icbc.data.total).toBe(3);
    const search = await t.call<TPage<TBranch>>('active/wxPay/getBranches', { bank_alias_code: 'ICBC', city_code: '330100', keyword: '城西' }, headers);
    expect(search.data.list.map((b) => b.bank_branch_name)).toEqual(['中国工商银行股份有限公司杭州城西支行']);
    expect((await t.call<TPage<TBranch>>('active/wxPay/getBranches', { bank_alias_code: 'NBCB', city_code: '330200' }, headers)).data.total).toBe(3);
    expect((await t.call<TPage<TBranch>>('active/wxPay/getBranches', { bank_alias_code: 'NBCB', city_code: '110100' }, headers)).data.total).toBe(0);
  });

  it('answers "400" for bad picker requests and "401" without a login', async () => {
    const bad = await t.call('active/wxPay/getBranches', { bank_alias_code: 'ICBC', city_code: 'hangzhou' }, headers);
    expect(bad.resultCode).toBe('400');
    expect(bad.resultMsg).toBe('city_code: 请选择开户银行所在城市');
    expect((await t.call('active/wxPay/getProviderCityList', { province_code: 33 }, headers)).resultCode).toBe('400');
    expect((await t.call('active/wxPay/getBankPage', { pageSize: 1000 }, headers)).resultCode).toBe('400');
    expect((await t.call('active/wxPay/getBankPage', {})).resultCode).toBe('401');
  });
});
