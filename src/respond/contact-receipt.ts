import * as CALL_PATHS from '../../schemas/api/paths/calls';
import { callOf } from './api';
import { contactTokenField, throughContactLink } from './contact-link';
import type { TPhase } from './respond-phase';

/**
 * 链接已打开 on the invitation receipts (issue 50 item 3): the answering page opened through a contact's own link
 * tells activity/contact/saveContactReceipt once per link in this tab (a reload does not call again); the server keeps
 * the first time. Nothing on the page waits for it, and a failure is not shown (the respondent can still answer).
 */
const keyOf = (token: string) => `wj_ctr_${token}`;

function alreadyTold(token: string): boolean {
  try {
    if (sessionStorage.getItem(keyOf(token))) return true;
    sessionStorage.setItem(keyOf(token), '1');
  } catch {
    // Private mode: told on each open; the server keeps the first time anyway.
  }
  return false;
}

export function saveContactReceiptOnce(questionId: string): void {
  const token = contactTokenField(questionId).contactToken;
  if (!token || alreadyTold(token)) return;
  callOf(CALL_PATHS.receipt.saveContactReceipt, { token }).catch(() => {
    // The receipt is the creator's; the respondent's page goes on.
  });
}

/** The first phase through a contact's link (contact-link.ts), its opening told to the receipts. */
export function throughContactLinkOpened(questionId: string, first: TPhase): Promise<TPhase> {
  saveContactReceiptOnce(questionId);
  return throughContactLink(questionId, first);
}
