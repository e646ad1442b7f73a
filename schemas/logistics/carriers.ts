/**
 * Shipping (物流, issue 49 item 6): the carriers a creator ships with — a fixed list of common Chinese carriers,
 * stored by code — and the tracking number's form. Zod-free: the phone's order page reads the names too.
 */
export const CARRIERS = [
  { code: 'SF', name: '顺丰速运', short: '顺丰' },
  { code: 'ZTO', name: '中通快递', short: '中通' },
  { code: 'YTO', name: '圆通速递', short: '圆通' },
  { code: 'YD', name: '韵达快递', short: '韵达' },
  { code: 'STO', name: '申通快递', short: '申通' },
  { code: 'JT', name: '极兔速递', short: '极兔' },
  { code: 'JD', name: '京东物流', short: '京东' },
  { code: 'EMS', name: 'EMS', short: 'EMS' },
  { code: 'POST', name: '中国邮政', short: '邮政' },
  { code: 'OTHER', name: '其他', short: '其他' },
] as const;
export type TCarrierCode = (typeof CARRIERS)[number]['code'];
export const CARRIER_CODES = CARRIERS.map((c) => c.code) as [TCarrierCode, ...TCarrierCode[]];

/** The carrier's name for its code ('' for none). */
export const carrierName = (code: string | null | undefined): string => CARRIERS.find((c) => c.code === code)?.name ?? '';

/** A carrier as a sheet names it: its code, or any name holding its short name (顺丰, 中通快递, 中国邮政, ems…). */
export function carrierOf(text: string): TCarrierCode | null {
  const t = text.trim().toUpperCase();
  if (!t) return null;
  const hit = CARRIERS.find((c) => c.code === t || t.includes(c.short));
  return hit?.code ?? null;
}

/** 6–32 letters or digits (顺丰 SF1234567890123, 中通 78xxxxxxxxxx, EMS E…CN). */
export const TRACKING_NO = /^[A-Za-z0-9]{6,32}$/;

export const LOGISTICS_MESSAGES = {
  trackingNo: '快递单号应为6–32位字母或数字',
  carrier: '请选择快递公司',
  unknownCarrier: '快递公司不在支持的列表中',
  notPaid: '未支付的订单不能发货',
  wrongState: (state: string) => `订单当前为「${state}」，不能发货`,
  notFound: '订单不存在',
  noRows: '表格中没有可发货的行',
  tooMany: '一次最多导入 2000 行',
} as const;
