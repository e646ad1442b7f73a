/**
 * Where a payer comes back to after a provider's cashier (shared by the server that builds the return URLs and
 * the pages that link there). The respondent side's result is public (a buyer need not have an account); the
 * account purchases' result pages are logged-in: /alipaySuccess (Alipay) and /wechatPay.html (WeChat).
 */
export const RESPONDENT_PAY_RESULT_PATH = '/pay/result.html';

/** A respondent order's number (20 digits; an account order's carries an R before them). */
export const RESPONDENT_ORDER_NO = /^\d{20}$/;

export const respondentPayResultUrl = (orderNo: string): string => `${RESPONDENT_PAY_RESULT_PATH}?orderNo=${orderNo}`;
