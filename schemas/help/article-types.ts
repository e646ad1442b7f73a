/**
 * The help centre's article types (issue 48 item 1), in the order the home page shows them. `articleType` is the
 * help query value of spec §2 (/help.html?articleType=…); the numbers are ours (the spec names none).
 */
export const ARTICLE_TYPES = [
  { articleType: 1, name: '新手入门' },
  { articleType: 2, name: '项目类型' },
  { articleType: 3, name: '编辑题目' },
  { articleType: 4, name: '逻辑设置' },
  { articleType: 5, name: '配额与限制' },
  { articleType: 6, name: '发布与分享' },
  { articleType: 7, name: '报告与导出' },
  { articleType: 8, name: '团队协作' },
  { articleType: 9, name: '在线收款' },
  { articleType: 10, name: '预约' },
  { articleType: 11, name: '投票' },
  { articleType: 12, name: '接龙' },
  { articleType: 13, name: '账户与会员' },
  { articleType: 14, name: '常见问题' },
] as const;

export type TArticleType = (typeof ARTICLE_TYPES)[number]['articleType'];

export const articleTypeName = (articleType: number): string => ARTICLE_TYPES.find((t) => t.articleType === articleType)?.name ?? '其他';

/** The applet sources articles are written for (spec §7: systemSource 1 or 7 by brand). */
export const SYSTEM_SOURCES = [1, 7] as const;
export type TSystemSource = (typeof SYSTEM_SOURCES)[number];
