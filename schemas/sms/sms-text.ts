import { INVITATION_VARIABLES, SMS_MAX_CHARS } from '../api/invitations';

/**
 * The rules of an invitation's text (issue 50 item 2), shared by the send screen's live count and the server's check
 * before anything is stored: {链接} is required, {姓名} allowed, any other {x} refused; an SMS is counted with its
 * 【signature】 and the opt-out words, 70 characters in one message, longer ones billed per 67.
 */
export const SMS_OPT_OUT = '回T退订';
/** One SMS holds this many characters; a longer text is split into parts of this many. */
export const SMS_SINGLE_CHARS = 70;
export const SMS_PART_CHARS = 67;
/** What a link is counted as on the screen before the real one is known (the server counts the real one). */
export const SMS_LINK_ESTIMATE = 40;

export const SMS_TEXT_MESSAGES = {
  noLink: '发送内容须包含{链接}变量',
  unknown: (name: string) => `不支持的变量${name}，只能使用{姓名}和{链接}`,
  tooLong: `短信内容（含签名）最多${SMS_MAX_CHARS}个字`,
  signBrackets: '短信内容不需要填写【】签名，发送时会自动加上已选签名',
} as const;

/** Characters as a phone counts them (a surrogate pair is one). */
export const smsLength = (text: string): number => [...text].length;

/** How many messages a text of this length is billed as. */
export const smsParts = (length: number): number => (length <= SMS_SINGLE_CHARS ? 1 : Math.ceil(length / SMS_PART_CHARS));

/** What is wrong with a message's variables, or null. */
export function variablesProblem(content: string): string | null {
  for (const match of content.matchAll(/\{[^{}]*\}/g)) {
    const name = match[0];
    if (name !== INVITATION_VARIABLES.name && name !== INVITATION_VARIABLES.link) return SMS_TEXT_MESSAGES.unknown(name);
  }
  return content.includes(INVITATION_VARIABLES.link) ? null : SMS_TEXT_MESSAGES.noLink;
}

/** The message as one contact gets it: variables filled in. */
export const fillVariables = (content: string, values: { name: string; link: string }): string =>
  content.split(INVITATION_VARIABLES.name).join(values.name).split(INVITATION_VARIABLES.link).join(values.link);

/** The whole SMS as the phone shows it: 【签名】text 回T退订. */
export const smsWholeText = (signName: string, text: string): string => `【${signName}】${text} ${SMS_OPT_OUT}`;
