import type { TBank, TBranch, TPage, TRegion } from '../../../schemas/api/wxpay';
import type { Query } from '../../db/client';
import { likePattern } from '../projects/projects.service';
import { col, defineSql } from '../../db/sql';

/** The seeded catalogue behind the bank, branch and city pickers. */

const KIND_NAMES: Record<string, string> = { national: '国有银行', joint: '股份制银行', city: '城商行/农商行' };

const bankPageSql = defineSql(
  'merchant-catalog.bankPage',
  { code: col.text, name: col.text, full_name: col.text, kind: col.text, total: col.bigint },
  `SELECT code, name, full_name, kind, count(*) OVER () AS total FROM merchant_banks
     WHERE ($1::text IS NULL OR name ILIKE $1 OR full_name ILIKE $1 OR code ILIKE $1) ORDER BY sort LIMIT $2 OFFSET $3`,
);

export async function bankPage(query: Query, filter: { keyword?: string; page: number; pageSize: number }): Promise<TPage<TBank>> {
  const rows = await bankPageSql.run(query, [likePattern(filter.keyword), filter.pageSize, (filter.page - 1) * filter.pageSize]);
  return {
    list: rows.map((r) => ({ bank_alias_code: r.code, bank_alias: r.name, bank_full_name: r.full_name, bank_type: KIND_NAMES[r.kind] ?? r.kind })),
    total: Number(rows[0]?.total ?? 0),
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

const branchesSql = defineSql(
  'merchant-catalog.branches',
  { id: col.text, name: col.text, total: col.bigint },
  `SELECT id, name, count(*) OVER () AS total FROM merchant_bank_branches
     WHERE bank_code = $1 AND city_code = $2 AND ($3::text IS NULL OR name ILIKE $3) ORDER BY sort, id LIMIT $4 OFFSET $5`,
);

export async function branches(
  query: Query,
  filter: { bank_alias_code: string; city_code: string; keyword?: string; page: number; pageSize: number },
): Promise<TPage<TBranch>> {
  const rows = await branchesSql.run(query, [
    filter.bank_alias_code,
    filter.city_code,
    likePattern(filter.keyword),
    filter.pageSize,
    (filter.page - 1) * filter.pageSize,
  ]);
  return {
    list: rows.map((r) => ({ bank_branch_id: r.id, bank_branch_name: r.name })),
    total: Number(rows[0]?.total ?? 0),
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/** Provinces without a code; the cities of a province with one. */
export async function regionList(query: Query, provinceCode?: string): Promise<{ list: TRegion[] }> {
  const rows = await query<TRegion>(
    provinceCode
      ? 'SELECT code, name FROM merchant_regions WHERE parent_code = $1 ORDER BY sort'
      : 'SELECT code, name FROM merchant_regions WHERE parent_code IS NULL ORDER BY sort',
    provinceCode ? [provinceCode] : [],
  );
  return { list: rows };
}
