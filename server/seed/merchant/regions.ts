import type { merchantRegions } from '../../db/tables-merchant';
import { regionTree } from '../../services/projects/regions.service';

/**
 * Provinces and cities for the bank city picker (account_info.bank_address_code), seeded from the pinned region
 * data (server/services/projects/regions.service.ts): the 31 mainland provinces; a municipality is its own one city
 * (`110100 北京市`); county-level cities and counties directly under a province (济源, 仙桃, 五指山, 石河子 …)
 * are listed as cities, as banks list them.
 */
export type TRegionRow = typeof merchantRegions.$inferSelect;

/** 台湾, 香港 and 澳门 have no mainland bank accounts. */
const OUTSIDE_MAINLAND = new Set(['71', '81', '82']);

export function regionRows(): TRegionRow[] {
  const provinces = regionTree().filter((province) => !OUTSIDE_MAINLAND.has(province.code.slice(0, 2)));
  return provinces.flatMap((province, p) => {
    const cities = province.children.flatMap((city) => (city.name.endsWith('直辖县级行政区划') ? city.children : [city]));
    return [
      { code: province.code, name: province.name, parentCode: null, sort: p },
      ...cities.map((city, c) => ({ code: city.code, name: city.name, parentCode: province.code, sort: c })),
    ];
  });
}
