/**
 * 活动方案 (issue 48 item 2): an event run with several projects of this product, step by step, each step naming the
 * template it starts from (stable keys, as the cases do). What the product does not do is said so (no lottery).
 * Pure data: scripts/public-pages.ts reads it for the sitemap and the pages' cards.
 */
import type { TIndustry } from './cases-data';

export interface TPlanStep {
  title: string;
  detail: string;
  /** The template this step starts from, when it makes a project. */
  template?: string;
}

export interface TPlan {
  /** The page /programme/detail.html?id={id}. */
  id: string;
  title: string;
  industry: TIndustry;
  summary: string;
  /** When to use it and what it gets done. */
  goal: string;
  steps: TPlanStep[];
  /** Cases that show one part in detail (their indexes). */
  cases: number[];
}

export const PLANS: readonly TPlan[] = [
  {
    id: 'school-start',
    title: '开学季：兴趣班报名缴费、家长会与课堂签到',
    industry: '教育',
    summary: '开学两周内的三件事：兴趣班报名并在线缴费，家长会参会确认，开课后的课堂签到。',
    goal: '把以前靠群消息、转账截图和纸质签到表完成的工作放到三个项目里，名额、收款和出勤都有据可查。',
    steps: [
      {
        title: '兴趣班报名与缴费',
        detail: '用付费报名模板创建收款页：每个兴趣班是一个票种，库存就是名额，付款成功才占名额，超时未付自动释放。',
        template: 'pay-baking-workshop',
      },
      { title: '家长会参会接龙', detail: '班主任在班级群发起家长会接龙，家长选择谁来参会，不能参加的写明原因。', template: 'chain-parent-meeting' },
      { title: '开课后的课堂签到', detail: '每次上课投屏签到二维码，学生一分钟签到，请假写原因；在报告里统计出勤。', template: 'form-class-attendance' },
      { title: '收尾', detail: '在“收款订单”导出对账单交给财务，签到数据导出 Excel 记入平时成绩。' },
    ],
    cases: [7, 9],
  },
  {
    id: 'annual-party',
    title: '年会：聚餐报名、优秀员工评选与现场签到',
    industry: '企业',
    summary: '年会前的报名和评选：先用接龙统计参加人数和忌口，再用投票评出年度优秀员工。',
    goal: '行政提前两周知道人数和桌数，评选过程公开、一人一票。抽奖环节本平台暂不提供（即将上线），请使用现场抽奖工具。',
    steps: [
      { title: '年会聚餐报名', detail: '发起报名接龙，设人数上限为座位数并开启候补，大家接龙时写下忌口。', template: 'chain-signup-dinner' },
      {
        title: '年度优秀员工评选',
        detail: '用评选模板创建投票，按部门分组录入候选人，手机验证一人一号，投票期间隐藏票数，结束后再公布。',
        template: 'vote:employee',
      },
      { title: '现场签到', detail: '年会当天在“接龙名单”里对照名单签到，没来的同事一目了然。' },
      { title: '会后满意度', detail: '用员工调查模板收集大家对年会的意见，作为明年的参考。', template: 'survey-canteen' },
    ],
    cases: [2],
  },
  {
    id: 'store-opening',
    title: '门店开业：新品投票、社区团购与扫码点单',
    industry: '零售',
    summary: '开业前让顾客投票选新品，开业当周在周边小区做团购，开业后用收款页扫码点单。',
    goal: '开业前就和周边顾客建立联系：投票带来第一批关注，团购带来第一批订单，扫码点单减少排队。',
    steps: [
      { title: '开业前一周：新品投票', detail: '把候选新品做成投票，手机号验证一人一号，票数最高的作为开业主推。', template: 'vote:new-product' },
      { title: '开业当周：小区团购', detail: '在周边小区群发起团购接龙，设好商品库存和自提点，按自提点汇总备货。', template: 'chain-community-groupbuy' },
      { title: '开业后：扫码点单收款', detail: '收款页作为点单页，顾客扫桌上的二维码选商品付款，订单在后台逐笔可查。', template: 'pay-store-checkout' },
      { title: '一个月后：顾客满意度回访', detail: '用客户满意度模板回访老顾客，了解口味、服务和价格的意见。', template: 'survey-csat' },
    ],
    cases: [6, 3, 12],
  },
  {
    id: 'clinic-followup',
    title: '诊所：预约挂号与就诊后回访',
    industry: '医疗',
    summary: '患者在线预约时段，到店签到；就诊一周后发送净推荐值回访问卷。',
    goal: '减少电话预约和扎堆等候，用回访了解患者是否愿意推荐诊所。问卷不收集病历和诊断信息。',
    steps: [
      { title: '开放预约', detail: '用口腔诊所预约模板创建预约，在预约设置里填写每周时段、名额和例外日期。', template: 'appoint-dental' },
      { title: '就诊当天', detail: '在“预约记录”里为到店患者点“到店签到”，没来的预约可标为爽约，在预约统计里看到各时段的满约率。' },
      { title: '就诊后回访', detail: '一周后把 NPS 回访问卷发给患者，在报告里看推荐者、中立者和贬损者的比例。', template: 'survey-nps' },
    ],
    cases: [5],
  },
  {
    id: 'volunteer-day',
    title: '社区志愿服务日：招募、接龙与活动回顾',
    industry: '社区',
    summary: '先用报名表招募长期志愿者，每次活动用接龙确定当天人手，活动后收集意见。',
    goal: '长期志愿者的信息只收一次，每次活动在群里接龙就能确定人手，满员后自动候补。',
    steps: [
      { title: '招募志愿者', detail: '用志愿者招募报名表收集服务时间、服务领域和联系方式，身份证号用于购买保险。', template: 'form-volunteer' },
      { title: '每次活动接龙', detail: '活动前三天在志愿者群发起报名接龙，人数上限为需要的人手，开启候补。', template: 'chain-signup-volunteer' },
      { title: '活动后收集意见', detail: '用意见反馈表收集志愿者和居民的建议。', template: 'form-feedback' },
    ],
    cases: [10],
  },
  {
    id: 'reading-month',
    title: '读书月：读书会报名与 21 天阅读打卡',
    industry: '社区',
    summary: '月初开一场线下读书会，会后发起 21 天阅读打卡，把一次活动变成一个习惯。',
    goal: '读书会负责开头，打卡负责坚持：打卡的每日完成率和连续打卡排行让组织者看到谁在坚持。',
    steps: [
      { title: '读书会报名', detail: '发起读书会报名接龙，座位满后自动候补，报名时写下想分享的章节。', template: 'chain-book-club' },
      { title: '21 天阅读打卡', detail: '读书会结束当天发起打卡，每天提交书名和摘抄，设置允许补卡的天数。', template: 'chain-reading-checkin' },
      { title: '月末分享', detail: '按“连续打卡排行”邀请坚持最久的书友在下一期读书会分享。' },
    ],
    cases: [10, 8],
  },
  {
    id: 'campus-singer',
    title: '校园歌手大赛：选手报名、网络投票与观众反馈',
    industry: '活动',
    summary: '初赛前收集选手报名，决赛开放网络投票，赛后收集观众反馈。',
    goal: '报名、投票和反馈各用一个项目，学生会在后台就能看到全过程的数据。',
    steps: [
      { title: '选手报名', detail: '用线下活动报名表收集选手姓名、联系方式和参赛曲目，在逻辑里按需要设名额。', template: 'form-event-signup' },
      { title: '决赛网络投票', detail: '用校园歌手投票模板录入决赛选手，每人每天 3 票，评论审核后展示。', template: 'vote:singer' },
      { title: '赛后观众反馈', detail: '用意见反馈表收集观众对赛事组织的意见。', template: 'form-feedback' },
    ],
    cases: [11, 4],
  },
  {
    id: 'new-staff',
    title: '新员工入职：信息登记、培训考试与课程评价',
    industry: '企业',
    summary: '入职当天登记信息，培训结束后线上考试，最后请新员工评价培训课程。',
    goal: '人事不再手工录入入职信息，考试自动判分，培训效果有数据可看。',
    steps: [
      { title: '入职信息登记', detail: '新员工入职前填写入职信息登记表，人事在报告里导出 Excel 存档。', template: 'form-employee-info' },
      { title: '培训考试', detail: '用劳动法规培训考试模板，设置考试时长，交卷后显示分数和答案解析。', template: 'exam-labor-law' },
      { title: '课程评价', detail: '用课程教学质量评价问卷收集新员工对培训的评价。', template: 'survey-course' },
    ],
    cases: [1, 2],
  },
];

export const planById = (id: string): TPlan | undefined => PLANS.find((p) => p.id === id);

export const planPath = (id: string) => `/programme/detail.html?id=${id}`;

/** Every template a plan opens, in its steps' order. */
export const planTemplates = (plan: TPlan): string[] => [...new Set(plan.steps.flatMap((s) => (s.template ? [s.template] : [])))];
