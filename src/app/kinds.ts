import { CalendarClock, ClipboardList, FileText, GraduationCap, ListChecks, Vote, Wallet, type LucideIcon } from 'lucide-react';
import type { TWorkKind } from './route-entry';

/** One activity kind of spec §2's workbench table, with the paths of its entries. */
export interface TKind {
  kind: TWorkKind;
  /** Spec §3/§9 creation types: 1 survey, 2 exam, 4 form, 5 solitaire, 6 online, 7 appoint. Voting has none. */
  questionType?: 1 | 2 | 4 | 5 | 6 | 7;
  icon: LucideIcon;
  manage: string;
  create: string;
  templates: string;
  recycle: string;
  /** My filled-in (spec: none for voting). */
  filled?: string;
  landing: string;
  /** Accent used for the kind's icon tile. */
  color: string;
}

const FILLED = '/questionnaire/writeRecord.html';

export const KINDS: TKind[] = [
  {
    kind: 'questionnaire',
    questionType: 1,
    icon: ClipboardList,
    manage: '/questionnaire/list.html',
    create: '/questionnaire/create.html',
    templates: '/questionnaire/templateLibrarySurvey.html',
    recycle: '/questionnaire/delete.html',
    filled: FILLED,
    landing: '/index/survey',
    color: '#1f6feb',
  },
  {
    kind: 'exam',
    questionType: 2,
    icon: GraduationCap,
    manage: '/questionnaire/exam.html',
    create: '/questionnaire/createExam.html',
    templates: '/questionnaire/templateLibraryExam.html',
    recycle: '/questionnaire/deleteExam.html',
    filled: FILLED,
    landing: '/index/exam',
    color: '#7a5af8',
  },
  {
    kind: 'form',
    questionType: 4,
    icon: FileText,
    manage: '/questionnaire/form.html',
    create: '/questionnaire/createForm.html',
    templates: '/questionnaire/templateLibraryForm.html',
    recycle: '/questionnaire/deleteForm.html',
    filled: FILLED,
    landing: '/index/form',
    color: '#0ea5a4',
  },
  {
    kind: 'voting',
    icon: Vote,
    manage: '/voting/list.html',
    create: '/voting/create.html',
    templates: '/voting/templateLibrary.html',
    recycle: '/voting/delete.html',
    landing: '/index/voting',
    color: '#f5553d',
  },
  {
    kind: 'solitaire',
    questionType: 5,
    icon: ListChecks,
    manage: '/questionnaire/solitaire.html',
    create: '/questionnaire/createSolitaire.html',
    templates: '/questionnaire/templateLibrarySolitaire.html',
    recycle: '/questionnaire/deleteSolitaire.html',
    filled: FILLED,
    landing: '/index/solitaire',
    color: '#13a86b',
  },
  {
    kind: 'online',
    questionType: 6,
    icon: Wallet,
    manage: '/questionnaire/online.html',
    create: '/questionnaire/createOnline.html',
    templates: '/questionnaire/templateLibraryOnline.html',
    recycle: '/questionnaire/deleteOnline.html',
    filled: FILLED,
    landing: '/index/online',
    color: '#f08c00',
  },
  {
    kind: 'appoint',
    questionType: 7,
    icon: CalendarClock,
    manage: '/questionnaire/appoint.html',
    create: '/questionnaire/createAppoint.html',
    templates: '/questionnaire/templateLibraryAppoint.html',
    recycle: '/questionnaire/deleteAppoint.html',
    filled: FILLED,
    landing: '/index/order',
    color: '#d9488f',
  },
];

export function kindOf(kind: TWorkKind | undefined): TKind | undefined {
  return KINDS.find((item) => item.kind === kind);
}

/** The kind of a project's questionType (voting has none). */
export function kindOfType(questionType: number | undefined): TKind | undefined {
  return KINDS.find((item) => item.questionType !== undefined && item.questionType === questionType);
}

/** Project pages that carry the questionId query (spec §2 "Project lists and tools"). */
export const projectHref = {
  editor: (questionId: string) => `/questionnaire/edit/subject.html?questionId=${encodeURIComponent(questionId)}`,
  report: (questionId: string) => `/questionnaire/report.html?questionId=${encodeURIComponent(questionId)}`,
  memberPage: (memberLevel: number) => `/member/index.html?memberLevel=${memberLevel}`,
};
