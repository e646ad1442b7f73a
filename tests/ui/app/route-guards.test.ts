import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
import { CASE_COUNT, HOME_REDIRECTS, ROUTE_TABLE } from '../../../src/app/route-table';
import { createAppRouter } from '../../../src/app/routes';

/** Opens `href` in a fresh router and returns where the guards let it land. */
async function land(href: string) {
  const router = createAppRouter({
    queryClient: new QueryClient(),
    history: createMemoryHistory({ initialEntries: [href] }),
  });
  await router.load();
  const { pathname, search } = router.state.location;
  return { pathname, search: search as Record<string, unknown> };
}

const LANDINGS = ['/index/voting', '/index/survey', '/index/exam', '/index/form', '/index/solitaire', '/index/online', '/index/order'];
const CASES = Array.from({ length: CASE_COUNT }, (_, index) => `/CollaborationCasesDetail/${index + 1}`);

/** Spec §2 "Public routes", one concrete address each. */
const PUBLIC_PAGES = [
  '/',
  '/index',
  '/home',
  ...LANDINGS,
  '/login',
  '/auth',
  '/authH5',
  '/H5qyWechat',
  // What login and sign-up accept (issue 43 item 7; docs/decisions.md): public like the auth pages linking to them.
  '/agreement.html',
  '/privacy.html',
  // Where QQ互联 sends the browser back (issue 46; docs/decisions.md): public, it logs a visitor in.
  '/qqLogin',
  '/help.html',
  '/help/search.html',
  '/template/list.html',
  '/template/detail.html',
  '/template/detailQuestion.html',
  '/account',
  '/member/index.html',
  '/programme/index.html',
  '/programme/detail.html',
  '/CollaborationCases/index.html',
  ...CASES,
  '/scene.html',
  '/x/a1B2c3',
  '/dev/outbox',
  '/dev/merchant-review',
  '/dev/transfers',
  '/dev/mailbox',
  '/dev/sms-sign-review',
  '/dev/flows',
  // The cashier sends a respondent back here, with or without an account (issue 21; moved off /wechatPay.html by
  // issue 46, docs/decisions.md). /wechatPay.html and /alipaySuccess are the logged-in result pages of a plan or
  // package paid through a provider (WeChat, Alipay); the server forwards a respondent order's old link.
  '/pay/result.html',
  // 结果查询 (issue 48; docs/decisions.md): a respondent looks up their own result without an account, like answering.
  '/activityquery.html',
  // A template a friend shared (issue 48 item 3; docs/decisions.md): its card shows before login, copying asks for it.
  '/shareQuestionnaire',
  // An exam certificate's QR leads here (issue 49 item 5; docs/decisions.md): anyone holding it checks it, no account.
  '/certificate/verify.html',
  // The unsubscribe link of every invitation e-mail and SMS (issue 50 item 4; docs/decisions.md): the contact has no account.
  '/unsubscribe.html',
];

const PUBLIC_PATTERNS = new Set(
  PUBLIC_PAGES.map((path) => path.replace(/^\/CollaborationCasesDetail\/\d+$/, '/CollaborationCasesDetail/$caseIndex').replace(/^\/x\/.+$/, '/x/$id')),
);

const concrete = (path: string) => path.replace('$caseIndex', '3').replace('$id', 'a1B2c3');
const PROTECTED = ROUTE_TABLE.filter((entry) => !entry.public && !entry.redirect).map((entry) => concrete(entry.path));

afterEach(() => forgetSession());

describe('route table', () => {
  it('marks exactly the spec §2 public routes as public (redirect routes aside)', () => {
    const publicPaths = ROUTE_TABLE.filter((entry) => entry.public && !entry.redirect).map((entry) => entry.path);
    expect(new Set(publicPaths)).toEqual(PUBLIC_PATTERNS);
  });

  it('has unique paths and a Chinese title for every entry', () => {
    const paths = ROUTE_TABLE.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const entry of ROUTE_TABLE) expect(entry.title, entry.path).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('anonymous visitor', () => {
  it.each(PUBLIC_PAGES)('may open public route %s', async (path) => {
    expect((await land(path)).pathname).toBe(path);
  });

  it.each(Object.entries(HOME_REDIRECTS))('%s redirects to %s', async (from, to) => {
    expect((await land(from)).pathname).toBe(to);
  });

  it('/article.html redirects to /help.html keeping articleId and articleType', async () => {
    const landed = await land('/article.html?articleId=12&articleType=3');
    expect(landed.pathname).toBe('/help.html');
    expect(landed.search).toMatchObject({ articleId: 12, articleType: 3 });
  });

  it.each(PROTECTED)('is sent from %s to /login with a redirect', async (path) => {
    const landed = await land(path);
    expect(landed.pathname).toBe('/login');
    expect(landed.search.redirect).toBe(path);
  });

  it.each([
    '/questionnaire/list.html?page=2',
    '/questionnaire/edit/subject.html?questionId=Qx9kLm',
    '/cooperation.html?work_code=AbC123',
    '/questionnaire/writeRecord.html?questionType=2',
  ])('keeps the query of %s in the redirect', async (href) => {
    const landed = await land(href);
    expect(landed.pathname).toBe('/login');
    expect(landed.search.redirect).toBe(href);
  });

  it.each(['/nope', '/questionnaire/nope.html', '/index/unknown/deeper'])('unknown path %s goes to /', async (path) => {
    expect((await land(path)).pathname).toBe('/');
  });
});

describe('logged-in user (token present)', () => {
  it.each(['/login', '/login?redirect=%2Finfo.html'])('opening %s goes to /index', async (href) => {
    markSession();
    expect((await land(href)).pathname).toBe('/index');
  });

  it.each(['/activeManagement.html', '/questionnaire/list.html', '/voting/add.html', '/info.html', '/member/index.html', '/'])('may open %s', async (path) => {
    markSession();
    expect((await land(path)).pathname).toBe(path);
  });

  it('unknown path goes to /', async () => {
    markSession();
    expect((await land('/definitely/not/here')).pathname).toBe('/');
  });
});
