import type { TCreateResult, TQuestionCount } from '../../schemas/api/question';

/** What every quick chain screen asks (issue 47 item 5); the rest keeps its defaults. */
interface TDraftBase {
  title: string;
  description: string;
}

/** 报名接龙: places and a deadline. */
export interface TSignUpDraft extends TDraftBase {
  kind: 'signUp';
  /** Places; null = 不限人数. */
  cap: number | null;
  /** ISO instant, or null to stay open until closed by hand. */
  deadline: string | null;
}

/** 打卡接龙: the period (Beijing days) and the daily window (HH:MM, 24:00 = end of day). */
export interface TCheckInDraft extends TDraftBase {
  kind: 'checkIn';
  startDay: string | null;
  /** null = 长期. */
  endDay: string | null;
  windowStart: string;
  windowEnd: string;
}

/** A product as typed on the screen: the price in yuan and the stock as text (empty stock = 不限). */
export interface TProductDraft {
  title: string;
  price: string;
  stock: string;
}

/** 团购接龙: a deadline, at least one product, pick-up points (optional; blank rows are left out). */
export interface TGroupBuyDraft extends TDraftBase {
  kind: 'groupBuy';
  deadline: string | null;
  products: TProductDraft[];
  points: string[];
}

export type TChainDraft = TSignUpDraft | TCheckInDraft | TGroupBuyDraft;
export type TChainKindName = TChainDraft['kind'];

export interface TChainQuickStartContext {
  draft: TChainDraft | null;
  /** Today's creations and the level's limits (the creation machine's count check). */
  limits: TQuestionCount | null;
  /** Set once the chain exists: a retry configures and publishes it instead of creating a second one. */
  questionId: string | null;
  error: string | null;
}

export type TChainQuickStartEvent =
  | { type: 'chain.publish'; draft: TChainDraft }
  /** 升级版本 on the limit dialog: opens the member page in a new tab. */
  | { type: 'dialog.confirm' }
  | { type: 'dialog.dismiss' };

export interface TConfigureInput {
  questionId: string;
  draft: TChainDraft;
}

export type { TCreateResult, TQuestionCount };
