import * as CALL_PATHS from '../../schemas/api/paths/calls';
import type { TContactLinkInfo } from '../../schemas/api/sms';
import { SUBJECT_TYPE } from '../../schemas/subjects/subject-types';
import { callOf, RespondError } from './api';
import { failedPhase, type TPhase } from './respond-phase';
import { whiteTokenField } from './white-token';
import { spaceReleaseField } from './space-link';

/** A one-sheet contact link already answered (the server's own words for the refused submit). */
const CONTACT_LINK_USED = '该链接已提交过，不能重复作答';

/**
 * A contact's own link (?ct=, issue 50 item 4): the token is kept for this tab per project, opening it records when
 * it was opened and names the contact (the 姓名 field is filled in), and the submit carries it so the sheet claims
 * the link (a one-sheet link makes one sheet).
 */
const keyOf = (questionId: string) => `wj_ct_${questionId}`;

export function keepContactToken(questionId: string, search: URLSearchParams): void {
  const ct = search.get('ct');
  if (!ct) return;
  try {
    sessionStorage.setItem(keyOf(questionId), ct);
  } catch {
    // Private mode: the token is read from the address again.
  }
}

function storedContactToken(questionId: string): string | null {
  try {
    return sessionStorage.getItem(keyOf(questionId)) ?? new URLSearchParams(location.search).get('ct');
  } catch {
    return new URLSearchParams(location.search).get('ct');
  }
}

/** The submit's field, when the page came through a contact's link. */
export const contactTokenField = (questionId: string): { contactToken?: string } => {
  const token = storedContactToken(questionId);
  return token ? { contactToken: token } : {};
};

/** What the submit carries to claim its pass: the whitelist proof, the contact's link and the mutual space's release. */
export const passFields = (questionId: string) => ({ ...whiteTokenField(questionId), ...contactTokenField(questionId), ...spaceReleaseField(questionId) });

/** Open the contact's link (opened_at); null without one or when it is not a link of this project. */
export async function openContactLink(questionId: string): Promise<TContactLinkInfo | null> {
  const ct = storedContactToken(questionId);
  if (!ct) return null;
  try {
    return await callOf(CALL_PATHS.contactLink.getContactLink, { questionId, ct });
  } catch {
    return null;
  }
}

/** An answering phase with the contact's name in the empty single-line fields titled 姓名. */
export function withContactName(phase: TPhase, name: string | undefined): TPhase {
  if (!name || phase.kind !== 'answering') return phase;
  const answers = { ...phase.draft.answers };
  for (const s of phase.form.subjects) {
    const title = (s as { title?: string }).title ?? '';
    if (s.subjectType === SUBJECT_TYPE.textInput && /姓名/.test(title.replace(/<[^>]*>/g, '')) && !answers[s.uuid]) answers[s.uuid] = name;
  }
  return { ...phase, draft: { ...phase.draft, answers } };
}

/** The first phase through a contact's link: refused when a one-sheet link was answered, else with 姓名 filled in. */
export async function throughContactLink(questionId: string, first: TPhase): Promise<TPhase> {
  const link = await openContactLink(questionId);
  if (link?.answered) return failedPhase(new RespondError('409', CONTACT_LINK_USED), null);
  return withContactName(first, link?.name);
}
