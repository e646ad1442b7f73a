import {
  accountTypeName,
  financeTypeName,
  idDocName,
  MAINLAND_IDCARD,
  organizationName,
  settlementRule,
  STEP_TITLES,
  type TStepKey,
} from '../../../schemas/merchant/constants';
import type { TMerchantDraft } from '../../../schemas/merchant/draft';
import { visibleSteps } from '../../../schemas/merchant/rules';

/** The review step's summary: one section per step with label/value lines and the pictures. */
export interface TReviewLine {
  label: string;
  value: string;
}
export interface TReviewSection {
  key: TStepKey;
  step: number;
  title: string;
  lines: TReviewLine[];
  pictures: Array<{ label: string; src: string }>;
}

const period = (begin: string, end: string) => (begin || end ? `${begin || '—'} 至 ${end || '—'}` : '');
const masked = (value: string, keep = 4) => (value.length > keep * 2 ? `${value.slice(0, keep)} **** ${value.slice(-keep)}` : value);

function content(draft: TMerchantDraft, key: TStepKey): Omit<TReviewSection, 'key' | 'step' | 'title'> {
  const lic = draft.business_license_info;
  const card = draft.id_card_info;
  const doc = draft.id_doc_info;
  const acc = draft.account_info;
  switch (key) {
    case 'subject':
      return {
        lines: [
          { label: '主体类型', value: organizationName(lic.organization_type) },
          ...(lic.organization_type === '2' ? [{ label: '金融机构', value: lic.finance_institution ? '是' : '否' }] : []),
        ],
        pictures: [],
      };
    case 'license':
      return {
        lines: [
          { label: '统一社会信用代码', value: lic.business_license_number },
          { label: '营业执照名称', value: lic.merchant_name },
          { label: '法定代表人', value: lic.legal_person },
          { label: '注册地址', value: lic.company_address },
          { label: '营业期限', value: period(lic.business_time[0] ?? '', lic.business_time[1] ?? '') },
        ],
        pictures: [{ label: '营业执照', src: lic.business_license_copy }],
      };
    case 'finance':
      return {
        lines: [{ label: '金融机构类型', value: financeTypeName(draft.finance_institution_info.finance_type) }],
        pictures: draft.finance_institution_info.finance_license_pics.map((src, i) => ({ label: `许可证${i + 1}`, src })),
      };
    case 'identity':
      return (doc.id_doc_type || MAINLAND_IDCARD) === MAINLAND_IDCARD
        ? {
            lines: [
              { label: '证件类型', value: idDocName(MAINLAND_IDCARD) },
              { label: '身份证姓名', value: card.id_card_name },
              { label: '身份证号码', value: masked(card.id_card_number) },
              { label: '证件有效期', value: period(card.id_card_valid_time_begin, card.id_card_valid_time) },
            ],
            pictures: [
              { label: '人像面', src: card.id_card_copy },
              { label: '国徽面', src: card.id_card_national },
            ],
          }
        : {
            lines: [
              { label: '证件类型', value: idDocName(doc.id_doc_type) },
              { label: '证件姓名', value: doc.id_doc_name },
              { label: '证件号码', value: masked(doc.id_doc_number) },
              { label: '证件有效期', value: period(doc.doc_period_begin, doc.doc_period_end) },
            ],
            pictures: [
              { label: '正面', src: doc.id_doc_copy },
              { label: '反面', src: doc.id_doc_copy_back },
            ],
          };
    case 'account':
      return {
        lines: [
          { label: '账户类型', value: accountTypeName(acc.bank_account_type) },
          { label: '开户名称', value: acc.account_name },
          { label: '开户银行', value: acc.account_bank },
          { label: '开户支行', value: acc.bank_name },
          { label: '银行账号', value: masked(acc.account_number) },
        ],
        pictures: [],
      };
    case 'contact':
      return {
        lines: [
          { label: '联系人', value: draft.contact_info.contact_name },
          { label: '手机号', value: draft.contact_info.mobile_phone },
          { label: '邮箱', value: draft.contact_info.contact_email },
        ],
        pictures: [],
      };
    case 'scene':
      return {
        lines: [
          { label: '商户名称', value: draft.sales_scene_info.store_name },
          { label: '商户简称', value: draft.sales_scene_info.merchant_shortname },
          { label: '店铺链接', value: draft.sales_scene_info.store_url },
        ],
        pictures: [{ label: '店铺二维码', src: draft.sales_scene_info.store_qr_code }],
      };
    case 'settlement': {
      const rule = settlementRule(draft.settlement_info.settlement_id);
      return {
        lines: [
          { label: '结算规则', value: rule ? `${rule.name}（费率 ${rule.rate}）` : '' },
          { label: '所属行业', value: draft.settlement_info.qualification_type },
        ],
        pictures: [],
      };
    }
    case 'ubo':
      return {
        lines: draft.ubo_info_list.map((o, i) => ({ label: `受益所有人${i + 1}`, value: `${o.ubo_id_doc_name} ${masked(o.ubo_id_doc_number)}` })),
        pictures: [],
      };
    case 'review':
      return { lines: [], pictures: [] };
  }
}

export function reviewSections(draft: TMerchantDraft): TReviewSection[] {
  return visibleSteps(draft)
    .map((key, i) => ({ key, step: i + 1, title: STEP_TITLES[key], ...content(draft, key) }))
    .filter((section) => section.key !== 'review')
    .map((section) => ({ ...section, lines: section.lines.filter((line) => line.value), pictures: section.pictures.filter((p) => p.src) }));
}
