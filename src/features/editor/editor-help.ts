import { screenArticle, type THelpScreen } from '../../../schemas/help/screen-articles';
import { EDITOR_PAGES, RELEASE_PATH, REPORT_PATH } from './editor-paths';

/**
 * The help centre's guide for the editor screen in use (issue 48 item 1): the popover's first link opens THE article
 * for that screen by its slug (/help.html?article=…, schemas/help/screen-articles.ts), the same on every database.
 */
const SCREENS: Record<string, THelpScreen> = {
  [EDITOR_PAGES.subject]: 'subject',
  [EDITOR_PAGES.outline]: 'outline',
  [EDITOR_PAGES.bank]: 'bank',
  [EDITOR_PAGES.style]: 'style',
  [EDITOR_PAGES.setting]: 'setting',
  [EDITOR_PAGES.logic]: 'logic',
  [RELEASE_PATH]: 'release',
  [REPORT_PATH]: 'report',
};

export function screenHelp(pathname: string): { href: string; label: string } | null {
  const screen = SCREENS[pathname];
  return screen ? screenArticle(screen) : null;
}
