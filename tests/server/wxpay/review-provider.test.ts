import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_MERCHANT_DRAFT } from '../../../machines/shared/merchant-samples';
import type { TApplySummary } from '../../../schemas/api/wxpay';
import type { MerchantReviewProvider, TReviewSubmission } from '../../../server/providers/merchant-review';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// buildApp takes another review provider (a payment company's onboarding API) in place of the sandbox.
const handed: TReviewSubmission[] = [];
let answer: 'SUBMITTED' | 'AUDITING' = 'SUBMITTED';
const provider: MerchantReviewProvider = {
  name: 'test-provider',
  async submit(submission) {
    handed.push(submission);
    return { state: answer };
  },
};

let t: TestApp;
let headers: { token: string };
beforeAll(async () => {
  t = await createTestApp({ merchantReview: provider });
  headers = (await loginNewUser(t)).headers;
});
afterAll(() => t.close());

async function apply(): Promise<{ no: string; summary: TApplySummary }> {
  const no = (await t.call<{ out_request_no: string }>('active/wxPay/getOutRequestNo', {}, headers)).data.out_request_no;
  const sent = await t.call<TApplySummary>('active/wxPay/applyMch', { ...SAMPLE_MERCHANT_DRAFT, out_request_no: no }, headers);
  expect(sent.resultCode).toBe('200');
  return { no, summary: sent.data };
}

describe('a merchant review provider given to buildApp', () => {
  it('receives every submission and its answer decides the state', async () => {
    answer = 'SUBMITTED';
    const first = await apply();
    expect(handed.at(-1)).toMatchObject({ outRequestNo: first.no, applymentId: first.summary.applyment_id, submitCount: 1 });
    expect(handed.at(-1)!.body).toMatchObject({ out_request_no: first.no });
    // The provider has not taken it yet: it stays 已提交 instead of the sandbox's 审核中.
    expect(first.summary.applyment_state).toBe('SUBMITTED');

    answer = 'AUDITING';
    const second = await apply();
    expect(second.summary.applyment_state).toBe('AUDITING');
    expect(handed.map((s) => s.outRequestNo)).toEqual([first.no, second.no]);
  });

  it('is asked again when a retry finds the application still waiting to be handed over', async () => {
    answer = 'SUBMITTED';
    const { no } = await apply();
    const before = handed.length;
    answer = 'AUDITING';
    const retried = await t.call<TApplySummary>('active/wxPay/applyMch', { ...SAMPLE_MERCHANT_DRAFT, out_request_no: no }, headers);
    expect(retried.data.applyment_state).toBe('AUDITING');
    expect(handed.length).toBe(before + 1);
    expect(handed.at(-1)!.outRequestNo).toBe(no);
  });
});
