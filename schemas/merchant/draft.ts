import { z } from 'zod';
import { MAINLAND_IDCARD, MAX_FINANCE_PICS, MAX_UBO } from './constants';

/**
 * The merchant onboarding document (spec §3): the same shape in browser storage, in the form, in `applyMch`
 * and in the database. This schema checks only shape and size; the rules with their messages are rules.ts.
 * Every field defaults to empty, so a half-filled draft parses.
 */

/** A picture travels as a small data URL (the form shrinks photos to well under this). */
export const PICTURE_MAX_CHARS = 700_000;
const PICTURE_TOO_BIG = '图片过大，请上传 500KB 以内的图片';

const text = (max = 128) => z.string().trim().max(max, `最多${max}个字`).default('');
const picture = () => z.string().max(PICTURE_MAX_CHARS, PICTURE_TOO_BIG).default('');
const date = () => z.string().max(10, '日期格式不正确').default('');

export const ZBusinessLicenseInfo = z.object({
  /** Chosen on the first step; kept here because the subject type is the licence's subject. */
  organization_type: z.string().max(8).default(''),
  finance_institution: z.boolean().default(false),
  business_license_copy: picture(),
  business_license_number: text(32),
  merchant_name: text(128),
  legal_person: text(64),
  company_address: text(256),
  /** [start, end]; end is a date or 长期. */
  business_time: z.array(date()).max(2).default(['', '']),
});

export const ZFinanceInstitutionInfo = z.object({
  finance_type: text(32),
  finance_license_pics: z.array(picture()).max(MAX_FINANCE_PICS, `最多上传${MAX_FINANCE_PICS}张`).default([]),
});

export const ZIdCardInfo = z.object({
  id_card_copy: picture(),
  id_card_national: picture(),
  id_card_name: text(64),
  id_card_number: text(32),
  id_card_address: text(256),
  id_card_valid_time_begin: date(),
  /** A date or 长期. */
  id_card_valid_time: date(),
});

export const ZIdDocInfo = z.object({
  /** Which document the operator shows; the mainland ID card (the default) uses id_card_info. */
  id_doc_type: z.string().trim().max(64).default(MAINLAND_IDCARD),
  id_doc_name: text(64),
  id_doc_number: text(64),
  id_doc_copy: picture(),
  id_doc_copy_back: picture(),
  doc_period_begin: date(),
  doc_period_end: date(),
});

export const ZAccountInfo = z.object({
  bank_account_type: text(64),
  /** The bank's short name (工商银行) and its code in the bank list. */
  account_bank: text(64),
  bank_alias_code: text(32),
  account_name: text(128),
  /** The city of the opening branch (6-digit area code). */
  bank_address_code: text(12),
  bank_branch_id: text(32),
  /** The opening branch's full name. */
  bank_name: text(128),
  account_number: text(40),
});

export const ZContactInfo = z.object({
  contact_type: text(8),
  contact_name: text(64),
  contact_id_card_number: text(32),
  mobile_phone: text(32),
  contact_email: text(128),
});

export const ZSalesSceneInfo = z.object({
  store_name: text(128),
  merchant_shortname: text(64),
  store_url: text(512),
  store_qr_code: picture(),
});

export const ZSettlementInfo = z.object({
  settlement_id: text(16),
  qualification_type: text(64),
});

export const ZUboInfo = z.object({
  ubo_id_doc_type: text(64),
  ubo_id_doc_name: text(64),
  ubo_id_doc_number: text(64),
  ubo_id_doc_address: text(256),
  ubo_period_begin: date(),
  ubo_period_end: date(),
  ubo_id_doc_copy: picture(),
  ubo_id_doc_copy_back: picture(),
});

export const ZMerchantDraft = z.object({
  out_request_no: z.string().max(64).default(''),
  business_license_info: ZBusinessLicenseInfo.default(() => ZBusinessLicenseInfo.parse({})),
  finance_institution_info: ZFinanceInstitutionInfo.default(() => ZFinanceInstitutionInfo.parse({})),
  id_card_info: ZIdCardInfo.default(() => ZIdCardInfo.parse({})),
  id_doc_info: ZIdDocInfo.default(() => ZIdDocInfo.parse({})),
  account_info: ZAccountInfo.default(() => ZAccountInfo.parse({})),
  contact_info: ZContactInfo.default(() => ZContactInfo.parse({})),
  sales_scene_info: ZSalesSceneInfo.default(() => ZSalesSceneInfo.parse({})),
  settlement_info: ZSettlementInfo.default(() => ZSettlementInfo.parse({})),
  ubo_info_list: z.array(ZUboInfo).max(MAX_UBO, `受益所有人最多${MAX_UBO}位`).default([]),
});

export type TMerchantDraft = z.infer<typeof ZMerchantDraft>;
export type TUboInfo = z.infer<typeof ZUboInfo>;
export type TDraftSection = Exclude<keyof TMerchantDraft, 'out_request_no'>;

/** The sections kept in browser storage under their own names (spec §3), in form order. */
export const DRAFT_SECTIONS = [
  'business_license_info',
  'finance_institution_info',
  'id_card_info',
  'id_doc_info',
  'account_info',
  'contact_info',
  'sales_scene_info',
  'settlement_info',
  'ubo_info_list',
] as const satisfies readonly TDraftSection[];

export const emptyDraft = (): TMerchantDraft => ZMerchantDraft.parse({});
export const emptyUbo = (): TUboInfo => ZUboInfo.parse({ ubo_id_doc_type: MAINLAND_IDCARD });

/** A stored section read back: what parses is kept, anything else starts empty (never a crash on old data). */
export function restoreSection<K extends TDraftSection>(key: K, raw: unknown): TMerchantDraft[K] {
  const parsed = ZMerchantDraft.shape[key].safeParse(raw);
  return (parsed.success ? parsed.data : ZMerchantDraft.shape[key].parse(undefined)) as TMerchantDraft[K];
}
