import type { TApplymentState } from '../../schemas/merchant/constants';

/** What a provider is told about an application handed to review. */
export interface TReviewSubmission {
  outRequestNo: string;
  applymentId: string;
  organizationType: string;
  /** The application as stored (applyMch body after its rules). */
  body: unknown;
  /** 1 for the first submission, more for resubmissions after a rejection. */
  submitCount: number;
}

/**
 * Where merchant applications are reviewed (a payment provider's onboarding API in production). `submit`
 * must be idempotent per out_request_no: it is called again when a retry finds the application still
 * waiting to be handed over. It answers the state the application is in afterwards.
 */
export interface MerchantReviewProvider {
  readonly name: string;
  submit(submission: TReviewSubmission): Promise<{ state: Extract<TApplymentState, 'SUBMITTED' | 'AUDITING'> }>;
}

/**
 * The built-in sandbox: every application goes straight to review (审核中); a person decides the outcome at
 * the development page /dev/merchant-review through the dev/merchant/* calls.
 */
export function sandboxMerchantReview(): MerchantReviewProvider {
  return {
    name: 'sandbox',
    async submit() {
      return { state: 'AUDITING' };
    },
  };
}
