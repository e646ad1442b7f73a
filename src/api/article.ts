import { queryOptions } from '@tanstack/react-query';
import { articleCalls as A } from '../../schemas/api/article';
import { currentBrand } from '../app/brand';
import { call } from './client';

/**
 * 帮助中心 (wxApplet/article/*): every call carries the brand's applet source (spec §7: systemSource 1 or 7). The
 * pages show their own loading and error states, so the calls are quiet.
 */
const source = () => currentBrand().appletSource;
const quiet = { quiet: true } as const;

export const articleKeys = {
  all: ['articles'] as const,
  groups: () => ['articles', 'groups'] as const,
  hot: () => ['articles', 'hot'] as const,
  type: (articleType: number, page: number) => ['articles', 'type', articleType, page] as const,
  detail: (article: number | string) => ['articles', 'detail', article] as const,
  search: (keyword: string, page: number) => ['articles', 'search', keyword, page] as const,
};

export const articleGroupsQuery = () =>
  queryOptions({ queryKey: articleKeys.groups(), queryFn: () => call(A.getArticleByTypeList, { systemSource: source(), size: 5 }, quiet) });

export const hotArticlesQuery = () =>
  queryOptions({ queryKey: articleKeys.hot(), queryFn: () => call(A.getArticleHotList, { systemSource: source(), size: 8 }, quiet) });

export const articleTypeQuery = (articleType: number, page: number) =>
  queryOptions({
    queryKey: articleKeys.type(articleType, page),
    queryFn: () => call(A.getArticleList, { systemSource: source(), articleType, pageNum: page, pageSize: 20 }, quiet),
  });

/**
 * Opening an article counts a read: kept for the visit (staleTime), not fetched again on every focus. By id, or by
 * its slug (a string: the editor's help links name the article for their screen so, ids differ per database).
 */
export const articleDetailQuery = (article: number | string) =>
  queryOptions({
    queryKey: articleKeys.detail(article),
    queryFn: () =>
      call(A.getArticleDetail, typeof article === 'number' ? { systemSource: source(), articleId: article } : { systemSource: source(), slug: article }, quiet),
    staleTime: Infinity,
    retry: false,
  });

export const articleSearchQuery = (keyword: string, page: number) =>
  queryOptions({
    queryKey: articleKeys.search(keyword, page),
    queryFn: () => call(A.getArticleByTitleList, { systemSource: source(), keyword, pageNum: page, pageSize: 10 }, quiet),
    enabled: keyword.trim().length > 0,
  });

export const voteArticle = (articleId: number, useful: boolean, visitorId: string) =>
  call(useful ? A.getArticleUseful : A.getArticleUseless, { systemSource: source(), articleId, visitorId }, quiet);

export const sendFeedback = (body: { articleId?: number; content: string; contact: string }) =>
  call(A.saveOrUpdateFeedBack, { systemSource: source(), ...body }, quiet);
