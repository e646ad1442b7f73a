import { z } from 'zod';
import { isEmail } from '../subjects/text-rules';
import { contract } from './contract';
import { ZRechargeNo } from './recharge';

/**
 * Invoices (issue 46, spec §7 recharge/getInvoiceSaveOrUpdate, getInvoiceInfo, getRevokeInvoice, saveOrderAccount):
 * a request for a paid recharge order — the money that came in; a purchase from the balance spends money already
 * invoiced with its recharge — for the order's paid amount (never a figure from the body), with a 个人 or 企业 title
 * (a company gives its 税号) and the e-mail the invoice goes to. One per order while not revoked; 申请中 until an
 * operator issues it, revocable until then. saveOrderAccount keeps the details to prefill the next request.
 */
const R = 'recharge/';

export const INVOICE_MESSAGES = {
  titleMissing: '请填写发票抬头',
  titleTooLong: '发票抬头不能超过100个字',
  taxMissing: '企业抬头请填写税号',
  taxBad: '税号格式不正确：应为15、17、18或20位数字或大写字母（统一社会信用代码为18位）',
  emailMissing: '请填写接收发票的邮箱',
  emailBad: '请填写正确的邮箱地址',
  notFound: '发票申请不存在',
  orderNotFound: '充值订单不存在',
  orderUnpaid: '只有已支付的充值订单可以申请发票',
  already: '该订单已申请发票，可查看或撤销后重新申请',
  issued: '发票已开具，不能修改或撤销',
  revoked: '该发票申请已撤销',
} as const;

export const INVOICE_STATE_TEXT = { requested: '申请中', issued: '已开票', revoked: '已撤销' } as const;

/** 纳税人识别号: 15, 17, 18 (统一社会信用代码) or 20 digits and capital letters; spaces and case are forgiven. */
export const normaliseTaxNo = (value: string) => value.replace(/\s+/g, '').toUpperCase();
export const isTaxNo = (value: string) => /^(?:[0-9A-Z]{15}|[0-9A-Z]{17,18}|[0-9A-Z]{20})$/.test(value);

export const ZInvoiceTitleType = z.enum(['personal', 'company'], { error: '请选择抬头类型（个人或企业）' });
export const ZInvoiceNo = z.string({ error: '缺少发票申请号' }).regex(/^I\d{20}$/, INVOICE_MESSAGES.notFound);

const detailsShape = {
  titleType: ZInvoiceTitleType,
  title: z.string({ error: INVOICE_MESSAGES.titleMissing }).trim().min(1, INVOICE_MESSAGES.titleMissing).max(100, INVOICE_MESSAGES.titleTooLong),
  taxNo: z.string({ error: INVOICE_MESSAGES.taxBad }).max(40, INVOICE_MESSAGES.taxBad).transform(normaliseTaxNo).optional(),
  email: z
    .string({ error: INVOICE_MESSAGES.emailMissing })
    .trim()
    .min(1, INVOICE_MESSAGES.emailMissing)
    .max(254, INVOICE_MESSAGES.emailBad)
    .refine((email) => isEmail(email), INVOICE_MESSAGES.emailBad),
};

const ZDetailsFields = z.object(detailsShape);
type TDetailsFields = z.output<typeof ZDetailsFields>;

/** The details an invoice is made out with, checked together: a company needs its tax number, a person has none. */
function checkDetails(d: TDetailsFields, ctx: z.RefinementCtx): void {
  if (d.titleType !== 'company') return;
  if (!d.taxNo) ctx.addIssue({ code: 'custom', path: ['taxNo'], message: INVOICE_MESSAGES.taxMissing });
  else if (!isTaxNo(d.taxNo)) ctx.addIssue({ code: 'custom', path: ['taxNo'], message: INVOICE_MESSAGES.taxBad });
}
/** A person's invoice carries no tax number, whatever the form still held. */
const settleDetails = <T extends TDetailsFields>(d: T) => ({ ...d, taxNo: d.titleType === 'company' ? d.taxNo! : null });

export const ZInvoiceDetails = ZDetailsFields.superRefine(checkDetails).transform(settleDetails);
export type TInvoiceDetails = z.output<typeof ZInvoiceDetails>;

export const ZInvoiceState = z.enum(['requested', 'issued', 'revoked']);
export const ZInvoiceAccount = z.object({ titleType: ZInvoiceTitleType, title: z.string(), taxNo: z.string().nullable(), email: z.string() });
export const ZInvoice = ZInvoiceAccount.extend({
  invoiceNo: z.string(),
  orderNo: z.string(),
  amountFen: z.number(),
  state: ZInvoiceState,
  createdAt: z.string(),
  issuedAt: z.string().nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const invoiceCalls = {
  getInvoiceSaveOrUpdate: contract({
    path: `${R}getInvoiceSaveOrUpdate`,
    summary: '申请或修改发票（已支付的充值订单）',
    request: ZDetailsFields.extend({ orderNo: ZRechargeNo }).superRefine(checkDetails).transform(settleDetails),
    response: ZInvoice,
    auth: 'required',
    okMessage: '发票申请已提交',
  }),
  getInvoiceInfo: contract({
    path: `${R}getInvoiceInfo`,
    summary: '查看订单的发票申请与保存的开票信息',
    request: z.object({ orderNo: ZRechargeNo.optional() }),
    response: z.object({ invoice: ZInvoice.nullable(), account: ZInvoiceAccount.nullable() }),
    auth: 'required',
  }),
  getRevokeInvoice: contract({
    path: `${R}getRevokeInvoice`,
    summary: '撤销未开具的发票申请',
    request: z.object({ invoiceNo: ZInvoiceNo }),
    response: ZInvoice,
    auth: 'required',
    okMessage: '发票申请已撤销',
  }),
  saveOrderAccount: contract({
    path: `${R}saveOrderAccount`,
    summary: '保存开票信息（抬头、税号、邮箱）',
    request: ZInvoiceDetails,
    response: ZInvoiceAccount,
    auth: 'required',
    okMessage: '开票信息已保存',
  }),
};
