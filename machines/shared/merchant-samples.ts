import type { TApplyDetail } from '../../schemas/api/wxpay';
import type { TApplymentState } from '../../schemas/merchant/constants';
import type { TMerchantDraft } from '../../schemas/merchant/draft';

/** Sample merchant data for stand-ins, tests and the flow simulator (made-up people and companies). */

/** A 1×1 PNG. */
export const SAMPLE_PICTURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const SAMPLE_OUT_REQUEST_NO = 'WJ20250101000000000001';

/** A complete enterprise application that is a finance institution: every step shows and passes. */
export const SAMPLE_MERCHANT_DRAFT: TMerchantDraft = {
  out_request_no: '',
  business_license_info: {
    organization_type: '2',
    finance_institution: true,
    business_license_copy: SAMPLE_PICTURE,
    business_license_number: '91330106MA27U1LP03',
    merchant_name: '杭州示例网络科技有限公司',
    legal_person: '张三',
    company_address: '浙江省杭州市西湖区文三路100号',
    business_time: ['2015-06-01', '长期'],
  },
  finance_institution_info: { finance_type: 'PAYMENT_AGENT', finance_license_pics: [SAMPLE_PICTURE] },
  id_card_info: {
    id_card_copy: SAMPLE_PICTURE,
    id_card_national: SAMPLE_PICTURE,
    id_card_name: '张三',
    id_card_number: '330106199003071236',
    id_card_address: '浙江省杭州市西湖区文三路100号',
    id_card_valid_time_begin: '2016-03-07',
    id_card_valid_time: '长期',
  },
  id_doc_info: {
    id_doc_type: 'IDENTIFICATION_TYPE_MAINLAND_IDCARD',
    id_doc_name: '',
    id_doc_number: '',
    id_doc_copy: '',
    id_doc_copy_back: '',
    doc_period_begin: '',
    doc_period_end: '',
  },
  account_info: {
    bank_account_type: 'BANK_ACCOUNT_TYPE_CORPORATE',
    account_bank: '工商银行',
    bank_alias_code: 'ICBC',
    account_name: '杭州示例网络科技有限公司',
    bank_address_code: '330100',
    bank_branch_id: '102330100001',
    bank_name: '中国工商银行股份有限公司杭州分行营业部',
    account_number: '6222021202000123456',
  },
  contact_info: { contact_type: '65', contact_name: '张三', contact_id_card_number: '', mobile_phone: '13800138000', contact_email: 'zhangsan@example.com' },
  sales_scene_info: { store_name: '示例科技旗舰店', merchant_shortname: '示例科技', store_url: 'https://shop.example.com', store_qr_code: '' },
  settlement_info: { settlement_id: '719', qualification_type: '零售批发' },
  ubo_info_list: [
    {
      ubo_id_doc_type: 'IDENTIFICATION_TYPE_MAINLAND_IDCARD',
      ubo_id_doc_name: '李四',
      ubo_id_doc_number: '330102198511200049',
      ubo_id_doc_address: '浙江省杭州市上城区解放路1号',
      ubo_period_begin: '2015-01-01',
      ubo_period_end: '长期',
      ubo_id_doc_copy: SAMPLE_PICTURE,
      ubo_id_doc_copy_back: SAMPLE_PICTURE,
    },
  ],
};

const STATE_DESC: Record<TApplymentState, string> = {
  SUBMITTED: '已提交',
  AUDITING: '审核中',
  REJECTED: '已驳回',
  TO_BE_SIGNED: '待签约',
  FINISHED: '已完成',
};

function detail(state: TApplymentState, extra: Partial<TApplyDetail> = {}): TApplyDetail {
  return {
    out_request_no: SAMPLE_OUT_REQUEST_NO,
    applyment_id: 'AP0000000001',
    applyment_state: state,
    applyment_state_desc: STATE_DESC[state],
    merchant_name: SAMPLE_MERCHANT_DRAFT.sales_scene_info.store_name,
    organization_type: '2',
    reject_reasons: [],
    sign_url: null,
    sub_mchid: null,
    submit_count: 1,
    submitted_at: '2025-01-01T08:00:00.000Z',
    updated_at: '2025-01-01T08:00:00.000Z',
    history: [],
    application: { ...SAMPLE_MERCHANT_DRAFT, out_request_no: SAMPLE_OUT_REQUEST_NO },
    ...extra,
  };
}

export const SAMPLE_APPLY_DETAIL = {
  auditing: detail('AUDITING'),
  rejected: detail('REJECTED', {
    reject_reasons: [{ step: 'account', field: 'account_info.account_number', reason: '银行账号与开户名称不一致，请核对' }],
  }),
  toBeSigned: detail('TO_BE_SIGNED', { sign_url: '/merchant.html?sign=AP0000000001' }),
  finished: detail('FINISHED', { sub_mchid: '1900000001' }),
} satisfies Record<string, TApplyDetail>;
