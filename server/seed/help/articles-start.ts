import { ALL, type TArticleSeed } from './article-entry';

/** 新手入门, 项目类型 and 账户 guides. */
export const START_ARTICLES: TArticleSeed[] = [
  {
    slug: 'start-first-survey',
    articleType: 1,
    title: '五分钟发布第一份问卷',
    summary: '从登录、创建、添加题目到发布链接，一次走完一份问卷的全过程。',
    sources: [1],
    related: ['editor-add-subjects', 'publish-share-link', 'report-read'],
    body: `## 开始之前
用手机号和短信验证码即可登录，第一次登录会自动注册账号。

## 操作步骤
1. 打开[登录页](/login)，输入手机号，点击获取验证码，填好验证码后登录。
2. 登录后进入[工作台](/activeManagement.html)，在左侧菜单选择问卷，点击**创建问卷**。
3. 在[创建问卷](/questionnaire/create.html)页选择**空白创建**，填写问卷标题，点击**立即创建**；也可以点**从模板创建**挑一个模板。
4. 进入编辑页后，从左侧题型列表点击题型（如单选题、多选题、填空题）添加题目，在画布上直接修改题目和选项。
5. 点击右上角的**预览**检查效果，确认无误后点击**发布**。
6. 发布页给出链接、二维码和嵌入代码，复制链接发到微信群即可开始收集。

> 修改会自动保存，页面顶部显示“已保存”后就可以放心关闭。`,
  },
  {
    slug: 'start-jielong',
    articleType: 1,
    title: '接龙通快速入门：发起一个报名接龙',
    summary: '在手机上一屏填好标题和人数，发布后把链接发到群里，大家按顺序报名。',
    sources: [7],
    related: ['chain-signup', 'online-collect', 'appoint-setup'],
    body: `## 适合什么场景
周末活动报名、班级统计、团购下单、每日打卡，都可以用接龙完成。

## 操作步骤
1. 登录后打开[发起报名接龙](/questionnaire/quickSolitaire.html)。
2. 填写接龙标题、说明和人数上限，人数不限时保持**不限人数**。
3. 点击**发布接龙**，复制链接或保存二维码发到群里。
4. 参与者打开链接填写姓名即完成报名，满员后新报名进入候补。
5. 在[接龙管理](/questionnaire/solitaire.html)找到这个接龙，点击**接龙名单**查看报名顺序、候补和导出。

> 需要更多设置（封面、截止时间、收费）时，点击**完整编辑**进入编辑页。`,
  },
  {
    slug: 'kinds-overview',
    articleType: 2,
    title: '七种项目类型怎么选',
    summary: '问卷、考试、表单、接龙、在线收款、预约和投票各自适合什么场景。',
    sources: ALL,
    related: ['start-first-survey', 'exam-scoring', 'vote-create'],
    body: `## 各类型的用途
- **问卷**：满意度调查、市场调研，收集观点，看统计图表。
- **考试**：题目设置分值和正确答案，交卷后自动判分，可在报告的**考试成绩**中查看。
- **表单**：报名表、信息登记，每份提交是一条记录。
- **接龙**：报名接龙、团购接龙、打卡接龙，参与者看到前面的人，按顺序参与。
- **在线收款**：商品或费用在线支付，订单在[收款订单](/online/list.html)中管理。
- **预约**：按时段和名额预约，如门诊、场地、面试。
- **投票**：选手评选，按票数排名，在[投票管理](/voting/list.html)中管理。

## 在哪里创建
登录后在[工作台](/activeManagement.html)的左侧菜单选择类型，每种类型都有管理、创建、模板库和回收站四个入口。`,
  },
  {
    slug: 'exam-scoring',
    articleType: 2,
    title: '创建考试：设置分值、正确答案和随机抽题',
    summary: '考试的题目可以设分值和答案解析，交卷自动判分，还能从题组中随机抽题。',
    sources: ALL,
    related: ['kinds-overview', 'report-read', 'logic-random'],
    body: `## 操作步骤
1. 打开[创建考试](/questionnaire/createExam.html)，选择**空白创建**或到[考试模板库](/questionnaire/templateLibraryExam.html)挑一份试卷。
2. 在编辑页添加单选题或多选题，在右侧题目设置中勾选正确选项并填写**选项分值**。
3. 需要讲解时在**答案解析**中写明，交卷后答题者可以看到。
4. 想让每人的试卷不同，使用**随机抽题**：从一组题目中为每位答题者随机抽取若干题，设置**每人抽取**的题数。
5. 发布后，在**报告**中打开**考试成绩**查看每人的得分。

> 已有答卷后修改正确答案，已交的卷子按交卷时的答案判分。`,
  },
  {
    slug: 'account-member',
    articleType: 13,
    title: '会员等级与每日创建上限',
    summary: '免费版每天可创建 20 个项目、每个项目 200 题，升级会员可提高上限。',
    sources: ALL,
    related: ['account-recharge', 'faq-limit'],
    body: `## 四个等级的上限
- 免费版：每天 20 个项目，每个项目 200 题。
- 专业版：每天 50 个项目，每个项目 400 题。
- 专业增强版：每天 80 个项目，每个项目 600 题。
- 企业版：每天 100 个项目，每个项目 800 题。

![账号设置页：个人资料、登录密码和会员版本](help:account-settings)

## 如何升级
1. 点击右上角头像，选择**会员中心**，或直接打开[会员中心](/member/index.html)。
2. 选择等级和时长，确认订单后付款。
3. 付款成功后等级立即生效，创建页会显示新的每日上限。

> 超过上限时会弹出提示，点击升级版本会打开会员中心。`,
  },
  {
    slug: 'account-recharge',
    articleType: 13,
    title: '账户充值、交易记录与短信条数',
    summary: '余额用于购买短信、去广告、风控等服务，每一笔变动都可在交易记录中查到。',
    sources: ALL,
    related: ['account-member', 'faq-limit'],
    body: `## 充值
1. 打开[账户充值](/accountRecharge/index.html)，选择金额并付款。
2. 到账后余额显示在[账户](/account)页。

## 查账
在[交易记录](/transactionsRecord/index.html)中可以看到每一笔充值、消费和退款，以及变动后的余额。

## 购买服务
- [购买短信条数](/buySmsAccound.html)：用于短信通知和验证码。
- [去广告服务](/buyAdvAccound.html)：答题页不显示广告。
- [风控服务](/buyRiskAccound.html)：在报告中用**风控筛查**找出可疑答卷。`,
  },
];
