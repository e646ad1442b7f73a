import { isClosedReason, reasonOf, type TRefusalReason } from '../../schemas/refusals';
import { getQuestion, type RespondError } from './api';
import { askPlacesRefresh } from './appointment/appointment-api';
import type { SheetStore } from './store';
import type { TAnswerForm } from './types';

/** `subjects.<uuid>: message` of a "400" answer. */
export function parseSubjectError(message: string): { uuid: string; message: string } | null {
  const m = /^subjects\.([^:]+):\s*(.*)$/s.exec(message);
  // The server names the subject ("第3题：…"); under the subject itself the name is redundant.
  return m ? { uuid: m[1]!, message: m[2]!.replace(/^(第\d+题|题目)：/, '') || '答案不正确' } : null;
}

export interface TRefusalContext {
  form: TAnswerForm;
  store: SheetStore;
  password: string | undefined;
  showFirstError: (uuids: string[]) => void;
  onEnded: (message: string, kind: 'quota' | 'closed', reason?: TRefusalReason | null) => void;
  /** Shows and reads out a message above the buttons. */
  tell: (message: string) => void;
}

/** A refused submit: under the subject the server named, the end of the sheet when it stopped collecting, else a banner. */
export function showRefusal(e: RespondError, { form, store, password, showFirstError, onEnded, tell }: TRefusalContext): void {
  // A refused booking: the slot pickers read the places again (someone may have taken the last one).
  if (form.appointmentScheduled) askPlacesRefresh();
  const named = e.resultCode === '400' ? parseSubjectError(e.message) : null;
  const reason = e.resultCode === '409' || e.resultCode === '403' ? reasonOf(e.data) : null;
  if (named && store.subject(named.uuid)) {
    store.showErrors(named.uuid, [{ code: 'server', message: named.message }]);
    showFirstError([named.uuid]);
  } else if (isClosedReason(reason) || reason === 'wechatRequired' || reason === 'notWhitelisted') {
    // notWhitelisted: the whitelist's proof expired or its entry left the list; the page shows the gate again.
    // wechatRequired: the WeChat identity is missing or stale; the page authorises again (respond-app.tsx).
    onEnded(e.message, 'closed', reason);
  } else {
    tell(e.message);
    // A quota filled while answering: the fresh counts hide the full option, the respondent picks again.
    if (reason === 'optionFull')
      getQuestion(form.questionId, password).then(
        (fresh) => store.setQuotaCounts(fresh.quotaCounts),
        () => {},
      );
  }
}
