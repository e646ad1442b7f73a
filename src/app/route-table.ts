/**
 * The one route table (spec §2). The code-based TanStack route tree (routes.tsx), the guards (guards.ts),
 * the page titles and docs/status.md (scripts/status-doc.ts) are all derived from it. Pages never import it (it
 * imports them): what an entry is lives in route-entry.ts, and a page reads entries through the router
 * (use-route-entry.ts).
 * Pure data plus lazy import thunks: no React here, so scripts can read it under Node.
 */
import type { TWorkKind } from '../../schemas/project-kinds';

import type { TLazyComponent, TRouteEntry } from './route-entry';

const lazy = (request: string, importer: TLazyComponent['importer'], exportName: string): TLazyComponent => ({
  request,
  importer,
  exportName,
});

const HOME = lazy('features/home/home-page', () => import('../features/home/home-page'), 'HomePage');
const LANDING = lazy('features/home/landing-page', () => import('../features/home/landing-page'), 'LandingPage');
const WORKBENCH = lazy('features/home/workbench-page', () => import('../features/home/workbench-page'), 'WorkbenchPage');
const PLACEHOLDER = lazy('features/placeholder/placeholder-page', () => import('../features/placeholder/placeholder-page'), 'PlaceholderPage');
const LOGIN = lazy('features/auth/login-page', () => import('../features/auth/login-page'), 'LoginPage');
const AUTH = lazy('features/auth/auth-page', () => import('../features/auth/auth-page'), 'AuthPage');
const AUTH_H5 = lazy('features/auth/invite-login-page', () => import('../features/auth/invite-login-page'), 'AuthH5Page');
const QY_WECHAT = lazy('features/auth/invite-login-page', () => import('../features/auth/invite-login-page'), 'QyWechatPage');
const ACTIVITY_QUERY = lazy('features/result-query/activity-query-page', () => import('../features/result-query/activity-query-page'), 'ActivityQueryPage');
const CERTIFICATE_VERIFY = lazy('features/certificate/verify-page', () => import('../features/certificate/verify-page'), 'CertificateVerifyPage');
const DRAW_WINNERS = lazy('features/lucky-draw/draw-winners-page', () => import('../features/lucky-draw/draw-winners-page'), 'DrawWinnersPage');
const PRO_LIST = lazy('features/projects/pro-list-page', () => import('../features/projects/pro-list-page'), 'ProListPage');
const QQ_LOGIN = lazy('features/auth/qq-login-page', () => import('../features/auth/qq-login-page'), 'QqLoginPage');
const RED_ENVELOPE = lazy('features/red-envelope/red-envelope-page', () => import('../features/red-envelope/red-envelope-page'), 'RedEnvelopePage');
const RED_UNAPPROVED = lazy('features/red-envelope/unapproved-page', () => import('../features/red-envelope/unapproved-page'), 'UnapprovedPage');
const RED_PRIZES = lazy('features/red-envelope/prize-lists-page', () => import('../features/red-envelope/prize-lists-page'), 'PrizeListsPage');
const HELP_PAGE = lazy('features/help/help-page', () => import('../features/help/help-page'), 'HelpPage');
const HELP_FEEDBACK = lazy('features/help/feedback-screen-page', () => import('../features/help/feedback-screen-page'), 'FeedbackScreenPage');
const HELP_SEARCH = lazy('features/help/help-search-page', () => import('../features/help/help-search-page'), 'HelpSearchPage');
const CASES_INDEX = lazy('features/cases/cases-index-page', () => import('../features/cases/cases-index-page'), 'CasesIndexPage');
const CASE_DETAIL = lazy('features/cases/case-detail-page', () => import('../features/cases/case-detail-page'), 'CaseDetailPage');
const PLANS_INDEX = lazy('features/cases/plans-index-page', () => import('../features/cases/plans-index-page'), 'PlansIndexPage');
const PLAN_DETAIL = lazy('features/cases/plan-detail-page', () => import('../features/cases/plan-detail-page'), 'PlanDetailPage');
const SCENE = lazy('features/cases/scene-page', () => import('../features/cases/scene-page'), 'ScenePage');
const TERMS = lazy('features/legal/legal-page', () => import('../features/legal/legal-page'), 'TermsPage');
const PRIVACY = lazy('features/legal/legal-page', () => import('../features/legal/legal-page'), 'PrivacyPage');
const DEV_OUTBOX = lazy('features/auth/dev-outbox-page', () => import('../features/auth/dev-outbox-page'), 'DevOutboxPage');
const DEV_TRANSFERS = lazy('features/red-envelope/dev-transfers-page', () => import('../features/red-envelope/dev-transfers-page'), 'DevTransfersPage');
const COOPERATION = lazy('features/collaboration/cooperation-page', () => import('../features/collaboration/cooperation-page'), 'CooperationPage');
const COOPERATION_ERROR = lazy(
  'features/collaboration/cooperation-error-page',
  () => import('../features/collaboration/cooperation-error-page'),
  'CooperationErrorPage',
);
const SMS_SIGN = lazy('features/sms/sms-sign-page', () => import('../features/sms/sms-sign-page'), 'SmsSignPage');
const SEND_SMS = lazy('features/sms/send-sms-page', () => import('../features/sms/send-sms-page'), 'SendSmsPage');
const SEND_SMS_RECORD = lazy('features/sms/send-record-page', () => import('../features/sms/send-record-page'), 'SendSmsRecordPage');
const SMS_RECORD_DETAIL = lazy('features/sms/record-detail-page', () => import('../features/sms/record-detail-page'), 'RecordDetailPage');
const DEV_SMS_SIGN_REVIEW = lazy('features/sms/dev-sms-sign-review-page', () => import('../features/sms/dev-sms-sign-review-page'), 'DevSmsSignReviewPage');
const MUTUAL = lazy('features/mutual/mutual-page', () => import('../features/mutual/mutual-page'), 'MutualPage');
const MERCHANT = lazy('features/merchant/merchant-page', () => import('../features/merchant/merchant-page'), 'MerchantPage');
const DEV_MERCHANT_REVIEW = lazy(
  'features/merchant/dev-merchant-review-page',
  () => import('../features/merchant/dev-merchant-review-page'),
  'DevMerchantReviewPage',
);
const DEV_FLOWS = lazy('features/dev-flows/dev-flows-page', () => import('../features/dev-flows/dev-flows-page'), 'DevFlowsPage');
const PROJECT_LIST = lazy('features/projects/project-list-page', () => import('../features/projects/project-list-page'), 'ProjectListPage');
const PROJECT_CREATE = lazy('features/projects/create-page', () => import('../features/projects/create-page'), 'CreatePage');
const PROJECT_BIN = lazy('features/projects/bin-page', () => import('../features/projects/bin-page'), 'BinPage');
const TEMPLATE_LIBRARY = lazy('features/templates/template-library-page', () => import('../features/templates/template-library-page'), 'TemplateLibraryPage');
const TEMPLATE_DETAIL = lazy('features/templates/template-detail-page', () => import('../features/templates/template-detail-page'), 'TemplateDetailPage');
const TEMPLATE_QUESTION = lazy(
  'features/templates/template-question-page',
  () => import('../features/templates/template-question-page'),
  'TemplateQuestionPage',
);
const SHARE_TEMPLATE = lazy('features/templates/share-template-page', () => import('../features/templates/share-template-page'), 'ShareTemplatePage');
const EDITOR_ADD = lazy('features/editor/add-page', () => import('../features/editor/add-page'), 'AddPage');
const EDITOR_SUBJECT = lazy('features/editor/subject/subject-page', () => import('../features/editor/subject/subject-page'), 'SubjectPage');
const EDITOR_OUTLINE = lazy('features/editor/outline/outline-page', () => import('../features/editor/outline/outline-page'), 'OutlinePage');
const EDITOR_BANK = lazy('features/editor/bank/bank-page', () => import('../features/editor/bank/bank-page'), 'BankPage');
const EDITOR_SETTING = lazy('features/editor/setting/setting-page', () => import('../features/editor/setting/setting-page'), 'SettingPage');
const EDITOR_LOGIC = lazy('features/editor/logic/logic-page', () => import('../features/editor/logic/logic-page'), 'LogicPage');
const EDITOR_STYLE = lazy('features/editor/style/style-page', () => import('../features/editor/style/style-page'), 'StylePage');
const EDITOR_PREVIEW = lazy('features/editor/preview/preview-page', () => import('../features/editor/preview/preview-page'), 'PreviewPage');
const OPERATOR_GIFTS = lazy('features/gifts/operator-gifts-page', () => import('../features/gifts/operator-gifts-page'), 'OperatorGiftsPage');
const GIFT_LIST = lazy('features/gifts/gift-list-page', () => import('../features/gifts/gift-list-page'), 'GiftListPage');
const TASKS = lazy('features/task/task-page', () => import('../features/task/task-page'), 'TaskPage');
const CONTACTS = lazy('features/contacts/contacts-page', () => import('../features/contacts/contacts-page'), 'ContactsPage');
const RECEIPTS = lazy('features/receipts/receipt-page', () => import('../features/receipts/receipt-page'), 'ReceiptPage');
const RECEIPT_RECORD = lazy('features/receipts/receipt-record-page', () => import('../features/receipts/receipt-record-page'), 'ReceiptRecordPage');
const SEND_MAIL = lazy('features/mail/send-mail-page', () => import('../features/mail/send-mail-page'), 'SendMailPage');
const UNSUBSCRIBE = lazy('features/unsubscribe/unsubscribe-page', () => import('../features/unsubscribe/unsubscribe-page'), 'UnsubscribePage');
const DEV_MAILBOX = lazy('features/mail/dev-mailbox-page', () => import('../features/mail/dev-mailbox-page'), 'DevMailboxPage');
const WHITE_USER = lazy('features/whitelist/white-user-page', () => import('../features/whitelist/white-user-page'), 'WhiteUserPage');
const TEXT_IMPORT = lazy('features/text-import/text-import-page', () => import('../features/text-import/text-import-page'), 'TextImportPage');
const RELEASE = lazy('features/release/release-page', () => import('../features/release/release-page'), 'ReleasePage');
const WRITE_RECORD = lazy('features/answers/write-record-page', () => import('../features/answers/write-record-page'), 'WriteRecordPage');
const REPORT = lazy('features/report/report-page', () => import('../features/report/report-page'), 'ReportPage');
const SHEET_DETAIL = lazy('features/report/sheet-detail-page', () => import('../features/report/sheet-detail-page'), 'SheetDetailPage');
const WEBHOOKS = lazy('features/webhooks/webhook-page', () => import('../features/webhooks/webhook-page'), 'WebhookPage');
const OPTION_QUOTAS = lazy('features/option-quotas/option-quotas-page', () => import('../features/option-quotas/option-quotas-page'), 'OptionQuotasPage');
const ANSWER_LIST = lazy('features/answers/answer-list-page', () => import('../features/answers/answer-list-page'), 'AnswerListPage');
const VOTE_LIST = lazy('features/voting/vote-list-page', () => import('../features/voting/vote-list-page'), 'VoteListPage');
const VOTE_CREATE = lazy('features/voting/vote-create-page', () => import('../features/voting/vote-create-page'), 'VoteCreatePage');
const VOTE_TEMPLATES = lazy(
  'features/voting/vote-template-library-page',
  () => import('../features/voting/vote-template-library-page'),
  'VoteTemplateLibraryPage',
);
const VOTE_BIN = lazy('features/voting/vote-bin-page', () => import('../features/voting/vote-bin-page'), 'VoteBinPage');
const VOTE_ADD = lazy('features/voting/vote-add-page', () => import('../features/voting/vote-add-page'), 'VoteAddPage');
const VOTE_RESULT = lazy('features/voting/vote-result-page', () => import('../features/voting/vote-result-page'), 'VoteResultPage');
const PROJECT_COPY = lazy('features/project-copy/project-copy-page', () => import('../features/project-copy/project-copy-page'), 'ProjectCopyPage');
const VOTE_COPY = lazy('features/voting/vote-copy-page', () => import('../features/voting/vote-copy-page'), 'VoteCopyPage');
const ORDERS = lazy('features/pay/orders-page', () => import('../features/pay/orders-page'), 'OrdersPage');
const PAY_RESULT = lazy('features/pay/pay-result-page', () => import('../features/pay/pay-result-page'), 'PayResultPage');
const CHAIN_QUICK_START = lazy('features/chain/chain-quick-start-page', () => import('../features/chain/chain-quick-start-page'), 'ChainQuickStartPage');
const CHECKIN_QUICK_START = lazy(
  'features/chain/checkin-quick-start-page',
  () => import('../features/chain/checkin-quick-start-page'),
  'CheckInQuickStartPage',
);
const GROUPBUY_QUICK_START = lazy(
  'features/chain/groupbuy-quick-start-page',
  () => import('../features/chain/groupbuy-quick-start-page'),
  'GroupBuyQuickStartPage',
);
const VOTE_QUICK_START = lazy('features/voting/vote-quick-start-page', () => import('../features/voting/vote-quick-start-page'), 'VoteQuickStartPage');
const PAY_QUICK_START = lazy('features/pay-quick/pay-quick-start-page', () => import('../features/pay-quick/pay-quick-start-page'), 'PayQuickStartPage');
const CHAIN_MANAGE = lazy('features/chain/solitaire-manage-page', () => import('../features/chain/solitaire-manage-page'), 'SolitaireManagePage');
const APPOINT_MANAGE = lazy(
  'features/appointment/appointment-manage-page',
  () => import('../features/appointment/appointment-manage-page'),
  'AppointmentManagePage',
);
const MEMBER = lazy('features/account-money/member-page', () => import('../features/account-money/member-page'), 'MemberPage');
const RECHARGE = lazy('features/account-money/recharge-page', () => import('../features/account-money/recharge-page'), 'RechargePage');
const PURCHASE_PAY = lazy('features/account-money/purchase-pay-page', () => import('../features/account-money/purchase-pay-page'), 'PurchasePayPage');
const PURCHASE_RESULT = lazy(
  'features/account-money/purchase-result-page',
  () => import('../features/account-money/purchase-result-page'),
  'PurchaseResultPage',
);
const TRANSACTIONS = lazy('features/account-money/transactions-page', () => import('../features/account-money/transactions-page'), 'TransactionsPage');
const BUY_AI = lazy('features/account-money/package-page', () => import('../features/account-money/package-page'), 'BuyAiPage');
const BUY_SMS = lazy('features/account-money/package-page', () => import('../features/account-money/package-page'), 'BuySmsPage');
const BUY_ADVERT = lazy('features/account-money/package-page', () => import('../features/account-money/package-page'), 'BuyAdvertPage');
const BUY_RISK = lazy('features/account-money/package-page', () => import('../features/account-money/package-page'), 'BuyRiskPage');
const AI_ANALYSIS = lazy('features/ai-analysis/ai-analysis-page', () => import('../features/ai-analysis/ai-analysis-page'), 'AiAnalysisPage');
const AI_INDEX = lazy('features/ai-generate/ai-index-page', () => import('../features/ai-generate/ai-index-page'), 'AiIndexPage');
const AI_RESULT = lazy('features/ai-generate/ai-result-page', () => import('../features/ai-generate/ai-result-page'), 'AiResultPage');
const COIN_LIST = lazy('features/coins/coin-list-page', () => import('../features/coins/coin-list-page'), 'CoinListPage');
const COIN_RULE = lazy('features/coins/coin-rule-page', () => import('../features/coins/coin-rule-page'), 'CoinRulePage');
const INFO = lazy('features/account-money/info-page', () => import('../features/account-money/info-page'), 'InfoPage');
const ACCOUNT = lazy('features/account/account-page', () => import('../features/account/account-page'), 'AccountPage');
const WECHAT_BINDING = lazy('features/wechat-binding/binding-page', () => import('../features/wechat-binding/binding-page'), 'BindingPage');
const COLLECTION = lazy('features/favourites/collection-page', () => import('../features/favourites/collection-page'), 'CollectionPage');
const MY_DOWNLOAD = lazy('features/downloads/my-download-page', () => import('../features/downloads/my-download-page'), 'MyDownloadPage');

type TOptions = Partial<Omit<TRouteEntry, 'path' | 'title' | 'placeholder'>>;

function page(path: string, title: string, options: TOptions = {}): TRouteEntry {
  const component = options.redirect ? undefined : (options.component ?? PLACEHOLDER);
  return {
    path,
    title,
    public: false,
    layout: 'page',
    wide: options.layout === 'work',
    home: false,
    ...options,
    component,
    placeholder: component === PLACEHOLDER,
  };
}

const open = (path: string, title: string, options: TOptions = {}) => page(path, title, { ...options, public: true });
const work = (path: string, title: string, kind: TWorkKind, options: TOptions = {}) => page(path, title, { layout: 'work', kind, ...options });
const editor = (path: string, title: string, kind: TWorkKind, options: TOptions = {}) => page(path, title, { wide: true, kind, ...options });
const moved = (path: string, to: string, title: string, keepSearch = false, isPublic = true) =>
  page(path, title, { public: isPublic, redirect: { to, keepSearch } });

/** Spec §2 "Marketing and home": /home/<x> → /index/<y>. */
export const HOME_REDIRECTS: Record<string, string> = {
  '/home/vote': '/index/voting',
  '/home/survey': '/index/survey',
  '/home/exam': '/index/exam',
  '/home/form': '/index/form',
  '/home/solitaire': '/index/solitaire',
  '/home/online': '/index/online',
  '/home/order': '/index/order',
};

const LANDINGS: Array<[string, TWorkKind, string]> = [
  ['/index/voting', 'voting', '免费在线投票创建平台'],
  ['/index/survey', 'questionnaire', '免费问卷调查创建平台'],
  ['/index/exam', 'exam', '免费在线考试创建平台'],
  ['/index/form', 'form', '免费报名表单创建平台'],
  ['/index/solitaire', 'solitaire', '免费接龙报名创建平台'],
  ['/index/online', 'online', '免费在线收款创建平台'],
  ['/index/order', 'appoint', '免费在线预约创建平台'],
];

export const ROUTE_TABLE: TRouteEntry[] = [
  // Marketing and home (public)
  open('/', '首页', { layout: 'home', home: true, component: HOME }),
  open('/index', '首页', { layout: 'home', home: true, component: HOME, name: 'index' }),
  open('/home', '首页', { layout: 'home', home: true, component: HOME }),
  ...LANDINGS.map(([path, kind, title]) => open(path, title, { layout: 'home', kind, component: LANDING })),
  ...Object.entries(HOME_REDIRECTS).map(([from, to]) => moved(from, to, '首页')),
  open('/template/list.html', '免费模板', { name: 'template', component: TEMPLATE_LIBRARY }),
  open('/template/detail.html', '模板详情', { component: TEMPLATE_DETAIL }),
  open('/template/detailQuestion.html', '模板题目详情', { component: TEMPLATE_QUESTION }),
  open('/CollaborationCases/index.html', '客户案例', {
    component: CASES_INDEX,
    description: '{brand}客户案例：期中考试、员工满意度调查、社区团购、活动报名、诊所预约、新品投票等 12 个场景的做法，一键使用模板。',
  }),
  open('/CollaborationCasesDetail/$caseIndex', '案例详情', { component: CASE_DETAIL }),
  open('/programme/index.html', '活动方案', {
    component: PLANS_INDEX,
    description: '{brand}活动方案：开学季报名缴费、年会评选、门店开业团购、诊所预约回访等，按步骤使用模板。',
  }),
  open('/programme/detail.html', '活动方案详情', { component: PLAN_DETAIL }),
  // The article menu holds help and support (spec §2), so the named route `article` is the help centre.
  open('/help.html', '帮助中心', { name: 'article', component: HELP_PAGE }),
  open('/help/search.html', '帮助中心搜索', { component: HELP_SEARCH }),
  // The operator's reading of 意见反馈 (issue 48 item 1): logged in; the server refuses anyone not in OPERATOR_ACCOUNTS.
  page('/help/feedback.html', '帮助反馈', { component: HELP_FEEDBACK }),
  moved('/article.html', '/help.html', '帮助中心', true),
  open('/scene.html', '应用场景', {
    component: SCENE,
    description: '{brand}应用场景：教育、企业、社区、医疗、零售与活动，各行业的案例、活动方案和项目类型。',
  }),
  open('/x/$id', '短链接', { layout: 'bare' }),
  // The respondent side's pay result: where the cashier sends a respondent back (public: a buyer needs no account).
  open('/pay/result.html', '支付结果', { layout: 'bare', component: PAY_RESULT }),
  // Public (issue 48 item 3): the friend sees the shared template before logging in; 复制到我的账号 asks for the login.
  open('/shareQuestionnaire', '好友分享的模板', { component: SHARE_TEMPLATE }),
  // A respondent's phone page (issue 48): no header or footer, public like the answering page it follows.
  open('/activityquery.html', '结果查询', { layout: 'bare', component: ACTIVITY_QUERY }),
  // Issue 49 item 5: anyone checks an exam certificate by its number (the QR on the certificate leads here).
  // Not in spec §2 (issue 50 item 4): the unsubscribe link of every invitation e-mail and SMS.
  open('/unsubscribe.html', '退订', { layout: 'bare', component: UNSUBSCRIBE }),
  open('/certificate/verify.html', '证书查验', { layout: 'bare', component: CERTIFICATE_VERIFY }),

  // Authentication (public)
  open('/login', '登录', { name: 'loginIndex', layout: 'full', component: LOGIN }),
  open('/auth', '授权登录', { layout: 'full', component: AUTH }),
  // Not in spec §2: where QQ互联 sends the browser back (getQQLogin's redirect_uri, server/routes/user/third-party.routes.ts).
  open('/qqLogin', 'QQ登录', { layout: 'full', component: QQ_LOGIN }),
  open('/authH5', '邀请授权登录', { layout: 'full', component: AUTH_H5 }),
  open('/H5qyWechat', '企业微信邀请登录', { layout: 'full', component: QY_WECHAT }),
  // What login and sign-up accept (issue 43 item 7): public like the auth pages that link to them.
  open('/agreement.html', '用户服务协议', { component: TERMS }),
  open('/privacy.html', '隐私政策', { component: PRIVACY }),

  // Workbench, lists, creation, template libraries, recycle bins
  page('/activeManagement.html', '工作台', { layout: 'work', name: 'activeManagement', component: WORKBENCH }),
  work('/questionnaire/list.html', '问卷管理', 'questionnaire', { component: PROJECT_LIST }),
  work('/questionnaire/exam.html', '考试管理', 'exam', { component: PROJECT_LIST }),
  work('/questionnaire/form.html', '表单管理', 'form', { component: PROJECT_LIST }),
  work('/questionnaire/solitaire.html', '接龙管理', 'solitaire', { component: PROJECT_LIST }),
  work('/questionnaire/online.html', '在线收款管理', 'online', { component: PROJECT_LIST }),
  work('/questionnaire/appoint.html', '预约管理', 'appoint', { component: PROJECT_LIST }),
  work('/voting/list.html', '投票管理', 'voting', { component: VOTE_LIST }),
  work('/online/list.html', '收款订单', 'online', { component: ORDERS }),
  work('/questionnaire/create.html', '创建问卷', 'questionnaire', { name: 'questionnaireSurvey', component: PROJECT_CREATE }),
  work('/questionnaire/createExam.html', '创建考试', 'exam', { name: 'questionnaireExam', component: PROJECT_CREATE }),
  work('/questionnaire/createForm.html', '创建表单', 'form', { name: 'questionnaireForm', component: PROJECT_CREATE }),
  work('/questionnaire/createSolitaire.html', '创建接龙', 'solitaire', { name: 'questionnaireSolitaire', component: PROJECT_CREATE }),
  work('/questionnaire/quickSolitaire.html', '发起报名接龙', 'solitaire', { component: CHAIN_QUICK_START }),
  work('/questionnaire/quickCheckIn.html', '发起打卡接龙', 'solitaire', { component: CHECKIN_QUICK_START }),
  work('/questionnaire/quickGroupBuy.html', '发起团购接龙', 'solitaire', { component: GROUPBUY_QUICK_START }),
  work('/questionnaire/createOnline.html', '创建在线收款', 'online', { name: 'questionnaireOnline', component: PROJECT_CREATE }),
  work('/questionnaire/quickOnline.html', '发起收款', 'online', { component: PAY_QUICK_START }),
  work('/questionnaire/createAppoint.html', '创建预约', 'appoint', { name: 'questionnaireAppoint', component: PROJECT_CREATE }),
  work('/voting/create.html', '创建投票', 'voting', { component: VOTE_CREATE }),
  work('/voting/quick.html', '发起投票', 'voting', { component: VOTE_QUICK_START }),
  work('/questionnaire/templateLibrarySurvey.html', '问卷模板库', 'questionnaire', { component: TEMPLATE_LIBRARY }),
  work('/questionnaire/templateLibraryExam.html', '考试模板库', 'exam', { component: TEMPLATE_LIBRARY }),
  work('/questionnaire/templateLibraryForm.html', '表单模板库', 'form', { component: TEMPLATE_LIBRARY }),
  work('/questionnaire/templateLibrarySolitaire.html', '接龙模板库', 'solitaire', { component: TEMPLATE_LIBRARY }),
  work('/questionnaire/templateLibraryOnline.html', '收款模板库', 'online', { component: TEMPLATE_LIBRARY }),
  work('/questionnaire/templateLibraryAppoint.html', '预约模板库', 'appoint', { component: TEMPLATE_LIBRARY }),
  work('/voting/templateLibrary.html', '投票模板库', 'voting', { component: VOTE_TEMPLATES }),
  work('/questionnaire/delete.html', '问卷回收站', 'questionnaire', { component: PROJECT_BIN }),
  work('/questionnaire/deleteExam.html', '考试回收站', 'exam', { component: PROJECT_BIN }),
  work('/questionnaire/deleteForm.html', '表单回收站', 'form', { component: PROJECT_BIN }),
  work('/questionnaire/deleteSolitaire.html', '接龙回收站', 'solitaire', { component: PROJECT_BIN }),
  work('/questionnaire/deleteOnline.html', '收款回收站', 'online', { component: PROJECT_BIN }),
  work('/questionnaire/deleteAppoint.html', '预约回收站', 'appoint', { component: PROJECT_BIN }),
  work('/voting/delete.html', '投票回收站', 'voting', { component: VOTE_BIN }),
  work('/questionnaire/writeRecord.html', '我的填写', 'questionnaire', { component: WRITE_RECORD }),

  // Editor and project tools (each passes ?questionId=…)
  editor('/questionnaire/add.html', '编辑问卷', 'questionnaire', { layout: 'bare', component: EDITOR_ADD }),
  editor('/questionnaire/edit/subject.html', '编辑题目', 'questionnaire', { layout: 'bare', component: EDITOR_SUBJECT }),
  editor('/questionnaire/edit/outline.html', '问卷大纲', 'questionnaire', { layout: 'bare', component: EDITOR_OUTLINE }),
  editor('/questionnaire/edit/questionBank.html', '题库', 'questionnaire', { layout: 'bare', component: EDITOR_BANK }),
  editor('/questionnaire/edit/setting.html', '问卷设置', 'questionnaire', { layout: 'bare', component: EDITOR_SETTING }),
  editor('/questionnaire/edit/logic.html', '逻辑设置', 'questionnaire', { layout: 'bare', component: EDITOR_LOGIC }),
  editor('/questionnaire/edit/style.html', '外观样式', 'questionnaire', { layout: 'bare', component: EDITOR_STYLE }),
  editor('/questionnaire/release.html', '发布问卷', 'questionnaire', { component: RELEASE }),
  editor('/questionnaire/report.html', '统计报告', 'questionnaire', { component: REPORT, prefetch: 'report' }),
  // The full-page settings screen (issue 49 item 4): the editor's settings cards and calls, opened from 更多.
  editor('/questionnaire/setting.html', '项目设置', 'questionnaire', { layout: 'bare', component: EDITOR_SETTING }),
  editor('/questionnaire/solitaireList.html', '接龙名单', 'solitaire', { component: CHAIN_MANAGE }),
  editor('/questionnaire/appointManage.html', '预约管理', 'appoint', { component: APPOINT_MANAGE }),
  editor('/questionnaire/preview.html', '预览', 'questionnaire', { layout: 'bare', component: EDITOR_PREVIEW }),
  editor('/questionnaire/copy.html', '复制项目', 'questionnaire', { component: PROJECT_COPY }),
  editor('/questionnaire/answerSheetDetail.html', '答卷详情', 'questionnaire', { component: SHEET_DETAIL }),
  editor('/voting/add.html', '编辑投票', 'voting', { name: 'addVote', layout: 'work', component: VOTE_ADD }),
  editor('/voting/result.html', '投票结果', 'voting', { component: VOTE_RESULT }),
  editor('/voting/copy.html', '复制投票', 'voting', { component: VOTE_COPY }),
  page('/cooperation.html', '加入协作团队', { component: COOPERATION }),
  page('/cooperationError.html', '邀请链接已失效', { component: COOPERATION_ERROR }),
  page('/textImport.html', '文本导入', { component: TEXT_IMPORT }),
  page('/RedEnvelope.html', '红包设置', { component: RED_ENVELOPE }),
  page('/whiteUser.html', '答题白名单', { component: WHITE_USER }),
  page('/unapproved.html', '待审核红包', { component: RED_UNAPPROVED }),
  // The account purchase's WeChat result (/alipaySuccess is its Alipay one); the server forwards a respondent
  // order's old link here to /pay/result.html.
  page('/wechatPay.html', '支付结果', { component: PURCHASE_RESULT }),
  page('/prizeLists.html', '中奖名单', { component: RED_PRIZES }),
  page('/optionsQuota.html', '选项配额', { component: OPTION_QUOTAS, wide: true }),
  // Issue 53 item 3: a project's webhooks and their delivery log (manage power), from the project list's 更多.
  editor('/questionnaire/webhook.html', '数据推送', 'questionnaire', { component: WEBHOOKS }),
  // Not in spec §2 (issue 49 item 5): 答题抽奖's winners, from the settings' card; /prizeLists.html may show it as a tab.
  page('/luckyDraw/winners.html', '抽奖中奖名单', { component: DRAW_WINNERS, wide: true }),
  page('/SMSReceipt.html', '短信回执', { component: RECEIPTS, wide: true }),
  page('/SMSReceiptRecord.html', '短信回执记录', { component: RECEIPT_RECORD, wide: true }),
  page('/answerList.html', '答卷列表', { component: ANSWER_LIST, wide: true }),
  page('/proList.html', '项目列表', { component: PRO_LIST }),

  // Account, member, tasks
  open('/account', '账户', { name: 'account', component: ACCOUNT }),
  page('/info.html', '消息与充值记录', { component: INFO }),
  page('/bindingServicer/index.html', '绑定客服', { component: WECHAT_BINDING }),
  page('/accountRecharge/index.html', '账户充值', { component: RECHARGE }),
  page('/transactionsRecord/index.html', '交易记录', { component: TRANSACTIONS }),
  page('/smsSign/index.html', '短信签名', { component: SMS_SIGN }),
  page('/buyAI.html', '购买AI次数', { component: BUY_AI }),
  page('/buySmsAccound.html', '购买短信条数', { component: BUY_SMS }),
  page('/buyAdvAccound.html', '去广告服务', { component: BUY_ADVERT }),
  page('/buyRiskAccound.html', '风控服务', { component: BUY_RISK }),
  open('/member/index.html', '会员中心', { name: 'memberIndex', component: MEMBER }),
  page('/alipay', '支付订单', { component: PURCHASE_PAY }),
  page('/alipaySuccess', '支付结果', { component: PURCHASE_RESULT }),
  page('/task.html', '任务中心', { component: TASKS }),
  page('/giftList.html', '礼品兑换', { component: GIFT_LIST }),
  // The site operator ships the gift exchanges (issue 51 follow-up): logged in; the server refuses anyone not in OPERATOR_ACCOUNTS.
  page('/operator/gifts.html', '礼品发货', { component: OPERATOR_GIFTS }),
  page('/coinRule.html', '{coin}规则', { component: COIN_RULE }),
  page('/coinList.html', '{coin}明细', { component: COIN_LIST }),
  page('/mutual.html', '互助问答', { component: MUTUAL }),
  page('/merchant.html', '商户进件', { layout: 'full', component: MERCHANT }),
  page('/collection.html', '我的收藏', { component: COLLECTION }),
  page('/myDownload.html', '我的下载', { component: MY_DOWNLOAD }),

  // Contacts, SMS, mail, AI
  page('/email.html', '通讯录', { component: CONTACTS }),
  page('/sms/sendSmsRecord.html', '发送记录', { component: SEND_SMS_RECORD }),
  page('/sms/sendSms.html', '发送短信', { component: SEND_SMS }),
  page('/sms/recordDetail.html', '发送详情', { component: SMS_RECORD_DETAIL }),
  page('/mail/sendMail.html', '发送邮件', { component: SEND_MAIL }),
  page('/aiIndex.html', 'AI生成问卷', { component: AI_INDEX }),
  page('/aiResult.html', 'AI生成结果', { component: AI_RESULT }),
  page('/aiAnalysisTest.html', 'AI智能分析', { component: AI_ANALYSIS }),

  // Development tools (public, for the local outbox and flow diagrams)
  open('/dev/outbox', '开发发件箱', { layout: 'full', component: DEV_OUTBOX }),
  open('/dev/transfers', '沙箱转账', { layout: 'full', component: DEV_TRANSFERS }),
  open('/dev/mailbox', '开发邮件发件箱', { layout: 'full', component: DEV_MAILBOX }),
  open('/dev/merchant-review', '商户进件审核', { layout: 'full', component: DEV_MERCHANT_REVIEW }),
  open('/dev/sms-sign-review', '短信签名审核', { layout: 'full', component: DEV_SMS_SIGN_REVIEW }),
  open('/dev/flows', '流程模拟器', { layout: 'full', component: DEV_FLOWS }),
];

/** Case detail pages that exist (spec §2: 12 case detail pages are public). */
export const CASE_COUNT = 12;

const byPath = new Map(ROUTE_TABLE.map((entry) => [entry.path, entry]));

export function routeByPath(path: string): TRouteEntry | undefined {
  return byPath.get(path);
}

/** Path of a named route (spec §2 "Named routes"). */
export function pathOf(name: string): string {
  const hit = ROUTE_TABLE.find((entry) => entry.name === name);
  if (!hit) throw new Error(`Unknown route name: ${name}`);
  return hit.path;
}
