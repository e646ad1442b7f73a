import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { ROUTE_TABLE } from '../../src/app/route-table';
import { loginCreator, options, publish, subject } from './respond-support';

/** The phone widths the layout must hold (patterns.md: 360/390/414 px). */
export const PHONE_WIDTHS = [360, 390, 414];

/**
 * The help centre's other states (issue 48): a type's list, an article (the first seeded guide), an article with
 * screenshots opened by its slug as the editor's help opens it, and a search with hits.
 */
const HELP_STATES = [
  '/help.html?articleType=3',
  '/help.html?articleId=1',
  '/help.html?article=editor-setting',
  `/help/search.html?keyword=${encodeURIComponent('随机抽题')}`,
];

/** The case, plan and scene pages' other states (issue 48 item 2): a filtered grid, a plan, an unknown case. */
const CASE_STATES = [
  `/CollaborationCases/index.html?industry=${encodeURIComponent('医疗')}`,
  '/CollaborationCasesDetail/12',
  '/CollaborationCasesDetail/99',
  '/programme/detail.html?id=store-opening',
];

/**
 * Every public page of the app as the built client serves it: the route table's public entries that render
 * (redirects and the /x short link excluded, a sample value for path parameters). The /dev tools answer only on
 * this machine and are desktop tools, not pages a visitor reaches.
 */
export const PUBLIC_PATHS: string[] = ROUTE_TABLE.filter((r) => r.public && !r.redirect && r.layout !== 'bare' && !r.path.startsWith('/dev/'))
  .map((r) => r.path.replace('$caseIndex', '1'))
  .concat(HELP_STATES, CASE_STATES);

/**
 * The template pages in their main states (issue 48 item 3): an exam template as respondents see it, the respondent
 * page framed there, and a template shared by a visitor (the link signed by the server).
 */
export async function templatePaths(request: APIRequestContext): Promise<string[]> {
  const hot = await (await request.post('/api/active/template/getHotTemplateSearchPage', { data: { questionType: 2, pageSize: 1 } })).json();
  const questionId = (hot.data.list as { questionId: string }[])[0]!.questionId;
  const link = await (await request.post('/api/active/template/getTemplateShareLink', { data: { questionId } })).json();
  const share = new URL(link.data.url as string);
  return [`/template/detailQuestion.html?id=${questionId}`, `/s/${questionId}?template=1`, `${share.pathname}${share.search}`];
}

/**
 * Logged-in pages the phone sweep opens as the demo user besides the public ones (axe covers every built
 * logged-in route already, from the route table). /member/index.html is public and so among PUBLIC_PATHS.
 */
export const ACCOUNT_PATHS: string[] = [
  '/accountRecharge/index.html',
  '/transactionsRecord/index.html',
  '/info.html',
  '/buyAI.html',
  '/buySmsAccound.html',
  '/buyAdvAccound.html',
  '/buyRiskAccound.html',
  '/alipay',
  '/alipaySuccess',
  '/wechatPay.html',
  '/bindingServicer/index.html',
  '/collection.html',
  '/proList.html',
  '/email.html',
  '/smsSign/index.html',
  '/sms/sendSms.html',
  '/sms/sendSmsRecord.html',
  '/sms/recordDetail.html',
  '/mail/sendMail.html',
  '/giftList.html',
  '/operator/gifts.html',
  '/task.html',
  '/coinList.html',
  '/coinRule.html',
  '/mutual.html',
  '/aiAnalysisTest.html',
  '/aiIndex.html',
  '/aiResult.html',
  '/questionnaire/webhook.html',
];
for (const path of ACCOUNT_PATHS) {
  const entry = ROUTE_TABLE.find((r) => r.path === path);
  if (!entry || entry.public || entry.placeholder) throw new Error(`${path} is not a built logged-in route`);
}

export interface TRespondentPage {
  name: string;
  path: string;
  /** Brings the page to the state to check (e.g. past the exam's intro). */
  enter?: (page: Page) => Promise<void>;
}

let made: Promise<TRespondentPage[]> | null = null;
/** Respondent pages in their main states: a survey of every widget with a cover, a timed exam, a paused one. Made once per run. */
export function respondentPages(request: APIRequestContext): Promise<TRespondentPage[]> {
  made ??= makeRespondentPages(request);
  return made;
}

async function makeRespondentPages(request: APIRequestContext): Promise<TRespondentPage[]> {
  const token = await loginCreator(request);
  const types = [1, 2, 3, 5, 6, 8, 9, 10, 11, 12, 13, 14, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 33, 34, 37, 38, 15, 30, 36];
  const survey = await publish(request, token, {
    title: '全部题型一览：手机版面检查用的一份较长的问卷标题',
    questionType: 1,
    subjects: types.map((t) => subject(t as 1, { required: false })),
  });
  await request.post('/api/activity/question/saveOrUpdateFormat', {
    data: { questionId: survey, style: { coverImage: '/covers/blue-waves.svg' } },
    headers: { token },
  });
  const exam = await publish(request, token, {
    title: '限时小测验',
    questionType: 2,
    subjects: [
      subject(1, { title: '中国的首都是？', options: options('上海', '北京', '广州'), score: 5 }),
      subject(2, { title: '下列哪些是质数？', options: options('2', '4', '5', '9'), score: 5 }),
    ],
    settings: { examMinutes: 10 },
  });
  const paused = await publish(request, token, { title: '已暂停的问卷', questionType: 1, subjects: [subject(6, { title: '姓名' })] });
  await request.post('/api/activity/question/getQuestionStatus', { data: { questionId: paused, status: 0 }, headers: { token } });
  // 结果查询 (issue 48): the query page of an exam that has it on, by name + another field, before and after a query.
  const queried = await publish(request, token, {
    title: '成绩查询：期末考试（示例）',
    questionType: 2,
    subjects: [subject(1, { title: '1+1=?', options: options('1', '2'), score: 5 }), subject(6, { title: '姓名' }), subject(6, { title: '准考证号' })],
    settings: { queryEnabled: true, queryKey: 'field', queryShowAnswers: true },
  });
  // 答题白名单 (issue 49 item 2): the gate before the sheet, by phone + SMS code and by name + 工号.
  const whitePhone = await publish(request, token, {
    title: '白名单问卷（手机号）',
    questionType: 1,
    subjects: [subject(6, { title: '意见' })],
    settings: { whitelistEnabled: true },
  });
  const whiteName = await publish(request, token, {
    title: '白名单问卷（姓名 + 工号）',
    questionType: 1,
    subjects: [subject(6, { title: '意见' })],
    settings: { whitelistEnabled: true, whitelistMode: 'name', whitelistFieldLabel: '工号' },
  });
  const asked = async (page: Page) => {
    await page.getByLabel('姓名').fill('没有这个人');
    await page.getByLabel('准考证号').fill('000');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
  };
  const startExam = async (page: Page) => {
    await page.getByRole('button', { name: '开始答题' }).click();
    await expect(page.getByRole('timer')).toBeVisible();
  };
  return [
    { name: 'survey', path: `/s/${survey}` },
    { name: 'exam-intro', path: `/s/${exam}` },
    { name: 'exam', path: `/s/${exam}`, enter: startExam },
    { name: 'paused', path: `/s/${paused}` },
    { name: 'missing', path: '/s/NoSuchProject1' },
    { name: 'query', path: `/activityquery.html?questionId=${queried}` },
    { name: 'query-none', path: `/activityquery.html?questionId=${queried}`, enter: asked },
    { name: 'query-closed', path: `/activityquery.html?questionId=${paused}` },
    { name: 'white-gate-phone', path: `/s/${whitePhone}` },
    { name: 'white-gate-name', path: `/s/${whiteName}` },
  ];
}

/** The requests a page has in flight and how many it has started, kept from its first settle() on. */
interface TRequestWatch {
  inflight: Set<Request>;
  started: number;
}
const watches = new WeakMap<Page, TRequestWatch>();

function watch(page: Page): TRequestWatch {
  const w: TRequestWatch = { inflight: new Set(), started: 0 };
  page.on('request', (r) => {
    // A live stream (the chain pages' EventSource) stays open as long as the page: not part of its loading.
    if (r.resourceType() === 'eventsource' || r.resourceType() === 'websocket') return;
    w.inflight.add(r);
    w.started += 1;
  });
  const done = (r: Request) => w.inflight.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  watches.set(page, w);
  return w;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves after two animation frames and the main thread's next idle moment: the work a finished response set off
 * (a lazy chunk compiled, React rendering, the effects that start the page's queries) has run by then. A page that
 * navigated away meanwhile counts as busy.
 */
const idleOnce = (page: Page) =>
  page
    .evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(true), { timeout: 1_000 }))),
        ),
    )
    .catch(() => false);

/**
 * No request in flight, and none started while the page's main thread went idle twice over: the chain of document,
 * lazy chunks and first queries has ended. Playwright's 'networkidle' waits for the same end with a fixed 500 ms of
 * silence after the last response (issue 54: 0.72 → 0.41 s a page, median, paired on the same 67 pages under load).
 */
async function quiet(page: Page, w: TRequestWatch): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (let calm = 0; calm < 2;) {
    if (Date.now() > deadline) throw new Error(`settle: requests still in flight after 30 s: ${[...w.inflight].map((r) => r.url()).join(', ')}`);
    if (w.inflight.size) {
      calm = 0;
      await pause(10);
      continue;
    }
    const started = w.started;
    const idle = await idleOnce(page);
    calm = idle && w.inflight.size === 0 && w.started === started ? calm + 1 : 0;
  }
}

/** Waits until the page has drawn its content (lazy chunks, first queries). */
export async function settle(page: Page): Promise<void> {
  const w = watches.get(page);
  // The page's first settle: its requests so far were not watched, so this once the fixed quiet window.
  if (!w) {
    watch(page);
    await page.waitForLoadState('networkidle');
  } else await quiet(page, w);
  await expect(page.locator('[aria-busy="true"], .phone-spinner').first())
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  // A dialog that opens on load (the editor's 提示 for a collecting project) fades in: axe measuring mid-fade reads
  // blended colours. Wait for the finite animations to end (spinners loop forever and are not waited for).
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
}
