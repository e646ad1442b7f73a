/**
 * The help centre's screenshots (issue 48 item 1): each is taken from the running app with the demo data by
 * scripts/help-screenshots.ts (committed as public/help/<id>.png) and by tests/e2e/help-shots.spec.ts in CI. A
 * shot names the elements its article talks about (role + accessible name, as a user sees them): taking it fails
 * when one is no longer on the screen, so a guide cannot keep describing a button that was renamed or removed.
 * Pure data: routes name the demo projects by placeholder ({survey} …), resolved by ./demo-projects.ts.
 */
export type TShotRole = 'button' | 'link' | 'tab' | 'textbox' | 'switch' | 'heading' | 'region' | 'table' | 'radiogroup' | 'radio' | 'navigation';

/** An element as a user finds it: its role and its accessible name (exact). */
export interface TNamed {
  role: TShotRole;
  name: string;
}

/** A step before the shot: click an element; `ifShown` steps put away what may or may not be there (a first-visit hint). */
export interface TShotStep extends TNamed {
  ifShown?: boolean;
}

export interface THelpShot {
  id: string;
  /** The brand's host the screen is opened on. */
  brand: 'wenjuan' | 'toupiao' | 'jielong';
  /** The app route with demo placeholders ({survey}, {chain}, {vote}, {online}, {appoint}). */
  route: string;
  viewport: 'desktop' | 'phone';
  steps?: readonly TShotStep[];
  /** Every element the article names; each must be visible when the shot is taken. */
  names: readonly TNamed[];
}

export const SHOT_VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** The collecting survey's editor first asks whether to pause; 取消 keeps it collecting (nothing changes). */
const KEEP_COLLECTING: TShotStep = { role: 'button', name: '取消', ifShown: true };

const editor = (page: string) => `/questionnaire/edit/${page}.html?questionId={survey}`;

export const HELP_SHOTS: readonly THelpShot[] = [
  {
    id: 'editor-subject',
    brand: 'wenjuan',
    route: editor('subject'),
    viewport: 'desktop',
    steps: [KEEP_COLLECTING],
    names: [
      { role: 'navigation', name: '编辑菜单' },
      { role: 'button', name: '预览' },
      { role: 'button', name: '发布' },
      { role: 'button', name: '撤销' },
    ],
  },
  {
    id: 'editor-outline',
    brand: 'wenjuan',
    route: editor('outline'),
    viewport: 'desktop',
    steps: [KEEP_COLLECTING],
    names: [
      { role: 'heading', name: '问卷大纲' },
      { role: 'button', name: '拖动第1题' },
    ],
  },
  {
    id: 'editor-bank',
    brand: 'wenjuan',
    route: editor('questionBank'),
    viewport: 'desktop',
    steps: [KEEP_COLLECTING],
    names: [
      { role: 'tab', name: '系统题库' },
      { role: 'tab', name: '我的题库' },
      { role: 'textbox', name: '搜索题库' },
      { role: 'button', name: '插入您的姓名' },
    ],
  },
  {
    id: 'editor-setting',
    brand: 'wenjuan',
    route: editor('setting'),
    viewport: 'desktop',
    steps: [KEEP_COLLECTING],
    names: [
      { role: 'heading', name: '收集设置' },
      { role: 'textbox', name: '答卷总数上限' },
      { role: 'textbox', name: '每台设备限答' },
      { role: 'switch', name: '需登录后作答' },
    ],
  },
  {
    id: 'editor-logic',
    brand: 'wenjuan',
    route: editor('logic'),
    viewport: 'desktop',
    steps: [KEEP_COLLECTING],
    names: [
      { role: 'button', name: '添加跳转' },
      { role: 'button', name: '添加显示条件' },
      { role: 'button', name: '添加选项关联' },
      { role: 'button', name: '添加配额' },
    ],
  },
  {
    id: 'editor-style',
    brand: 'wenjuan',
    route: editor('style'),
    viewport: 'desktop',
    steps: [KEEP_COLLECTING],
    names: [
      { role: 'heading', name: '主题' },
      { role: 'button', name: '主题清新绿' },
      { role: 'radiogroup', name: '字号' },
    ],
  },
  {
    id: 'release-share',
    brand: 'wenjuan',
    route: '/questionnaire/release.html?questionId={survey}',
    viewport: 'desktop',
    names: [
      { role: 'button', name: '复制 问卷链接' },
      { role: 'button', name: '复制代码' },
      { role: 'textbox', name: '分享标题' },
      { role: 'button', name: '下载二维码' },
      { role: 'button', name: '暂停收集' },
    ],
  },
  {
    id: 'report-overview',
    brand: 'wenjuan',
    route: '/questionnaire/report.html?questionId={survey}',
    viewport: 'desktop',
    names: [
      { role: 'tab', name: '统计报表' },
      { role: 'tab', name: '数据详情' },
      { role: 'button', name: '导出数据' },
      { role: 'button', name: '应用筛选' },
    ],
  },
  {
    id: 'team-collaborate',
    brand: 'wenjuan',
    route: editor('subject'),
    viewport: 'desktop',
    steps: [KEEP_COLLECTING, { role: 'button', name: '协作' }],
    names: [
      { role: 'switch', name: '允许通过邀请链接加入' },
      { role: 'radio', name: '可编辑' },
      { role: 'button', name: '复制邀请链接' },
    ],
  },
  {
    id: 'chain-list',
    brand: 'jielong',
    route: '/questionnaire/solitaireList.html?questionId={chain}',
    viewport: 'phone',
    names: [
      { role: 'region', name: '接龙名单' },
      { role: 'button', name: '导出 Excel' },
      { role: 'button', name: '提前截止' },
    ],
  },
  {
    id: 'vote-result',
    brand: 'toupiao',
    route: '/voting/result.html?voteId={vote}',
    viewport: 'desktop',
    names: [
      { role: 'region', name: '投票概况' },
      { role: 'table', name: '选手排行' },
      { role: 'button', name: '下载数据' },
    ],
  },
  {
    id: 'online-orders',
    brand: 'wenjuan',
    route: '/online/list.html?questionId={online}',
    viewport: 'desktop',
    names: [
      { role: 'tab', name: '已支付' },
      { role: 'button', name: '导出订单' },
      { role: 'link', name: '交易统计' },
      { role: 'button', name: '发货' },
    ],
  },
  {
    id: 'appoint-settings',
    brand: 'jielong',
    route: '/questionnaire/appointManage.html?questionId={appoint}&tab=settings',
    viewport: 'desktop',
    names: [
      { role: 'tab', name: '预约设置' },
      { role: 'region', name: '基本规则' },
      { role: 'region', name: '每周时段' },
    ],
  },
  {
    id: 'account-settings',
    brand: 'wenjuan',
    route: '/account',
    viewport: 'desktop',
    names: [
      { role: 'region', name: '个人资料' },
      { role: 'button', name: '修改密码' },
      { role: 'link', name: '会员中心' },
    ],
  },
];

export const shotById = (id: string): THelpShot | undefined => HELP_SHOTS.find((shot) => shot.id === id);
