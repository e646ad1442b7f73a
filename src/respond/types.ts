import type { TConclusion } from '../../schemas/api/editor';
import type { TProjectStyle } from '../../schemas/api/settings';
import type { TLogic } from '../../schemas/logic/ast';
import type { TSubject } from '../../schemas/subjects/registry';

/** What the respondent page needs of a project's collection settings (getQuestion `settings`). */
export interface TAnswerSettings {
  startTime: string | null;
  endTime: string | null;
  loginRequired: boolean;
  needPassword: boolean;
  examMinutes: number | null;
  allowEditAfterSubmit: boolean;
  showScore: boolean;
  showCorrectAnswers: boolean;
  showAnalysis: boolean;
}

/** data of active/write/getQuestion: one project as a respondent sees it. */
export interface TAnswerForm {
  questionId: string;
  title: string;
  subtitle: string;
  questionType: number;
  /** 4: a sign-up chain, shown as its live list (chain/chain-page.tsx). Absent in the editor's preview. */
  solitaireType?: number | null;
  status: number;
  style: TProjectStyle;
  settings: TAnswerSettings;
  /** Empty with `locked: true` while a password is needed and missing or wrong. */
  subjects: TSubject[];
  locked?: boolean;
  logic: TLogic;
  quotaCounts: Record<string, number>;
  /** Places taken per appointment slot on a date, keyed `subject|date|time` (absent in the editor's preview). */
  slotsTaken?: Record<string, number>;
  /** An appointment project with a schedule: subject 37 books against it. */
  appointmentScheduled?: boolean;
  conclusions: TConclusion[];
  serverTime: string | number;
}

export type TSource = 'link' | 'qr' | 'embed' | 'wechat' | 'preview';
