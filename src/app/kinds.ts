import { CalendarClock, ClipboardList, FileText, GraduationCap, ListChecks, Vote, Wallet, type LucideIcon } from 'lucide-react';
import { DEFAULT_BRAND, type TBrand } from '../../schemas/brands';
import {
  PROJECT_KINDS,
  SOLITAIRE_KINDS,
  SOLITAIRE_TYPE,
  WORK_KINDS,
  solitaireKindOf,
  type TProjectKind,
  type TQuestionType,
  type TWorkKind,
} from '../../schemas/project-kinds';

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

/** The kinds in the order a brand shows them: its own kinds first (投票通 votes, 接龙通 chains …), then the rest. */
export function kindsOfBrand(brand: Pick<TBrand, 'leadKinds'>): TKind[] {
  const lead = (kind: TKind) => {
    const at = brand.leadKinds.indexOf(kind.kind);
    return at < 0 ? brand.leadKinds.length : at;
  };
  return [...KINDS].sort((a, b) => lead(a) - lead(b));
}

/**
 * The project types a brand's workbench lists as its recent projects: its own kinds' when they are all projects
 * (接龙通: chains, payments, appointments); every type (undefined) for the default brand, which leads with none,
 * and for 投票通, whose votes have a panel of their own.
 */
export function brandProjectTypes(brand: Pick<TBrand, 'id' | 'leadKinds'>): TQuestionType[] | undefined {
  if (brand.id === DEFAULT_BRAND || !brand.leadKinds.length) return undefined;
  const types = brand.leadKinds.map((kind) => (PROJECT_KINDS[kind] as TProjectKind).questionType);
  return types.every((type) => type !== undefined) ? types : undefined;
}

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
  groupBuy: (questionId: string) => string;
  orders: (questionId: string) => string;
  appointment: (questionId: string, tab?: 'bookings' | 'statement' | 'settings') => string;
  opened: (questionId: string, questionType: number | null | undefined, solitaireType: number | null | undefined) => string;
  data: (questionId: string, questionType: number | null | undefined, solitaireType: number | null | undefined) => string;
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
  /** A group-buy's orders and summary for its organiser. */
  groupBuy: (questionId: string) => `/questionnaire/solitaireList.html?solitaireType=${SOLITAIRE_TYPE.groupBuy}&questionId=${encodeURIComponent(questionId)}`,
  /** Where a new project opens: its 接龙 kind's own screen when it has one (SOLITAIRE_KINDS), else the editor. */
  opened: (questionId: string, questionType: number | null | undefined, solitaireType: number | null | undefined) => {
    const manage = solitaireKindOf(questionType, solitaireType)?.manage;
    return manage ? `${manage}${manage.includes('?') ? '&' : '?'}questionId=${encodeURIComponent(questionId)}` : projectHref.editor(questionId);
  },
  /** Where a project's data is read: its kind's own screen (the chain's list, orders, bookings …), else the report. */
  data: (questionId: string, questionType: number | null | undefined, solitaireType: number | null | undefined) => {
    if (questionType === PROJECT_KINDS.online.questionType) return projectHref.orders(questionId);
    if (questionType === PROJECT_KINDS.appoint.questionType) return projectHref.appointment(questionId);
    if (questionType === PROJECT_KINDS.solitaire.questionType && solitaireType === SOLITAIRE_TYPE.groupBuy) return projectHref.groupBuy(questionId);
    return solitaireKindOf(questionType, solitaireType)?.manage ? projectHref.opened(questionId, questionType, solitaireType) : projectHref.report(questionId);
  },
  memberPage: (memberLevel: number) => `/member/index.html?memberLevel=${memberLevel}`,
};
