/**
 * 客户案例 (issue 48 item 2): twelve scene cases written for this product — what a school, a company, a clinic or a
 * shop wants to do, and how it is set up here step by step on screens that exist. They are scenes, not customers:
 * no client names, logos or figures. Each names the template it opens by the library's stable key (server/seed/
 * templates, `vote:` for vote templates), resolved to this database's id by active/template/getTemplatesByKey.
 * Pure data (no React): scripts/public-pages.ts reads the titles for the sitemap and the pages' cards.
 */
import type { TWorkKind } from '../../../schemas/project-kinds';

export const INDUSTRIES = ['教育', '企业', '社区', '医疗', '零售', '活动'] as const;
export type TIndustry = (typeof INDUSTRIES)[number];

export interface TCaseStep {
  title: string;
  detail: string;
}

export interface TCase {
  /** 1–12: the page /CollaborationCasesDetail/{index}. */
  index: number;
  title: string;
  industry: TIndustry;
  /** The kind of project the case builds (the template's kind). */
  kind: TWorkKind;
  /** One line for the card, the page's description and its share card. */
  summary: string;
  /** What the organiser needs, in their words. */
  problem: string[];
  steps: TCaseStep[];
  /** What to watch for. */
  tips: string[];
  /** The template's stable key. */
  template: string;
}

export const CASES: readonly TCase[] = [
  {
    index: 1,
    title: '某中学期中考试：线上小测自动判分',
    industry: '教育',
    kind: 'exam',
    summary: '英语老师用考试模板出一套语法小测，限时作答、自动判分，交卷后学生立刻看到分数和解析。',
    problem: [
      '期中复习阶段，老师想每周给两个班做一次 15 分钟的语法小测，纸质试卷批改要占掉一个晚上。',
      '希望学生交卷后马上知道哪里错了，老师能看到每道题的正确率，好安排下一节课讲什么。',
    ],
    steps: [
      {
        title: '使用“初中英语语法小测”模板',
        detail: '点击下方“使用此模板”，登录后直接进入考试编辑器，题目、分值、正确答案和答案解析都已填好，按本班进度增删题目即可。',
      },
      {
        title: '设置考试时长与作答限制',
        detail: '在编辑器顶部的“设置”里填写考试时长（如 15 分钟），勾选“需登录后作答”，并在“防止重复作答”中选择每个用户限答 1 次。',
      },
      { title: '决定交卷后学生看到什么', detail: '同一页勾选“显示考试分数”“显示正确答案”“显示答案解析”，学生交卷后在结束页看到自己的分数和每题解析。' },
      { title: '发布并发到班级群', detail: '点“发布”，在发布页复制链接或下载二维码，发到班级群或投屏到教室大屏。' },
      { title: '课后看报告', detail: '在“报告”页查看每道题的答对率和分数分布，需要留档时用“导出数据”下载 Excel 成绩表。' },
    ],
    tips: [
      '想让学生课后自己查分，可在设置里开启“结果查询”，学生凭姓名和学号在结果查询页查看本人成绩，看不到别人的。',
      '题目较多时可在“逻辑”里设置随机抽题，减少相互抄答案。',
    ],
    template: 'exam-english-grammar',
  },
  {
    index: 2,
    title: '企业员工满意度调查：匿名收集真实想法',
    industry: '企业',
    kind: 'questionnaire',
    summary: '人事部门用员工敬业度问卷做年度调研，按部门统计结果，导出交叉分析给管理层。',
    problem: ['人事部每年做一次员工满意度调研，往年用纸质问卷，回收慢、统计靠手工。', '员工担心被认出来不敢说真话，管理层又想按部门看结果。'],
    steps: [
      { title: '使用“员工敬业度调查”模板', detail: '点击“使用此模板”进入问卷编辑器，模板已包含部门、司龄、量表题和开放题，可按公司情况修改部门选项。' },
      { title: '保持匿名', detail: '在“设置”中不勾选“需登录后作答”，问卷里不问姓名和工号，只保留部门这类统计所需的信息。' },
      { title: '设定收集时间', detail: '在“收集设置”里填写开始时间和结束时间，过了结束时间答题者会看到不在收集时间内的提示。' },
      { title: '发布到企业群', detail: '发布后复制链接发到工作群，或把二维码贴在茶水间。' },
      { title: '按部门看报告', detail: '在“报告”页查看每道题的统计图表，导出 Excel 后按部门做透视表交给管理层。' },
    ],
    tips: ['部门人数很少时（如 3 人以下），建议合并成“其他部门”，避免从答案反推出个人。', '需要和同事一起改问卷时，用编辑器顶部的“协作”邀请同事。'],
    template: 'survey-engagement',
  },
  {
    index: 3,
    title: '社区团购：团长在群里接单、按自提点备货',
    industry: '社区',
    kind: 'solitaire',
    summary: '小区团长用团购接龙发布当天的生鲜，邻居按规格下单，库存实时扣减，团长按自提点汇总备货。',
    problem: ['团长每天在群里发菜品，邻居回复“+1”，再手工抄成表格，经常漏单、超卖。', '小区有两个自提点，团长需要知道每个点分别要备多少货。'],
    steps: [
      { title: '使用“社区生鲜团购接龙”模板', detail: '点击“使用此模板”创建团购接龙，模板已带好商品（名称、规格、价格、库存、每人限购）和两个自提点。' },
      { title: '改成今天的商品', detail: '在编辑器的“选择商品”题里修改商品和价格，库存填实际能拿到的数量，卖完自动停止下单，不会超卖。' },
      { title: '设置截单时间', detail: '在编辑器“设置”里填写结束时间作为截单时间。' },
      { title: '发布到小区群', detail: '发布后在发布页复制团购链接和邀请文字，发到群里；邻居在手机上选商品、选自提点提交。' },
      { title: '按自提点备货和通知取货', detail: '在接龙的数据页查看订单列表和“备货汇总”，按自提点分好货后用“通知取货”告诉已下单的邻居。' },
    ],
    tips: ['需要在线付款时改用收款页（在线收款），订单和退款都在“收款订单”里处理。', '没有自提点的团购，订单会计入“未选自提点”。'],
    template: 'chain-community-groupbuy',
  },
  {
    index: 4,
    title: '活动报名：线下沙龙的报名与名额控制',
    industry: '活动',
    kind: 'form',
    summary: '主办方用报名表收集参会者信息，晚间聚餐环节限 30 人，报满即止，会后导出名单签到。',
    problem: ['读书沙龙要收集参会者姓名、电话和想参加的环节，其中晚间聚餐只能坐 30 人。', '报名信息要能导出，活动当天按名单签到。'],
    steps: [
      { title: '使用“线下活动报名表”模板', detail: '点击“使用此模板”进入表单编辑器，活动信息、姓名、手机号码、参与环节等题目已备好。' },
      { title: '改活动信息', detail: '修改最上面的段落说明：时间、地点、注意事项。' },
      { title: '检查名额限制', detail: '模板已在“逻辑”里给“晚间聚餐”选项设了 30 人的配额，报满后该选项不能再选；按实际座位数修改。' },
      { title: '发布并收集', detail: '点“发布”，把链接或二维码放进活动海报和推文。' },
      { title: '导出名单', detail: '在“报告”页的数据详情中查看每份报名，用“导出数据”下载 Excel 名单，活动当天打印签到。' },
    ],
    tips: ['报名人数较多时，可在“收集设置”里设置答卷总数上限，报满自动停止收集。'],
    template: 'form-event-signup',
  },
  {
    index: 5,
    title: '诊所预约挂号：按时段放号，到店签到',
    industry: '医疗',
    kind: 'appoint',
    summary: '口腔诊所按医生和时段开放预约，患者在手机上选时段，诊所在预约管理里签到、看满约率。',
    problem: ['前台电话预约经常占线，患者扎堆在同一时段，医生上午忙、下午空。', '患者临时不来的情况多，诊所想提前提醒。'],
    steps: [
      { title: '使用“口腔诊所预约挂号”模板', detail: '点击“使用此模板”创建预约项目，就诊人信息、就诊项目等题目已备好。' },
      { title: '设置每周时段', detail: '在“预约管理”的预约设置里填写每周的开诊时段和每个时段的名额，节假日在“例外日期”里关闭。' },
      { title: '按医生或诊室设置资源', detail: '在预约设置里添加资源（如医生），每个时段可分别指定适用的资源。' },
      { title: '发布并放到公众号菜单', detail: '发布后把预约链接放到公众号菜单或门口的二维码上，患者能看到每个时段剩余名额，约满可候补。' },
      { title: '到店签到与提醒', detail: '在“预约记录”里查看当天预约，患者到店后点“到店签到”；患者留了手机号时，可在就诊前收到短信提醒。' },
    ],
    tips: ['患者自己的预约页可以取消、改约，并下载日历文件。', '“预约统计”里的各时段满约率可以帮助调整排班。'],
    template: 'appoint-dental',
  },
  {
    index: 6,
    title: '新品投票：让顾客选出下季度上市的口味',
    industry: '零售',
    kind: 'voting',
    summary: '茶饮品牌把五款候选口味做成投票，手机号验证一人一号，票数最高的两款下季度上市。',
    problem: ['研发准备了五款新口味，只能上市两款，想听听老顾客的意见。', '担心有人刷票，又不想让顾客注册账号。'],
    steps: [
      { title: '使用“新品口味投票”模板', detail: '点击“使用此模板”创建投票，进入投票编辑页，五款候选口味已作为选手录入，可替换成自己的产品和图片。' },
      { title: '在“投票规则”里定规则', detail: '模板规则是活动期间每人共 2 票、同一口味限 1 票、手机验证；可按需要改成每天限票或登录投票。' },
      { title: '在“基本信息”里写活动介绍', detail: '填写活动标题、封面和介绍，设置投票的开始和结束时间。' },
      { title: '发布与分享', detail: '在“发布与分享”里复制投票链接或生成二维码，贴在门店和小程序里。' },
      { title: '看结果', detail: '在“投票结果”里查看排名、每日投票趋势和投票明细，需要时导出数据。' },
    ],
    tips: ['想让顾客留言说明喜欢的理由，可在投票规则里开启评论并勾选审核。'],
    template: 'vote:new-product',
  },
  {
    index: 7,
    title: '付费课程报名：报名和缴费一步完成',
    industry: '教育',
    kind: 'online',
    summary: '烘焙工作室用收款页卖课程名额：多票种、限量、每人限购，付款成功才算报名成功。',
    problem: ['周末体验课名额有限，以前先报名再私下转账，对账麻烦，还有人报了名不付款。', '单人票和亲子票价格不同，亲子票需要登记小朋友年龄。'],
    steps: [
      { title: '使用“付费工作坊报名（烘焙课）”模板', detail: '点击“使用此模板”创建收款页，票种、库存、每人限购和报名信息题已备好。' },
      { title: '改票种和价格', detail: '在“选择票种”题里修改名称、价格和库存，库存就是名额，卖完自动停止。' },
      { title: '设置付款时限', detail: '在“设置”的收款设置里设置付款时限，超时未付的订单自动关闭并释放名额。' },
      { title: '开通收款商户后发布', detail: '在“商户进件”提交资料开通收款，发布后把链接发给学员。' },
      { title: '在“收款订单”里管理', detail: '在收款订单里查看每笔订单、处理退款，导出订单和对账单。' },
    ],
    tips: ['模板里“小朋友年龄”只在选了亲子票时出现，这是编辑器“逻辑”里的显示条件。'],
    template: 'pay-baking-workshop',
  },
  {
    index: 8,
    title: '每日阅读打卡：21 天养成读书习惯',
    industry: '教育',
    kind: 'solitaire',
    summary: '语文老师发起读书打卡，学生每天提交书名和摘抄，老师看每日完成率和连续打卡排行。',
    problem: ['寒假想让学生每天读 20 分钟书，家长在群里发照片，老师根本看不过来。', '希望知道每天谁没打卡，开学后表扬坚持最久的同学。'],
    steps: [
      { title: '使用“每日读书打卡”模板', detail: '点击“使用此模板”创建打卡接龙，打卡周期从使用当天开始，每天要填写的内容已设好。' },
      { title: '在“打卡设置”里调整规则', detail: '设置开始和结束日期、打卡日、每天开始和截止时间，是否需要照片，允许补卡的天数。' },
      { title: '发布到班级群', detail: '发布后复制打卡链接发到群里，学生每天打开同一个链接打卡，能看到自己的打卡日历。' },
      { title: '每天看完成情况', detail: '在打卡的数据页查看每日完成率、每日明细，“谁还没接龙”列出当天未打卡的同学。' },
      { title: '期末表彰', detail: '“连续打卡排行”显示坚持最久的同学，开学时据此表彰。' },
    ],
    tips: ['迟到时间之后的打卡会标记为迟到，方便区分按时完成的同学。'],
    template: 'chain-reading-checkin',
  },
  {
    index: 9,
    title: '课堂签到：一分钟完成点名',
    industry: '教育',
    kind: 'form',
    summary: '大学老师上课时投屏二维码，学生扫码签到，到课、迟到、请假分开统计，请假需写原因。',
    problem: ['两百人的大课点名要十分钟，还有代答到的情况。', '请假的同学希望也能留下记录和原因。'],
    steps: [
      { title: '使用“课堂签到表”模板', detail: '点击“使用此模板”进入表单编辑器，学生姓名、学号、班级和到课情况已备好，选“请假”时才出现请假原因。' },
      { title: '限制每人一次', detail: '在“设置”的“防止重复作答”里选择每个用户限答 1 次（需登录后作答），或每台设备限答 1 次。' },
      { title: '限定签到时间', detail: '在“收集设置”里把开始和结束时间设成上课后 10 分钟内，过时无法签到。' },
      { title: '上课时投屏二维码', detail: '发布后在发布页下载二维码，上课时投到屏幕上。' },
      { title: '课后核对', detail: '在“报告”页看到课、迟到、请假人数，在数据详情里逐条查看，导出 Excel 记平时成绩。' },
    ],
    tips: ['每次课复制一份项目（项目列表里的复制）即可重复使用，设置会一并复制。'],
    template: 'form-class-attendance',
  },
  {
    index: 10,
    title: '读书会接龙：群里报名，满员自动候补',
    industry: '社区',
    kind: 'solitaire',
    summary: '社区读书会用报名接龙，群友接龙即报名，接龙名单实时更新，20 个座位满后自动候补。',
    problem: ['读书会只有 20 个座位，群里接龙常常超员，有人退出后不知道该通知谁。', '希望每个人报名时写下想分享的章节，方便主持人安排。'],
    steps: [
      { title: '使用“周末读书会报名接龙”模板', detail: '点击“使用此模板”创建报名接龙，人数上限 20、开启候补、置顶公告都已设好。' },
      { title: '在“接龙设置”里改规则', detail: '修改人数上限、是否允许候补、截止时间和置顶公告，需要时开启仅限微信授权参与。' },
      { title: '发到群里', detail: '发布后用“复制接龙文本”把带编号的名单发进群，或分享链接和海报。' },
      { title: '看接龙名单', detail: '在“接龙名单”里看到每个人的序号、人数和备注；有人退出时，候补的书友按顺序自动递补并收到通知。' },
    ],
    tips: ['接龙名单可导出 Excel，活动当天对照签到。'],
    template: 'chain-book-club',
  },
  {
    index: 11,
    title: '校园歌手投票：决赛网络投票与评论审核',
    industry: '活动',
    kind: 'voting',
    summary: '学生会把十佳歌手决赛选手做成投票，分独唱组和组合组，每人每天 3 票，评论审核后展示。',
    problem: ['决赛成绩由评委打分和网络投票两部分组成，网络投票要防止刷票。', '同学们想给选手留言加油，但要避免不当言论。'],
    steps: [
      { title: '使用“校园十佳歌手网络投票”模板', detail: '点击“使用此模板”创建投票，进入投票编辑页，分组和示例选手已录入。' },
      { title: '在“选手管理”里录入选手', detail: '按独唱组、组合组录入决赛选手，上传照片并写上参赛曲目。' },
      { title: '在“投票规则”里设置限票与身份', detail: '模板是每人每天 3 票、同一选手每天 1 票、登录投票；学校有公众号时可改为微信授权。' },
      { title: '开启评论审核', detail: '评论已开启并需要审核，在“评论管理”里通过后才会展示。' },
      { title: '发布与分享，查看结果', detail: '在“发布与分享”里复制链接或生成选手拉票海报；在“投票结果”里看排名和投票明细。' },
    ],
    tips: ['网络投票结束后导出投票明细，与评委打分合并计算总成绩。'],
    template: 'vote:singer',
  },
  {
    index: 12,
    title: '门店收款：扫码点单、在线付款',
    industry: '零售',
    kind: 'online',
    summary: '街角咖啡馆用收款页做扫码点单，顾客选饮品付款，自取或外送，每笔订单在后台可查。',
    problem: ['小店没有点单系统，高峰期排队点单、找零很慢。', '外送订单要记下地址，月底要和收款对账。'],
    steps: [
      { title: '使用“门店扫码点单收款”模板', detail: '点击“使用此模板”创建收款页，饮品、价格、取餐方式和外送地址题已备好，选外送时才出现地址。' },
      { title: '改成自己的菜单', detail: '在“选择饮品”题里修改商品名称、规格和价格，限量商品填写库存。' },
      { title: '开通收款商户', detail: '在“商户进件”提交资料开通收款，审核通过后顾客的付款进入商户账户。' },
      { title: '发布并打印二维码', detail: '发布后下载二维码贴在收银台和桌面上。' },
      { title: '处理订单与对账', detail: '在“收款订单”里查看每笔订单、发货或标记完成、处理退款；月底导出对账单。' },
    ],
    tips: ['一屏发起收款适合只收一两项费用的场景，菜单较多时用模板更方便。'],
    template: 'pay-store-checkout',
  },
];

export const caseByIndex = (index: number): TCase | undefined => CASES.find((c) => c.index === index);

/** The case page's path (spec §2: /CollaborationCasesDetail/{caseIndex}). */
export const casePath = (index: number) => `/CollaborationCasesDetail/${index}`;
