import { articleTypeName } from '../../../schemas/help/article-types';
import { EDITOR_PAGES } from './editor-paths';

/**
 * The help centre's guides for the editor screen in use (issue 48 item 1): the popover's first link opens the type
 * of guides that screen's steps are in (/help.html?articleType=…). A type, not one article id, because article ids
 * are a database's own while the types are fixed (schemas/help/article-types.ts).
 */
const SCREEN_TYPES: Record<string, number> = {
  [EDITOR_PAGES.subject]: 3,
  [EDITOR_PAGES.outline]: 3,
  [EDITOR_PAGES.bank]: 3,
  [EDITOR_PAGES.style]: 3,
  [EDITOR_PAGES.setting]: 5,
  [EDITOR_PAGES.logic]: 4,
};

export function screenHelp(pathname: string): { href: string; label: string } | null {
  const articleType = SCREEN_TYPES[pathname];
  return articleType ? { href: `/help.html?articleType=${articleType}`, label: `${articleTypeName(articleType)}帮助` } : null;
}
