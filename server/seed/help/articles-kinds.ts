import { ALL, type TArticleSeed } from './article-entry';

/** 在线收款, 预约, 投票 and 接龙 guides. */
export const KIND_ARTICLES: TArticleSeed[] = [
  {
    slug: 'online-collect',
    articleType: 9,
    title: '在线收款：开通商户并收集订单',
    summary: '完成商户进件后，参与者填写表单时直接付款，订单和退款在收款订单中管理。',
    sources: ALL,
    related: ['report-export', 'chain-signup'],
    body: `## 开通
1. 打开[商户进件](/merchant.html)，按页面提示填写主体信息和结算银行卡，提交审核。
2. 审核通过后即可收款，款项直接进入你的商户账户。

## 创建收款项目
1. 打开[创建在线收款](/questionnaire/createOnline.html)，选择**空白创建**或从模板创建。
2. 添加商品并设置价格和库存，设置付款时限：超时未支付的订单自动关闭，库存释放。
3. 发布后分享链接。

## 管理订单
在[收款订单](/online/list.html)中查看每一笔订单的支付状态，需要时发起退款。

![收款项目的订单页：按状态查看订单、发货、退款和导出](help:online-orders)`,
  },
  {
    slug: 'appoint-setup',
    articleType: 10,
    title: '预约：设置时段、名额和候补',
    summary: '按周设置开放时段和名额，单独设置例外日期，满约后可以候补。',
    sources: ALL,
    related: ['kinds-overview', 'quota-options'],
    body: `## 操作步骤
1. 打开[创建预约](/questionnaire/createAppoint.html)，创建一个预约项目。
2. 在**预约设置**中设置每周的时段和名额，例如工作日上午、下午各两个时段。
3. 某天不开放或临时调整时，添加**例外日期**并填写原因。
4. 点击**保存预约设置**，发布后就能收到预约。

![预约管理的预约设置：基本规则和每周时段](help:appoint-settings)

## 管理预约
在[预约管理](/questionnaire/appoint.html)中打开项目的**预约管理**，可以查看各时段满约率、为到场的人**到店签到**，或**取消预约**；取消后空出的名额会自动给候补的人。`,
  },
  {
    slug: 'vote-create',
    articleType: 11,
    title: '创建一个评选投票',
    summary: '从模板或空白创建投票，添加选手和分组，设置每人每天的票数。',
    sources: ALL,
    related: ['vote-rules', 'kinds-overview'],
    body: `## 操作步骤
1. 打开[创建投票](/voting/create.html)，选择**从空白创建**或**从模板创建**（封面、规则和选手分组已配好，套用后改成你的活动即可）。
2. 在编辑投票页填写标题和封面，添加选手，可以批量添加并设置分组。
3. 在**基本规则**中设置开始时间、截止时间和每人票数。
4. 点击**发布**，把链接分享给投票者。
5. 在[投票管理](/voting/list.html)中打开**投票结果**查看排名。

![投票结果页：投票概况和选手排行](help:vote-result)`,
  },
  {
    slug: 'vote-rules',
    articleType: 11,
    title: '防刷票：投票规则与白名单',
    summary: '每人每天限票、白名单投票和评论审核。',
    sources: [1],
    related: ['vote-create'],
    body: `## 建议的设置
- 每人每天限投若干票，同一设备和账号共用票数；
- 只允许白名单中的手机号投票（适合内部评选）；
- 开启评论审核，评论先审后显示。

> 每一张票都由服务器统一计数，并发投票也不会多算。`,
  },
  {
    slug: 'chain-signup',
    articleType: 12,
    title: '报名接龙：人数上限、候补与导出名单',
    summary: '设置人数上限和截止时间，满员后自动候补，有人退出时候补按顺序补上。',
    sources: ALL,
    related: ['start-jielong', 'report-export'],
    body: `## 操作步骤
1. 打开[创建接龙](/questionnaire/createSolitaire.html)，选择**报名接龙**，填写标题和说明后创建。
2. 设置**人数上限**、截止时间，需要时打开候补。
3. 发布后把链接发到群里，参与者按顺序报名。
4. 在[接龙管理](/questionnaire/solitaire.html)中点击**接龙名单**，查看报名和候补，导出 Excel。

> 有人取消报名时，候补的第一位会自动补上，并收到通知。

![手机上的接龙名单：报名顺序、人数、备注和候补](help:chain-list)`,
  },
];
