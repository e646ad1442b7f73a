import type { TSubject } from '../../../schemas/subjects/registry';
import { own } from '../../../schemas/subjects/base';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import { isMobile, normalizeMobile } from '../../../schemas/subjects/text-rules';
import { AppError, badInput } from '../errors';
import type { Deps } from '../deps';
import { verifyCode } from '../access/sms-codes.service';

/**
 * The phone subject's 需短信验证: the respondent asks for a code for the number they typed
 * (active/write/sendAnswerSms, through the SMS provider with the platform's send limits), and the submit checks it
 * with the shared code rules (newest code only, five tries, used once). Codes of one project are their own purpose,
 * so a login code is never an answer code.
 */
export const answerSmsPurpose = (projectId: number) => `answer:${projectId}`;

export const SMS_MESSAGES = {
  notVerified: '该题不需要短信验证',
  codeMissing: '请输入短信验证码',
} as const;

/** A phone subject asking for a code, or why not. */
export function smsSubject(subjects: readonly TSubject[], uuid: string): TSubject & { smsVerify: true } {
  const subject = subjects.find((s) => s.uuid === uuid);
  if (!subject || subject.subjectType !== SUBJECT_TYPE.mobile || !(subject as { smsVerify?: boolean }).smsVerify)
    throw badInput(`subjectId: ${SMS_MESSAGES.notVerified}`, 'subjectId');
  return subject as TSubject & { smsVerify: true };
}

export const answerPhone = (raw: string): string | null => {
  const phone = normalizeMobile(raw);
  return isMobile(phone) ? phone : null;
};

/**
 * Check the code of every answered phone subject that asks for one; the first problem, as subject uuid → message
 * (the submit tells it at that subject). Right codes are used up; `verified` remembers them for a retry round.
 */
export async function checkAnswerCodes(
  deps: Deps,
  projectId: number,
  subjects: readonly TSubject[],
  answers: Readonly<Record<string, unknown>>,
  codes: Readonly<Record<string, string>>,
  verified: Set<string>,
  previous?: Readonly<Record<string, unknown>>,
): Promise<Record<string, { code: string; message: string }[]> | null> {
  for (const s of subjects) {
    if (s.subjectType !== SUBJECT_TYPE.mobile || !(s as { smsVerify?: boolean }).smsVerify) continue;
    const raw = own(answers, s.uuid);
    if (typeof raw !== 'string' || !raw.trim()) continue;
    const code = own(codes, s.uuid);
    const phone = answerPhone(raw) ?? raw;
    const before = previous ? own(previous, s.uuid) : undefined;
    if (typeof before === 'string' && (answerPhone(before) ?? before) === phone) continue;
    if (!code) return { [s.uuid]: [{ code: 'sms', message: SMS_MESSAGES.codeMissing }] };
    if (verified.has(`${phone}:${code}`)) continue;
    try {
      await verifyCode(deps, phone, answerSmsPurpose(projectId), code);
      verified.add(`${phone}:${code}`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { [s.uuid]: [{ code: 'sms', message: error.message }] };
    }
  }
  return null;
}
