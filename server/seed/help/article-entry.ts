import type { TArticleType, TSystemSource } from '../../../schemas/help/article-types';

/** One guide of the help centre as the seed writes it (body markup: schemas/help/article-body.ts). */
export interface TArticleSeed {
  slug: string;
  articleType: TArticleType;
  title: string;
  summary: string;
  /** Which applet sources show it (1: 问卷通 and 投票通, 7: 接龙通). */
  sources: readonly TSystemSource[];
  related: readonly string[];
  body: string;
}

export const ALL: readonly TSystemSource[] = [1, 7];
