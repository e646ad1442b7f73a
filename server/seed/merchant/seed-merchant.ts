import type { Database, Query } from '../../db/client';
import { BANKS, BRANCH_PATTERNS } from './banks';
import { regionRows } from './regions';

export const MERCHANT_SEED_MARKER = 'seed:merchant';

const ETHNIC = /(朝鲜族|土家族|苗族|侗族|布依族|藏族|羌族|彝族|哈尼族|壮族|傣族|白族|景颇族|傈僳族|回族|蒙古族|蒙古|柯尔克孜|哈萨克)$/;

/** How banks name a city in a branch name: 延边朝鲜族自治州 → 延边, 大兴安岭地区 → 大兴安岭, 杭州市 → 杭州. */
export function shortCityName(name: string): string {
  let short = name.replace(/(自治州|地区|林区|盟|市)$/, '');
  while (ETHNIC.test(short)) short = short.replace(ETHNIC, '');
  return short || name;
}

/** Banks, provinces and cities, and the sandbox's branches: written once per database (a `meta` row marks it). */
export async function seedMerchantData(database: Database): Promise<void> {
  await database.transaction(async (query) => {
    const claimed = await query(`INSERT INTO meta (key, value) VALUES ($1, '1') ON CONFLICT (key) DO NOTHING RETURNING key`, [MERCHANT_SEED_MARKER]);
    if (!claimed.length) return;
    await insertBanks(query);
    const regions = regionRows();
    await query(`INSERT INTO merchant_regions (code, name, parent_code, sort) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])`, [
      regions.map((r) => r.code),
      regions.map((r) => r.name),
      regions.map((r) => r.parentCode),
      regions.map((r) => r.sort),
    ]);
    await insertBranches(query, regions.filter((r) => r.parentCode !== null) as Array<{ code: string; name: string; parentCode: string }>);
  });
}

async function insertBanks(query: Query): Promise<void> {
  await query(
    `INSERT INTO merchant_banks (code, name, full_name, kind, cnaps, province_code, sort)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[])`,
    [
      BANKS.map((b) => b.code),
      BANKS.map((b) => b.name),
      BANKS.map((b) => b.fullName),
      BANKS.map((b) => b.kind),
      BANKS.map((b) => b.cnaps),
      BANKS.map((b) => b.provinceCode),
      BANKS.map((_, i) => i),
    ],
  );
}

/** 12-digit ids: bank category (3) + city (6) + bank's place in the list (2) + branch (1). */
async function insertBranches(query: Query, cities: Array<{ code: string; name: string; parentCode: string }>): Promise<void> {
  const rows: Array<[string, string, string, string, number]> = [];
  BANKS.forEach((bank, bankIndex) => {
    for (const city of cities) {
      if (bank.provinceCode && city.parentCode !== bank.provinceCode) continue;
      BRANCH_PATTERNS.forEach((pattern, i) => {
        const id = `${bank.cnaps}${city.code}${String(bankIndex).padStart(2, '0')}${i + 1}`;
        rows.push([id, bank.code, city.code, bank.fullName + pattern.replace('{city}', shortCityName(city.name)), i]);
      });
    }
  });
  await query(
    `INSERT INTO merchant_bank_branches (id, bank_code, city_code, name, sort) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[])`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3]), rows.map((r) => r[4])],
  );
}
