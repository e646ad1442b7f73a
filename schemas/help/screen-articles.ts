/**
 * The article for each screen of the editor (issue 48 item 1): its 帮助 opens THE guide for the screen the user is
 * on, by the guide's slug (server/seed/help/), never its id — ids are a database's own. /help.html?article=<slug>.
 * A test checks every slug here is a seeded guide.
 */
export const SCREEN_ARTICLES = {
  subject: { slug: 'editor-add-subjects', label: '题目帮助' },
  outline: { slug: 'editor-outline', label: '大纲帮助' },
  bank: { slug: 'editor-bank', label: '题库帮助' },
  setting: { slug: 'editor-setting', label: '设置帮助' },
  logic: { slug: 'logic-jump', label: '逻辑帮助' },
  style: { slug: 'editor-style', label: '外观帮助' },
  release: { slug: 'publish-share-link', label: '发布帮助' },
  report: { slug: 'report-read', label: '报表帮助' },
} as const;
export type THelpScreen = keyof typeof SCREEN_ARTICLES;

export const helpArticleHref = (slug: string): string => `/help.html?article=${encodeURIComponent(slug)}`;

/** The link to the screen's guide: where it goes and what it says. */
export const screenArticle = (screen: THelpScreen): { href: string; label: string } => ({
  href: helpArticleHref(SCREEN_ARTICLES[screen].slug),
  label: SCREEN_ARTICLES[screen].label,
});
