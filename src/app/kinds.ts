import { CalendarClock, ClipboardList, FileText, GraduationCap, ListChecks, Vote, Wallet, type LucideIcon } from 'lucide-react';
import { PROJECT_KINDS, SOLITAIRE_KINDS, SOLITAIRE_TYPE, WORK_KINDS, solitaireKindOf, type TProjectKind, type TWorkKind } from '../../schemas/project-kinds';

/** A kind of the one table (schemas/project-kinds.ts) with how the client draws it. */
export interface TKind extends TProjectKind {
  kind: TWorkKind;
  icon: LucideIcon;
  /** Accent used for the kind's icon tile. */
  color: string;
}

/** Looks only; every kind of the table must have one (a missing key does not compile). */
const LOOKS: Record<TWorkKind, Pick<TKind, 'icon' | 'color'>> = {
  questionnaire: { icon: ClipboardList, color: '#1f6feb' },
  exam: { icon: GraduationCap, color: '#7a5af8' },
  form: { icon: FileText, color: '#0ea5a4' },
  voting: { icon: Vote, color: '#f5553d' },
  solitaire: { icon: ListChecks, color: '#13a86b' },
  online: { icon: Wallet, color: '#f08c00' },
  appoint: { icon: CalendarClock, color: '#d9488f' },
};

export const KINDS: TKind[] = WORK_KINDS.map((kind) => ({ kind, ...PROJECT_KINDS[kind], ...LOOKS[kind] }));

export function kindOf(kind: TWorkKind | undefined): TKind | undefined {
  return KINDS.find((item) => item.kind === kind);
}

/** The kind of a project's questionType (voting has none). */
export function kindOfType(questionType: number | undefined): TKind | undefined {
  return KINDS.find((item) => item.questionType !== undefined && item.questionType === questionType);
}

const SIGN_UP_MANAGE = SOLITAIRE_KINDS.find((kind) => kind.solitaireType === SOLITAIRE_TYPE.signUp)?.manage ?? '/questionnaire/solitaireList.html';

/** Project pages that carry the questionId query (spec §2 "Project lists and tools"). */
export const projectHref: {
  editor: (questionId: string) => string;
  report: (questionId: string) => string;
  chain: (questionId: string) => string;
  checkIn: (questionId: string) => string;
  orders: (questionId: string) => string;
  appointment: (questionId: string, tab?: 'bookings' | 'statement' | 'settings') => string;
  opened: (questionId: string, questionType: number | null | undefined, solitaireType: number | null | undefined) => string;
  memberPage: (memberLevel: number) => string;
} = {
  editor: (questionId: string) => `/questionnaire/edit/subject.html?questionId=${encodeURIComponent(questionId)}`,
  report: (questionId: string) => `/questionnaire/report.html?questionId=${encodeURIComponent(questionId)}`,
  /** A sign-up chain's live list for its creator. */
  chain: (questionId: string) => `${SIGN_UP_MANAGE}?questionId=${encodeURIComponent(questionId)}`,
  /** A payment page's orders for its creator. */
  orders: (questionId: string) => `/online/list.html?questionId=${encodeURIComponent(questionId)}`,
  /** An appointment project's bookings, statement and schedule settings for its creator. */
  appointment: (questionId: string, tab) => `/questionnaire/appointManage.html?questionId=${encodeURIComponent(questionId)}${tab ? `&tab=${tab}` : ''}`,
  /** A daily check-in's completion rate and records for its creator. */
  checkIn: (questionId: string) => projectHref.opened(questionId, PROJECT_KINDS.solitaire.questionType, SOLITAIRE_TYPE.checkIn),
  /** Where a new project opens: its 接龙 kind's own screen when it has one (SOLITAIRE_KINDS), else the editor. */
  opened: (questionId: string, questionType: number | null | undefined, solitaireType: number | null | undefined) => {
    const manage = solitaireKindOf(questionType, solitaireType)?.manage;
    return manage ? `${manage}${manage.includes('?') ? '&' : '?'}questionId=${encodeURIComponent(questionId)}` : projectHref.editor(questionId);
  },
  memberPage: (memberLevel: number) => `/member/index.html?memberLevel=${memberLevel}`,
};
