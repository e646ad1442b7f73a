/**
 * Machine-readable reasons of refusals (issue 18 item 6). A refusal keeps the spec's `resultCode` and `resultMsg`
 * and carries its reason in `data.reason`; clients switch on the reason, never on the wording. Zod-free, so the
 * respondent page's small bundle can read it.
 */
export const REFUSAL_REASONS = [
  /** "409" a subject, logic or structure change while the project collects (data: status, dataCount). */
  'collecting',
  /** "409" the project is paused (status 0): 问卷已暂停收集. */
  'paused',
  /** "409" before the collection window's start. */
  'notStarted',
  /** "409" after the collection window's end. */
  'ended',
  /** "409" the project's answer cap is reached. */
  'full',
  /** "409" this device, user or network has answered as often as allowed. */
  'deviceLimit',
  'userLimit',
  'ipLimit',
  /** "409" an option's quota filled while answering: choose again. */
  'optionFull',
  /** "409" a quota ended the sheet with the creator's message. */
  'quotaEnd',
  /** "400" more questions than the owner's level allows (spec §8: the upgrade dialog). */
  'subjectLimit',
  /** "409" votes (issue 19): the activity is suspended, or not published yet. */
  'suspended',
  'voteDraft',
  /** "409" the voter's votes of the day (or of the whole activity), or of one player today, are used up. */
  'voterLimit',
  'playerLimit',
  /** "403" the voter's phone is not on the activity's whitelist. */
  'notWhitelisted',
  /** "409" the rules ask the voter to log in, or to verify a phone by SMS, first. */
  'loginRequired',
  'phoneRequired',
  /**
   * "409" the vote counts one voter per WeChat openid (微信授权): authorise through WeChat first, or again (the
   * state, code or identity was forged, expired, used before or is of another official account; resultMsg says which).
   */
  'wechatRequired',
  /** "409" 仅限微信授权填写: this WeChat user (openid) has answered as often as the project allows. */
  'wechatLimit',
  /** "409" a sign-up chain closed early or past its deadline. */
  'chainClosed',
  /** "409" one entry per person, and this person has one (edit or withdraw it instead). */
  'alreadyJoined',
  /** "409" an appointment slot filled while answering: choose another slot or join its waitlist. */
  'slotFull',
  /** "409" a timed exam cannot start: this sheet was handed in already, or the respondent's time is up. */
  'sheetSubmitted',
  'examOver',
  /** "409" the project was never published (its page says 尚未发布, not 已暂停). */
  'notPublished',
  /** "400" publishing refused: the kind's essentials are missing (data.missing names them, schemas/api/editor.ts). */
  'notReady',
  /** "409" a paid feature's quota is used up (data.kind names it, data.buyPath the /buy*.html page that refills it). */
  'quotaEmpty',
  /** "409" no AI count left for a model generation or answer (issue 52): data.buy is the page that sells them. */
  'noAiCount',
] as const;
export type TRefusalReason = (typeof REFUSAL_REASONS)[number];

/** The reason in a refusal's data, or null when it has none. */
export function reasonOf(data: unknown): TRefusalReason | null {
  const reason = data && typeof data === 'object' ? (data as { reason?: unknown }).reason : undefined;
  return (REFUSAL_REASONS as readonly unknown[]).includes(reason) ? (reason as TRefusalReason) : null;
}

/** The respondent may not answer now: the page says so instead of the sheet. */
export const CLOSED_REASONS = [
  'paused',
  'notPublished',
  'notStarted',
  'ended',
  'full',
  'deviceLimit',
  'userLimit',
  'ipLimit',
  'wechatLimit',
] as const satisfies readonly TRefusalReason[];
export const isClosedReason = (reason: TRefusalReason | null): boolean => (CLOSED_REASONS as readonly (string | null)[]).includes(reason);
