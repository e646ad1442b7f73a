import type { TCreateResult, TQuestionCount } from '../../schemas/api/question';

/** One thing to pay for, as typed: the price in yuan as the person wrote it ("12.5"). */
export interface TPayItem {
  key: string;
  name: string;
  price: string;
}

/** What the organiser fills on the phone 收款 screen (issue 47 item 5): the rest keeps its defaults. */
export interface TPayDraft {
  title: string;
  description: string;
  items: TPayItem[];
}

export interface TPayQuickStartContext {
  draft: TPayDraft | null;
  /** Set once the page exists: a retry publishes it instead of creating a second one. */
  questionId: string | null;
  limits: TQuestionCount | null;
  error: string | null;
}

export type TPayQuickStartEvent =
  | { type: 'pay.publish'; draft: TPayDraft }
  /** 升级版本 on the limit dialog: opens the member page. */
  | { type: 'dialog.confirm' }
  | { type: 'dialog.dismiss' };

export type { TCreateResult };
