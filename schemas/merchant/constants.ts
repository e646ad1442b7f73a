/**
 * Merchant onboarding (spec §3 "Merchant onboarding form", §4, §5): the fixed lists of the form, zod-free so
 * machines and small bundles can read them. Field names follow the spec and the WeChat Pay applyment
 * documents they come from; the sandbox's own codes are marked as such.
 */

/** Subject types: 小微商户 has no business licence; 企业 may be a finance institution and has beneficial owners. */
export const ORGANIZATION_TYPES = [
  { code: '4', name: '个体工商户', hint: '有营业执照，经营者为个人' },
  { code: '2', name: '企业', hint: '有营业执照的公司、合伙企业等' },
  { code: '2401', name: '小微商户', hint: '无营业执照，以个人身份经营' },
] as const;
export type TOrganizationType = (typeof ORGANIZATION_TYPES)[number]['code'];
export const organizationName = (code: string): string => ORGANIZATION_TYPES.find((o) => o.code === code)?.name ?? '';

/** The steps in order; which ones a draft shows depends on its subject type (rules.ts `visibleSteps`). */
export const STEP_KEYS = ['subject', 'license', 'finance', 'identity', 'account', 'contact', 'scene', 'settlement', 'ubo', 'review'] as const;
export type TStepKey = (typeof STEP_KEYS)[number];

export const STEP_TITLES: Record<TStepKey, string> = {
  subject: '主体类型',
  license: '营业执照',
  finance: '金融机构',
  identity: '经营者证件',
  account: '结算账户',
  contact: '联系人',
  scene: '经营场景',
  settlement: '结算规则',
  ubo: '受益所有人',
  review: '确认提交',
};

/** The draft section each step writes (the review step writes none). */
export const STEP_SECTIONS: Record<TStepKey, readonly string[]> = {
  subject: ['business_license_info.organization_type', 'business_license_info.finance_institution'],
  license: ['business_license_info'],
  finance: ['finance_institution_info'],
  identity: ['id_card_info', 'id_doc_info'],
  account: ['account_info'],
  contact: ['contact_info'],
  scene: ['sales_scene_info'],
  settlement: ['settlement_info'],
  ubo: ['ubo_info_list'],
  review: [],
};

export const ID_DOC_TYPES = [
  { code: 'IDENTIFICATION_TYPE_MAINLAND_IDCARD', name: '中国大陆居民身份证' },
  { code: 'IDENTIFICATION_TYPE_OVERSEA_PASSPORT', name: '其他国家或地区居民护照' },
  { code: 'IDENTIFICATION_TYPE_HONGKONG_PASSPORT', name: '港澳居民来往内地通行证（香港）' },
  { code: 'IDENTIFICATION_TYPE_MACAO_PASSPORT', name: '港澳居民来往内地通行证（澳门）' },
  { code: 'IDENTIFICATION_TYPE_TAIWAN_PASSPORT', name: '台湾居民来往大陆通行证' },
] as const;
export const MAINLAND_IDCARD = 'IDENTIFICATION_TYPE_MAINLAND_IDCARD';
export const idDocName = (code: string): string => ID_DOC_TYPES.find((d) => d.code === code)?.name ?? '';

export const FINANCE_TYPES = [
  { code: 'BANK_AGENT', name: '银行业' },
  { code: 'PAYMENT_AGENT', name: '支付机构' },
  { code: 'INSURANCE', name: '保险业' },
  { code: 'TRADE_AND_SETTLE', name: '交易及结算类金融机构' },
  { code: 'OTHER', name: '其他金融机构' },
] as const;
export const financeTypeName = (code: string): string => FINANCE_TYPES.find((f) => f.code === code)?.name ?? '';

export const ACCOUNT_TYPES = [
  { code: 'BANK_ACCOUNT_TYPE_CORPORATE', name: '对公银行账户' },
  { code: 'BANK_ACCOUNT_TYPE_PERSONAL', name: '经营者个人银行卡' },
] as const;
export const accountTypeName = (code: string): string => ACCOUNT_TYPES.find((a) => a.code === code)?.name ?? '';

/** Which account types a subject may settle to: enterprises a corporate account, 小微商户 a personal card. */
export const ACCOUNT_TYPES_BY_ORGANIZATION: Record<string, readonly string[]> = {
  '2': ['BANK_ACCOUNT_TYPE_CORPORATE'],
  '4': ['BANK_ACCOUNT_TYPE_CORPORATE', 'BANK_ACCOUNT_TYPE_PERSONAL'],
  '2401': ['BANK_ACCOUNT_TYPE_PERSONAL'],
};

/** The account types `organizationType` may settle to; undefined for a type not in the table (never a key of Object's prototype). */
export const accountTypesFor = (organizationType: string): readonly string[] | undefined =>
  Object.prototype.hasOwnProperty.call(ACCOUNT_TYPES_BY_ORGANIZATION, organizationType) ? ACCOUNT_TYPES_BY_ORGANIZATION[organizationType] : undefined;

export const CONTACT_TYPES = [
  { code: '65', name: '经营者/法定代表人' },
  { code: '66', name: '经办人' },
] as const;

/** Settlement rules of the built-in sandbox (a real provider answers its own list): id, who may use it, rate, industries. */
export const SETTLEMENT_RULES = [
  { id: '719', name: '实物商品', rate: '0.6%', organizations: ['2', '4'], industries: ['餐饮', '零售批发', '食品生鲜', '服饰箱包', '家居百货'] },
  { id: '720', name: '虚拟商品与服务', rate: '0.6%', organizations: ['2', '4'], industries: ['教育培训', '软件与信息服务', '文化娱乐', '生活服务'] },
  { id: '716', name: '公益与民生', rate: '0.2%', organizations: ['2'], industries: ['公共事业缴费', '医疗机构', '民办学校'] },
  { id: '721', name: '小微经营', rate: '0.6%', organizations: ['2401'], industries: ['餐饮', '零售', '生活服务', '个人技能服务'] },
] as const;
export const settlementRule = (id: string) => SETTLEMENT_RULES.find((r) => r.id === id);
export const settlementRulesFor = (organizationType: string) =>
  SETTLEMENT_RULES.filter((r) => (r.organizations as readonly string[]).includes(organizationType));

/** Spec §4 and the review flow: where an application is. */
export const APPLYMENT_STATES = ['SUBMITTED', 'AUDITING', 'REJECTED', 'TO_BE_SIGNED', 'FINISHED'] as const;
export type TApplymentState = (typeof APPLYMENT_STATES)[number];
export const APPLYMENT_STATE_NAMES: Record<TApplymentState, string> = {
  SUBMITTED: '已提交',
  AUDITING: '审核中',
  REJECTED: '已驳回',
  TO_BE_SIGNED: '待签约',
  FINISHED: '已完成',
};

/** The validity end date value meaning "no end" (身份证长期有效, 营业期限长期). */
export const LONG_TERM = '长期';
/** Beneficial owners an enterprise may list. */
export const MAX_UBO = 4;
/** Finance licence pictures. */
export const MAX_FINANCE_PICS = 5;
