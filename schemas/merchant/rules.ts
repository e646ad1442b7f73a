import { cloneJson } from '../random-id';
import { isMobile } from '../phone';
import { accountTypesFor, LONG_TERM, MAINLAND_IDCARD, STEP_KEYS, settlementRule, type TStepKey } from './constants';
import { isBusinessLicenseNumber } from './credit-code';
import type { TMerchantDraft, TUboInfo } from './draft';
import { isIdCardNumber } from './id-card';
import { MERCHANT_MESSAGES as M } from './messages';

/**
 * The rules of the merchant form (spec §5), pure and shared: the form checks a step before "next", the
 * server checks the whole application in `applyMch`. A problem is `path → message`, the path in the draft.
 */
export type TProblems = Record<string, string>;
export interface TRuleOptions {
  /** Today, for "not in the future" and "not expired" (tests pass a fixed day). */
  today?: Date;
}

/** Numeric inputs keep digits only (spec §5); full-width digits typed with a Chinese IME count as digits. */
export const digitsOnly = (input: string): string =>
  input.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/\D+/g, '');

const blank = (value: string | undefined) => !value || !value.trim();

/** Which steps a draft shows: no licence for 小微商户, finance only for finance institutions, owners for enterprises. */
export function visibleSteps(draft: TMerchantDraft): TStepKey[] {
  const { organization_type: type, finance_institution: finance } = draft.business_license_info;
  return STEP_KEYS.filter((key) => {
    if (key === 'license') return type !== '2401';
    if (key === 'finance') return type === '2' && finance;
    if (key === 'ubo') return type === '2';
    return true;
  });
}

const isoDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** YYYY-MM-DD naming a real calendar day. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

interface TPeriodMessages {
  begin: string;
  end: string;
  expired: string;
}
const ID_PERIOD: TPeriodMessages = { begin: M.validBegin, end: M.validEnd, expired: M.expired };

/** A validity period: start not in the future, end a date after the start (and not past) or 长期. */
export function periodProblems(begin: string, end: string, paths: [string, string], today: Date, messages = ID_PERIOD): TProblems {
  const problems: TProblems = {};
  const day = isoDay(today);
  if (blank(begin)) problems[paths[0]] = messages.begin;
  else if (!isIsoDate(begin)) problems[paths[0]] = M.dateFormat;
  else if (begin > day) problems[paths[0]] = M.validBeginFuture;
  if (blank(end)) problems[paths[1]] = messages.end;
  else if (end !== LONG_TERM) {
    if (!isIsoDate(end)) problems[paths[1]] = M.dateFormat;
    else if (isIsoDate(begin) && end <= begin) problems[paths[1]] = M.validEndBeforeBegin;
    else if (end < day) problems[paths[1]] = messages.expired;
  }
  return problems;
}

/** Pictures: only that one was uploaded (spec §5); the server also checks the format (pictureFormatProblem). */
const needPicture = (problems: TProblems, path: string, value: string) => {
  if (blank(value)) problems[path] = M.picture;
};
const need = (problems: TProblems, path: string, value: string, message: string) => {
  if (blank(value)) problems[path] = message;
};

function subjectProblems(draft: TMerchantDraft): TProblems {
  const type = draft.business_license_info.organization_type;
  return accountTypesFor(type) ? {} : { 'business_license_info.organization_type': M.organizationType };
}

function licenseProblems(draft: TMerchantDraft, today: Date): TProblems {
  const info = draft.business_license_info;
  const p: TProblems = {};
  const at = (field: string) => `business_license_info.${field}`;
  needPicture(p, at('business_license_copy'), info.business_license_copy);
  if (!isBusinessLicenseNumber(info.business_license_number)) p[at('business_license_number')] = M.licenseNumber;
  need(p, at('merchant_name'), info.merchant_name, M.licenseName);
  need(p, at('legal_person'), info.legal_person, M.legalPerson);
  need(p, at('company_address'), info.company_address, M.companyAddress);
  const [begin = '', end = ''] = info.business_time;
  Object.assign(
    p,
    periodProblems(begin, end, [at('business_time.0'), at('business_time.1')], today, {
      begin: M.businessBegin,
      end: M.businessEnd,
      expired: M.licenseExpired,
    }),
  );
  return p;
}

function financeProblems(draft: TMerchantDraft): TProblems {
  const info = draft.finance_institution_info;
  const p: TProblems = {};
  need(p, 'finance_institution_info.finance_type', info.finance_type, M.financeType);
  if (!info.finance_license_pics.some((pic) => !blank(pic))) p['finance_institution_info.finance_license_pics'] = M.picture;
  return p;
}

export const isMainlandIdCard = (draft: TMerchantDraft) => (draft.id_doc_info.id_doc_type || MAINLAND_IDCARD) === MAINLAND_IDCARD;

function identityProblems(draft: TMerchantDraft, today: Date): TProblems {
  const p: TProblems = {};
  if (isMainlandIdCard(draft)) {
    const info = draft.id_card_info;
    const at = (field: string) => `id_card_info.${field}`;
    needPicture(p, at('id_card_copy'), info.id_card_copy);
    needPicture(p, at('id_card_national'), info.id_card_national);
    need(p, at('id_card_name'), info.id_card_name, M.idCardName);
    if (blank(info.id_card_number)) p[at('id_card_number')] = M.idCardNumberEmpty;
    else if (!isIdCardNumber(info.id_card_number, today)) p[at('id_card_number')] = M.idCardNumber;
    Object.assign(p, periodProblems(info.id_card_valid_time_begin, info.id_card_valid_time, [at('id_card_valid_time_begin'), at('id_card_valid_time')], today));
    return p;
  }
  const info = draft.id_doc_info;
  const at = (field: string) => `id_doc_info.${field}`;
  needPicture(p, at('id_doc_copy'), info.id_doc_copy);
  need(p, at('id_doc_name'), info.id_doc_name, M.idDocName);
  if (!/^[A-Za-z0-9]{5,30}$/.test(info.id_doc_number.trim())) p[at('id_doc_number')] = M.idDocNumber;
  Object.assign(p, periodProblems(info.doc_period_begin, info.doc_period_end, [at('doc_period_begin'), at('doc_period_end')], today));
  return p;
}

/** The operator's name on the document step, whichever document it is. */
export const operatorName = (draft: TMerchantDraft): string =>
  (isMainlandIdCard(draft) ? draft.id_card_info.id_card_name : draft.id_doc_info.id_doc_name).trim();

/** The name a corporate account must carry: the licence name (小微商户 have none). */
const licenseName = (draft: TMerchantDraft) => draft.business_license_info.merchant_name.trim();

function accountProblems(draft: TMerchantDraft): TProblems {
  const info = draft.account_info;
  const p: TProblems = {};
  const at = (field: string) => `account_info.${field}`;
  const allowed = accountTypesFor(draft.business_license_info.organization_type) ?? [];
  if (blank(info.bank_account_type)) p[at('bank_account_type')] = M.accountType;
  else if (!allowed.includes(info.bank_account_type)) p[at('bank_account_type')] = M.accountTypeNotAllowed;
  if (blank(info.account_name)) p[at('account_name')] = M.accountName;
  else if (info.bank_account_type === 'BANK_ACCOUNT_TYPE_CORPORATE' && licenseName(draft) && info.account_name.trim() !== licenseName(draft)) {
    p[at('account_name')] = M.accountNameCorporate;
  } else if (info.bank_account_type === 'BANK_ACCOUNT_TYPE_PERSONAL' && operatorName(draft) && info.account_name.trim() !== operatorName(draft)) {
    p[at('account_name')] = M.accountNamePersonal;
  }
  need(p, at('account_bank'), info.account_bank, M.accountBank);
  if (!/^\d{6}$/.test(info.bank_address_code)) p[at('bank_address_code')] = M.accountCity;
  need(p, at('bank_branch_id'), info.bank_branch_id, M.accountBranch);
  if (!/^\d{8,30}$/.test(info.account_number)) p[at('account_number')] = M.accountNumber;
  return p;
}

function contactProblems(draft: TMerchantDraft, today: Date): TProblems {
  const info = draft.contact_info;
  const p: TProblems = {};
  const at = (field: string) => `contact_info.${field}`;
  if (info.contact_type !== '65' && info.contact_type !== '66') p[at('contact_type')] = M.contactType;
  need(p, at('contact_name'), info.contact_name, M.contactName);
  if (info.contact_type === '66' && !isIdCardNumber(info.contact_id_card_number, today)) {
    p[at('contact_id_card_number')] = blank(info.contact_id_card_number) ? M.contactIdNumber : M.idCardNumber;
  }
  if (blank(info.mobile_phone)) p[at('mobile_phone')] = M.mobileEmpty;
  else if (!isMobile(info.mobile_phone)) p[at('mobile_phone')] = M.mobile;
  if (!blank(info.contact_email) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(info.contact_email.trim())) p[at('contact_email')] = M.email;
  return p;
}

function sceneProblems(draft: TMerchantDraft): TProblems {
  const info = draft.sales_scene_info;
  const p: TProblems = {};
  need(p, 'sales_scene_info.store_name', info.store_name, M.storeName);
  if (blank(info.merchant_shortname)) p['sales_scene_info.merchant_shortname'] = M.shortName;
  else if ([...info.merchant_shortname.trim()].length > 20) p['sales_scene_info.merchant_shortname'] = M.shortNameTooLong;
  if (!blank(info.store_url) && !/^https?:\/\/[^\s]+\.[^\s]+$/i.test(info.store_url.trim())) p['sales_scene_info.store_url'] = M.storeUrl;
  return p;
}

function settlementProblems(draft: TMerchantDraft): TProblems {
  const info = draft.settlement_info;
  const rule = settlementRule(info.settlement_id);
  const type = draft.business_license_info.organization_type;
  if (!rule || !(rule.organizations as readonly string[]).includes(type)) return { 'settlement_info.settlement_id': M.settlementRule };
  return (rule.industries as readonly string[]).includes(info.qualification_type) ? {} : { 'settlement_info.qualification_type': M.industry };
}

function uboProblems(draft: TMerchantDraft, today: Date): TProblems {
  if (!draft.ubo_info_list.length) return { ubo_info_list: M.uboRequired };
  const p: TProblems = {};
  draft.ubo_info_list.forEach((ubo: TUboInfo, i) => {
    const at = (field: string) => `ubo_info_list.${i}.${field}`;
    const mainland = (ubo.ubo_id_doc_type || MAINLAND_IDCARD) === MAINLAND_IDCARD;
    need(p, at('ubo_id_doc_name'), ubo.ubo_id_doc_name, M.uboName);
    if (mainland) {
      if (blank(ubo.ubo_id_doc_number)) p[at('ubo_id_doc_number')] = M.idCardNumberEmpty;
      else if (!isIdCardNumber(ubo.ubo_id_doc_number, today)) p[at('ubo_id_doc_number')] = M.idCardNumber;
    } else if (!/^[A-Za-z0-9]{5,30}$/.test(ubo.ubo_id_doc_number.trim())) p[at('ubo_id_doc_number')] = M.idDocNumber;
    need(p, at('ubo_id_doc_address'), ubo.ubo_id_doc_address, M.uboAddress);
    needPicture(p, at('ubo_id_doc_copy'), ubo.ubo_id_doc_copy);
    if (mainland) needPicture(p, at('ubo_id_doc_copy_back'), ubo.ubo_id_doc_copy_back);
    Object.assign(p, periodProblems(ubo.ubo_period_begin, ubo.ubo_period_end, [at('ubo_period_begin'), at('ubo_period_end')], today));
  });
  return p;
}

/** The problems of one step; empty when the step may be left with "next". */
export function stepProblems(draft: TMerchantDraft, step: TStepKey, options: TRuleOptions = {}): TProblems {
  const today = options.today ?? new Date();
  switch (step) {
    case 'subject':
      return subjectProblems(draft);
    case 'license':
      return licenseProblems(draft, today);
    case 'finance':
      return financeProblems(draft);
    case 'identity':
      return identityProblems(draft, today);
    case 'account':
      return accountProblems(draft);
    case 'contact':
      return contactProblems(draft, today);
    case 'scene':
      return sceneProblems(draft);
    case 'settlement':
      return settlementProblems(draft);
    case 'ubo':
      return uboProblems(draft, today);
    case 'review':
      return {};
  }
}

export interface TDraftProblem {
  step: TStepKey;
  path: string;
  message: string;
}

/** Every problem of the steps the draft shows, in form order. */
export function draftProblems(draft: TMerchantDraft, options: TRuleOptions = {}): TDraftProblem[] {
  return visibleSteps(draft).flatMap((step) => Object.entries(stepProblems(draft, step, options)).map(([path, message]) => ({ step, path, message })));
}

/** The step a draft path belongs to (used to send a server's "400" or a rejection to the right screen). */
export function stepOfPath(path: string): TStepKey | null {
  if (path === 'business_license_info.organization_type' || path === 'business_license_info.finance_institution') return 'subject';
  const section = path.split('.')[0];
  switch (section) {
    case 'business_license_info':
      return 'license';
    case 'finance_institution_info':
      return 'finance';
    case 'id_card_info':
    case 'id_doc_info':
      return 'identity';
    case 'account_info':
      return 'account';
    case 'contact_info':
      return 'contact';
    case 'sales_scene_info':
      return 'scene';
    case 'settlement_info':
      return 'settlement';
    case 'ubo_info_list':
      return 'ubo';
    default:
      return null;
  }
}

/** The application as submitted: sections the subject type does not show are emptied. */
export function applicableDraft(draft: TMerchantDraft): TMerchantDraft {
  const steps = new Set(visibleSteps(draft));
  const next = cloneJson(draft);
  const type = next.business_license_info.organization_type;
  if (type !== '2') next.business_license_info.finance_institution = false;
  if (!steps.has('license')) {
    next.business_license_info = {
      ...next.business_license_info,
      business_license_copy: '',
      business_license_number: '',
      merchant_name: '',
      legal_person: '',
      company_address: '',
      business_time: ['', ''],
    };
  }
  if (!steps.has('finance')) next.finance_institution_info = { finance_type: '', finance_license_pics: [] };
  if (!steps.has('ubo')) next.ubo_info_list = [];
  if (isMainlandIdCard(next)) {
    next.id_doc_info = {
      id_doc_type: MAINLAND_IDCARD,
      id_doc_name: '',
      id_doc_number: '',
      id_doc_copy: '',
      id_doc_copy_back: '',
      doc_period_begin: '',
      doc_period_end: '',
    };
  } else {
    next.id_card_info = {
      id_card_copy: '',
      id_card_national: '',
      id_card_name: '',
      id_card_number: '',
      id_card_address: '',
      id_card_valid_time_begin: '',
      id_card_valid_time: '',
    };
  }
  return next;
}

/** Picture data URLs the server keeps: JPEG, PNG or WebP, checked by their first bytes, not by the label. */
export function isPictureDataUrl(value: string): boolean {
  const match = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!match) return false;
  const head = match[2]!.slice(0, 12);
  if (match[1] === 'png') return head.startsWith('iVBORw0KGgo');
  if (match[1] === 'jpeg') return head.startsWith('/9j/');
  return head.startsWith('UklGR');
}
