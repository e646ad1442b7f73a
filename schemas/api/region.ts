import { z } from 'zod';
import { contract } from './contract';

/** GB/T 2260 administrative code: six digits. */
export const ZAreaCode = z.string({ error: '地区编码应为6位数字' }).regex(/^\d{6}$/, '地区编码应为6位数字');

/**
 * question/region/getAreaList (spec §7): without `parentCode` the provinces, with one the children of that
 * province (cities) or city (districts). A place with no children below it answers an empty list.
 */
export const ZAreaListRequest = z.object({ parentCode: ZAreaCode.optional() });
export type TAreaListRequest = z.infer<typeof ZAreaListRequest>;

export const ZArea = z.object({ code: ZAreaCode, name: z.string() });
export type TArea = z.infer<typeof ZArea>;

export const ZAreaList = z.array(ZArea);

export const AREA_NOT_FOUND = '地区不存在';

export const regionCalls = {
  getAreaList: contract({ path: 'question/region/getAreaList', summary: '省市区列表', request: ZAreaListRequest, response: ZAreaList, auth: 'optional' }),
};
