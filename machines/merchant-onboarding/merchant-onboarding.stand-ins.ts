import { SAMPLE_APPLY_DETAIL, SAMPLE_MERCHANT_DRAFT, SAMPLE_OUT_REQUEST_NO } from '../shared/merchant-samples';
import { done, failure, type TOutcome, type TStandIns } from '../stand-ins';
import type { TMerchantEvent } from './merchant-onboarding.types';

const badField: TOutcome = {
  kind: 'error',
  error: Object.assign(new Error('account_info.account_number: 请输入正确的银行账号'), { data: { field: 'account_info.account_number' } }),
};

export const merchantOnboardingStandIns: TStandIns = {
  loadApplication: {
    does: 'active/wxPay/getOutRequestNo when needed, then getProviderStatus and getApplyDetail',
    outcomes: {
      fresh: done({ out_request_no: SAMPLE_OUT_REQUEST_NO, application: null }),
      auditing: done({ out_request_no: SAMPLE_OUT_REQUEST_NO, application: SAMPLE_APPLY_DETAIL.auditing }),
      rejected: done({ out_request_no: SAMPLE_OUT_REQUEST_NO, application: SAMPLE_APPLY_DETAIL.rejected }),
      toBeSigned: done({ out_request_no: SAMPLE_OUT_REQUEST_NO, application: SAMPLE_APPLY_DETAIL.toBeSigned }),
      finished: done({ out_request_no: SAMPLE_OUT_REQUEST_NO, application: SAMPLE_APPLY_DETAIL.finished }),
      failure: failure('系统处理出错'),
    },
  },
  submitApplication: {
    does: 'active/wxPay/applyMch (getOutRequestNo first when the draft has no number)',
    outcomes: {
      success: done(SAMPLE_APPLY_DETAIL.auditing),
      badField,
      conflict: failure('申请单审核中，暂不能修改'),
    },
  },
  checkStatus: {
    does: 'active/wxPay/getApplyDetail',
    outcomes: {
      auditing: done(SAMPLE_APPLY_DETAIL.auditing),
      rejected: done(SAMPLE_APPLY_DETAIL.rejected),
      toBeSigned: done(SAMPLE_APPLY_DETAIL.toBeSigned),
      finished: done(SAMPLE_APPLY_DETAIL.finished),
      failure: failure('系统处理出错'),
    },
  },
};

export const merchantOnboardingSampleEvents: TMerchantEvent[] = [
  { type: 'field.change', path: 'business_license_info.organization_type', value: '' },
  { type: 'field.change', path: 'business_license_info.organization_type', value: '2' },
  { type: 'step.goto', step: 1 },
  { type: 'ubo.remove', index: 0 },
];

/** A complete enterprise draft that is a finance institution, so every step shows. */
export const merchantOnboardingInput = { draft: SAMPLE_MERCHANT_DRAFT, step: 1, pollMs: 1000 };
