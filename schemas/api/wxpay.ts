import { z } from 'zod';
import { contract } from './contract';
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
  application: ZMerchantDraft.extend({ out_request_no: z.string() }),
});
export type TApplyDetail = z.infer<typeof ZApplyDetail>;

export const ZOutRequestNoRef = z.object({ out_request_no: ZOutRequestNo });
/** Without a number: the caller's newest application. */
export const ZProviderStatusRequest = z.object({ out_request_no: ZOutRequestNo.optional() });
export const ZNoBody = z.object({}).passthrough();

export const ZProviderDetail = z.object({
  out_request_no: z.string(),
  sub_mchid: z.string(),
  merchant_name: z.string(),
  merchant_shortname: z.string(),
  organization_type: z.string(),
  finished_at: z.string(),
});
export type TProviderDetail = z.infer<typeof ZProviderDetail>;
export const ZProviderCount = z.object({ total: z.number(), auditing: z.number(), rejected: z.number(), to_be_signed: z.number(), finished: z.number() });
export type TProviderCount = z.infer<typeof ZProviderCount>;

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

export const ZBank = z.object({ bank_alias_code: z.string(), bank_alias: z.string(), bank_full_name: z.string(), bank_type: z.string() });
export type TBank = z.infer<typeof ZBank>;
export const ZBranch = z.object({ bank_branch_id: z.string(), bank_branch_name: z.string() });
export type TBranch = z.infer<typeof ZBranch>;
export const ZRegion = z.object({ code: z.string(), name: z.string() });
export type TRegion = z.infer<typeof ZRegion>;
export interface TPage<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
const ZPageOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), total: z.number(), page: z.number(), pageSize: z.number() });

// dev/merchant/*: the sandbox reviewer's calls (development only).
export const ZDevListRequest = z.object({ state: ZApplymentState.optional(), ...ZPage });
export const ZDevRejectRequest = z.object({
  out_request_no: ZOutRequestNo,
  reasons: z.array(ZRejectReason).min(1, '请至少填写一条驳回原因').max(10, '驳回原因最多10条'),
});
export const ZDevApplication = ZApplySummary.extend({ phone: z.string() });
export type TDevApplication = z.infer<typeof ZDevApplication>;

const P = 'active/wxPay';
/** active/wxPay/* (spec §7 "Merchant payment"): merchant onboarding and the pickers' catalogue. */
export const wxPayCalls = {
  getOutRequestNo: contract({
    path: `${P}/getOutRequestNo`,
    summary: '获取申请单号',
    request: ZNoBody,
    response: z.object({ out_request_no: z.string() }),
    auth: 'required',
  }),
  applyMch: contract({
    path: `${P}/applyMch`,
    summary: '提交商户进件申请',
    request: ZApplyMchRequest,
    response: ZApplySummary,
    auth: 'required',
    okMessage: '提交成功',
  }),
  getApplyDetail: contract({ path: `${P}/getApplyDetail`, summary: '进件申请详情', request: ZOutRequestNoRef, response: ZApplyDetail, auth: 'required' }),
  getProviderStatus: contract({
    path: `${P}/getProviderStatus`,
    summary: '进件申请状态',
    request: ZProviderStatusRequest,
    response: ZApplySummary.nullable(),
    auth: 'required',
  }),
  getProviderDetail: contract({
    path: `${P}/getProviderDetail`,
    summary: '已开通的商户信息',
    request: ZNoBody,
    response: ZProviderDetail.nullable(),
    auth: 'required',
  }),
  getProviderCount: contract({ path: `${P}/getProviderCount`, summary: '进件申请统计', request: ZNoBody, response: ZProviderCount, auth: 'required' }),
  getBankPage: contract({ path: `${P}/getBankPage`, summary: '开户银行列表', request: ZBankPageRequest, response: ZPageOf(ZBank), auth: 'required' }),
  getBranches: contract({ path: `${P}/getBranches`, summary: '开户支行列表', request: ZBranchesRequest, response: ZPageOf(ZBranch), auth: 'required' }),
  getProviderCityList: contract({
    path: `${P}/getProviderCityList`,
    summary: '开户银行省市列表',
    request: ZCityListRequest,
    response: z.object({ list: z.array(ZRegion) }),
    auth: 'required',
  }),
};

/** dev/merchant/*: the sandbox reviewer (development only). */
export const devMerchantCalls = {
  list: contract({ path: 'dev/merchant/list', summary: '沙箱审核：申请列表', request: ZDevListRequest, response: ZPageOf(ZDevApplication), auth: 'optional' }),
  detail: contract({ path: 'dev/merchant/detail', summary: '沙箱审核：申请详情', request: ZOutRequestNoRef, response: ZApplyDetail, auth: 'optional' }),
  approve: contract({
    path: 'dev/merchant/approve',
    summary: '沙箱审核：通过',
    request: ZOutRequestNoRef,
    response: ZApplyDetail,
    auth: 'optional',
    okMessage: '已通过审核',
  }),
  sign: contract({
    path: 'dev/merchant/sign',
    summary: '沙箱审核：完成签约',
    request: ZOutRequestNoRef,
    response: ZApplyDetail,
    auth: 'optional',
    okMessage: '已完成签约',
  }),
  reject: contract({
    path: 'dev/merchant/reject',
    summary: '沙箱审核：驳回',
    request: ZDevRejectRequest,
    response: ZApplyDetail,
    auth: 'optional',
    okMessage: '已驳回',
  }),
};
