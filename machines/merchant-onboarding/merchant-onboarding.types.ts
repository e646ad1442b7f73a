import type { TApplyDetail, TApplySummary } from '../../schemas/api/wxpay';
import type { TMerchantDraft } from '../../schemas/merchant/draft';
import type { TProblems } from '../../schemas/merchant/rules';

/** What the machine knows of the application on the server: the summary, and the detail once read. */
export type TApplicationStatus = TApplySummary & Partial<Pick<TApplyDetail, 'history' | 'application'>>;

export interface TMerchantContext {
  draft: TMerchantDraft;
  /** 1-based position among the steps the draft shows (spec §3 "a stored step"). */
  step: number;
  /** Inline messages, draft path → message. */
  errors: TProblems;
  /** A message for the whole screen: a failed load or the server's answer to a submit. */
  error: string | null;
  application: TApplicationStatus | null;
  /** How often a pending review is asked about, in ms. */
  pollMs: number;
}

export interface TMerchantInput {
  /** The draft restored from browser storage. */
  draft?: TMerchantDraft;
  step?: number;
  pollMs?: number;
}

/** Values a field takes: text, a switch, or a list of pictures. */
export type TFieldValue = string | boolean | string[];

export type TMerchantEvent =
  | { type: 'field.change'; path: string; value: TFieldValue }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'step.goto'; step: number }
  | { type: 'ubo.add' }
  | { type: 'ubo.remove'; index: number }
  | { type: 'application.submit' }
  | { type: 'application.reset' }
  | { type: 'application.clear' }
  | { type: 'application.edit' }
  | { type: 'application.reload' }
  | { type: 'status.refresh' };

export interface TLoadInput {
  /** Empty when the browser has no number yet: the loader asks for one. */
  out_request_no: string;
}
export interface TLoadOutput {
  out_request_no: string;
  /** The application under this number, or null when it was never submitted. */
  application: TApplyDetail | null;
}
export interface TSubmitInput {
  draft: TMerchantDraft;
}
export interface TCheckInput {
  out_request_no: string;
}
