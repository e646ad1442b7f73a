import { z } from 'zod';
import { SYSTEM_SOURCES } from '../help/article-types';
import { contract, ZPageOf } from './contract';

/**
 * 帮助中心 (spec §7 "Articles", issue 48 item 1): every call public. The spec lists the ten paths only; the fields
 * are ours. `systemSource` (1 or 7) picks the brand's articles; left out, the server takes the brand of the host.
 */
const A = 'wxApplet/article/';

const ZSystemSource = z.union(SYSTEM_SOURCES.map((s) => z.literal(s)) as [z.ZodLiteral<1>, z.ZodLiteral<7>], { error: '来源无效' }).optional();
export const ZArticleId = z.coerce.number({ error: '文章编号无效' }).int('文章编号无效').positive('文章编号无效').max(2_147_483_647, '文章编号无效');
const ZArticleType = z.coerce.number({ error: '文章分类无效' }).int('文章分类无效').min(1, '文章分类无效').max(14, '文章分类无效');
const ZPageNum = z.coerce.number().int().min(1).max(1000).default(1);
const ZPageSize = z.coerce.number().int().min(1).max(50).default(10);
/** A visitor's own key for 有用/没用 (kept in the browser); a logged-in visitor votes as the account. */
const ZVisitorId = z
  .string({ error: '访客编号无效' })
  .min(8, '访客编号无效')
  .max(64, '访客编号无效')
  .regex(/^[\w-]+$/, '访客编号无效');

export const ZArticleSummary = z.object({
  articleId: z.number(),
  articleType: z.number(),
  typeName: z.string(),
  title: z.string(),
  summary: z.string(),
  readCount: z.number(),
  updateTime: z.string(),
});
export type TArticleSummary = z.infer<typeof ZArticleSummary>;

export const ZArticleDetail = ZArticleSummary.extend({
  body: z.string(),
  usefulCount: z.number(),
  uselessCount: z.number(),
  related: z.array(ZArticleSummary),
});
export type TArticleDetail = z.infer<typeof ZArticleDetail>;

export const ZListRequest = z.object({ systemSource: ZSystemSource, articleType: ZArticleType.optional(), pageNum: ZPageNum, pageSize: ZPageSize });
/** An article's stable name (server/seed/help/): the same on every database, unlike its id (issue 48 item 1). */
export const ZArticleSlug = z
  .string({ error: '文章不存在或已下线' })
  .max(64, '文章不存在或已下线')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, '文章不存在或已下线');
/** One article by id, or by slug (the editor's help opens the article for its screen, /help.html?article=<slug>). */
export const ZDetailRequest = z
  .object({ systemSource: ZSystemSource, articleId: ZArticleId.optional(), slug: ZArticleSlug.optional() })
  .refine((body) => body.articleId !== undefined || body.slug !== undefined, { message: '文章编号无效', path: ['articleId'] });
export const ZHotRequest = z.object({ systemSource: ZSystemSource, size: z.coerce.number().int().min(1).max(20).default(8) });
export const ZVoteRequest = z.object({ systemSource: ZSystemSource, articleId: ZArticleId, visitorId: ZVisitorId });
export const ZVoteResult = z.object({
  usefulCount: z.number(),
  uselessCount: z.number(),
  /** What this visitor's vote on the article is (the first one counts; a second is not counted again). */
  voted: z.enum(['useful', 'useless']),
  counted: z.boolean(),
});
export type TVoteResult = z.infer<typeof ZVoteResult>;
export const ZCountRequest = z.object({ systemSource: ZSystemSource });
export const ZArticleCount = z.object({
  total: z.number(),
  types: z.array(z.object({ articleType: z.number(), typeName: z.string(), count: z.number() })),
});
export type TArticleCount = z.infer<typeof ZArticleCount>;
export const ZTypeListRequest = z.object({ systemSource: ZSystemSource, size: z.coerce.number().int().min(1).max(20).default(5) });
export const ZTypeGroup = z.object({ articleType: z.number(), typeName: z.string(), count: z.number(), list: z.array(ZArticleSummary) });
export type TTypeGroup = z.infer<typeof ZTypeGroup>;

export const ZMarked = z.object({ text: z.string(), hit: z.boolean() });
export const ZTitleSearchRequest = z.object({
  systemSource: ZSystemSource,
  keyword: z.string({ error: '请输入搜索内容' }).trim().min(1, '请输入搜索内容').max(50, '搜索内容不能超过50个字'),
  pageNum: ZPageNum,
  pageSize: ZPageSize,
});
export const ZSearchHit = z.object({
  articleId: z.number(),
  articleType: z.number(),
  typeName: z.string(),
  readCount: z.number(),
  /** The title and a window of the body cut into runs; `hit` runs are what matched (the page marks them). */
  title: z.array(ZMarked),
  snippet: z.array(ZMarked),
});
export type TSearchHitOut = z.infer<typeof ZSearchHit>;

export const FEEDBACK_MAX = 500;
export const ZFeedbackRequest = z.object({
  systemSource: ZSystemSource,
  articleId: ZArticleId.optional(),
  content: z.string({ error: '请填写反馈内容' }).trim().min(5, '反馈内容至少5个字').max(FEEDBACK_MAX, `反馈内容不能超过${FEEDBACK_MAX}个字`),
  contact: z.string().trim().max(50, '联系方式不能超过50个字').default(''),
});
export const ZFeedbackSaved = z.object({ feedbackId: z.string() });

export const ARTICLE_MESSAGES = {
  notFound: '文章不存在或已下线',
  tooMany: '提交太频繁，请稍后再试',
  feedbackSaved: '感谢反馈，我们会尽快改进',
} as const;

export const articleCalls = {
  getArticleList: contract({
    path: `${A}getArticleList`,
    summary: '帮助文章列表（可按分类）',
    request: ZListRequest,
    response: ZPageOf(ZArticleSummary),
    auth: 'optional',
  }),
  getArticleDetail: contract({
    path: `${A}getArticleDetail`,
    summary: '帮助文章详情（阅读数加一）',
    request: ZDetailRequest,
    response: ZArticleDetail,
    auth: 'optional',
  }),
  getArticleHotList: contract({
    path: `${A}getArticleHotList`,
    summary: '热门帮助文章',
    request: ZHotRequest,
    response: z.array(ZArticleSummary),
    auth: 'optional',
  }),
  getArticleUseful: contract({ path: `${A}getArticleUseful`, summary: '文章有用', request: ZVoteRequest, response: ZVoteResult, auth: 'optional' }),
  getArticleUseless: contract({ path: `${A}getArticleUseless`, summary: '文章没用', request: ZVoteRequest, response: ZVoteResult, auth: 'optional' }),
  getArticleCount: contract({ path: `${A}getArticleCount`, summary: '各分类文章数', request: ZCountRequest, response: ZArticleCount, auth: 'optional' }),
  getArticleByTypeList: contract({
    path: `${A}getArticleByTypeList`,
    summary: '按分类分组的文章',
    request: ZTypeListRequest,
    response: z.array(ZTypeGroup),
    auth: 'optional',
  }),
  getArticleByTitleList: contract({
    path: `${A}getArticleByTitleList`,
    summary: '搜索帮助文章（标出命中）',
    request: ZTitleSearchRequest,
    response: ZPageOf(ZSearchHit),
    auth: 'optional',
  }),
  getArticleByReadList: contract({
    path: `${A}getArticleByReadList`,
    summary: '按阅读数排序的文章',
    request: ZListRequest,
    response: ZPageOf(ZArticleSummary),
    auth: 'optional',
  }),
  saveOrUpdateFeedBack: contract({
    path: `${A}saveOrUpdateFeedBack`,
    summary: '帮助中心意见反馈',
    request: ZFeedbackRequest,
    response: ZFeedbackSaved,
    auth: 'optional',
    okMessage: ARTICLE_MESSAGES.feedbackSaved,
  }),
};
