import { kindOfType } from '../../../schemas/project-kinds';

/** The editor's pages (spec §2 editor children), each with `?questionId=`. */
export const EDITOR_PAGES = {
  subject: '/questionnaire/edit/subject.html',
  outline: '/questionnaire/edit/outline.html',
  bank: '/questionnaire/edit/questionBank.html',
  setting: '/questionnaire/edit/setting.html',
  logic: '/questionnaire/edit/logic.html',
  style: '/questionnaire/edit/style.html',
} as const;
export type TEditorPage = keyof typeof EDITOR_PAGES;

export const PREVIEW_PATH = '/questionnaire/preview.html';
export const RELEASE_PATH = '/questionnaire/release.html';
export const REPORT_PATH = '/questionnaire/report.html';

const EDITOR_PATHS = new Set<string>(Object.values(EDITOR_PAGES));
export const isEditorPath = (pathname: string) => EDITOR_PATHS.has(pathname);

export const withQuestion = (path: string, questionId: string) => `${path}?questionId=${encodeURIComponent(questionId)}`;

/** The project list a project of this type belongs to (the editor's back arrow). */
export const listPathOf = (questionType: number | undefined) => kindOfType(questionType)?.manage ?? '/questionnaire/list.html';

/** questionId from the search object (the router may parse an all-digit id as a number). */
export function questionIdOf(search: Record<string, unknown>): string {
  const value = search.questionId;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
