import { z } from 'zod';
import { APPLYMENT_STATES, STEP_KEYS } from '../merchant/constants';
import { ZMerchantDraft, type TMerchantDraft } from '../merchant/draft';
import { MERCHANT_MESSAGES } from '../merchant/messages';
import { applicableDraft, draftProblems, isPictureDataUrl } from '../merchant/rules';

/** Requests and responses of active/wxPay/* (spec §7 "Merchant payment") and the sandbox's dev/merchant/*. */

export const ZOutRequestNo = z.string({ error: MERCHANT_MESSAGES.outRequestNo }).regex(/^[A-Za-z0-9_-]{8,64}$/, MERCHANT_MESSAGES.outRequestNo);

/** Every picture of an application with its path. */
export function picturesOf(draft: TMerchantDraft): Array<[string, string]> {
  const list: Array<[string, string]> = [
    ['business_license_info.business_license_copy', draft.business_license_info.business_license_copy],
    ['id_card_info.id_card_copy', draft.id_card_info.id_card_copy],
    ['id_card_info.id_card_national', draft.id_card_info.id_card_national],
    ['id_doc_info.id_doc_copy', draft.id_doc_info.id_doc_copy],
    ['id_doc_info.id_doc_copy_back', draft.id_doc_info.id_doc_copy_back],
    ['sales_scene_info.store_qr_code', draft.sales_scene_info.store_qr_code],
  ];
  draft.finance_institution_info.finance_license_pics.forEach((pic, i) => list.push([`finance_institution_info.finance_license_pics.${i}`, pic]));
  draft.ubo_info_list.forEach((ubo, i) => {
    list.push([`ubo_info_list.${i}.ubo_id_doc_copy`, ubo.ubo_id_doc_copy]);
    list.push([`ubo_info_list.${i}.ubo_id_doc_copy_back`, ubo.ubo_id_doc_copy_back]);
  });
  return list.filter(([, value]) => value !== '');
}

/**
 * applyMch: the whole application, checked with the form's own rules (one "400" naming the first failing
 * field); sections the subject type does not use are dropped before it is stored.
 */
export const ZApplyMchRequest = ZMerchantDraft.extend({ out_request_no: ZOutRequestNo })
  .transform((draft) => applicableDraft(draft))
  .superRefine((draft, ctx) => {
    for (const problem of draftProblems(draft)) ctx.addIssue({ code: 'custom', path: problem.path.split('.'), message: problem.message });
    for (const [path, value] of picturesOf(draft)) {
      if (!isPictureDataUrl(value)) ctx.addIssue({ code: 'custom', path: path.split('.'), message: MERCHANT_MESSAGES.pictureFormat });
    }
  });
export type TMerchantApplication = z.output<typeof ZApplyMchRequest>;

export const ZApplymentState = z.enum(APPLYMENT_STATES);
export const ZStepKey = z.enum(STEP_KEYS);

/** A reviewer's reason, naming the step to fix (and the field when known). */
export const ZRejectReason = z.object({
  step: ZStepKey,
  field: z.string().max(128).optional(),
  reason: z.string().trim().min(1, '请填写驳回原因').max(200, '驳回原因最多200字'),
});
export type TRejectReason = z.infer<typeof ZRejectReason>;

export const ZApplySummary = z.object({
  out_request_no: z.string(),
  applyment_id: z.string(),
  applyment_state: ZApplymentState,
  applyment_state_desc: z.string(),
  merchant_name: z.string(),
  organization_type: z.string(),
  reject_reasons: z.array(ZRejectReason),
  sign_url: z.string().nullable(),
  sub_mchid: z.string().nullable(),
  submit_count: z.number().int(),
  submitted_at: z.string(),
  updated_at: z.string(),
});
export type TApplySummary = z.infer<typeof ZApplySummary>;

export const ZApplyEvent = z.object({
  kind: z.string(),
  state: ZApplymentState,
  desc: z.string(),
  reasons: z.array(ZRejectReason),
  at: z.string(),
});
export type TApplyEvent = z.infer<typeof ZApplyEvent>;

export const ZApplyDetail = ZApplySummary.extend({
  history: z.array(ZApplyEvent),
  application: z.custom<TMerchantApplication>(),
});
export type TApplyDetail = z.infer<typeof ZApplyDetail>;

export const ZOutRequestNoRef = z.object({ out_request_no: ZOutRequestNo });
/** Without a number: the caller's newest application. */
export const ZProviderStatusRequest = z.object({ out_request_no: ZOutRequestNo.optional() });
export const ZNoBody = z.object({}).passthrough();

export interface TProviderDetail {
  out_request_no: string;
  sub_mchid: string;
  merchant_name: string;
  merchant_shortname: string;
  organization_type: string;
  finished_at: string;
}
export interface TProviderCount {
  total: number;
  auditing: number;
  rejected: number;
  to_be_signed: number;
  finished: number;
}

const ZPage = {
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};
const ZKeyword = z.string().trim().max(32, '关键词最多32个字').optional();

export const ZBankPageRequest = z.object({ keyword: ZKeyword, ...ZPage });
export const ZBranchesRequest = z.object({
  bank_alias_code: z.string({ error: '请选择开户银行' }).regex(/^[A-Z0-9]{2,16}$/, '请选择开户银行'),
  city_code: z.string({ error: '请选择开户银行所在城市' }).regex(/^\d{6}$/, '请选择开户银行所在城市'),
  keyword: ZKeyword,
  ...ZPage,
});
export const ZCityListRequest = z.object({
  province_code: z
    .string()
    .regex(/^\d{6}$/, '省份编码格式不正确')
    .optional(),
});

export interface TBank {
  bank_alias_code: string;
  bank_alias: string;
  bank_full_name: string;
  bank_type: string;
}
export interface TBranch {
  bank_branch_id: string;
  bank_branch_name: string;
}
export interface TRegion {
  code: string;
  name: string;
}
export interface TPage<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

// dev/merchant/*: the sandbox reviewer's calls (development only).
export const ZDevListRequest = z.object({ state: ZApplymentState.optional(), ...ZPage });
export const ZDevRejectRequest = z.object({
  out_request_no: ZOutRequestNo,
  reasons: z.array(ZRejectReason).min(1, '请至少填写一条驳回原因').max(10, '驳回原因最多10条'),
});
export interface TDevApplication extends TApplySummary {
  phone: string;
}
