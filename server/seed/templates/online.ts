// Online payment templates (questionType 6): each has a product subject (type 34); prices are in fen.
import type { TPredicate } from '../../../schemas/logic/ast';
import { template, type TemplateBuilder, type TemplateDef } from './builder';

interface ProductSpec {
  title: string;
  price: number;
  spec?: string;
  stock?: number;
  maxPerPerson?: number;
}

const products = (b: TemplateBuilder, title: string, list: readonly ProductSpec[]) =>
  b.add(34, { title, products: list.map((p) => ({ uuid: b.newId('g'), ...p })) });

/** The respondent bought the product at `index` of a product subject. */
const bought = (subject: { uuid: string; products: readonly { uuid: string }[] }, index: number): TPredicate => ({
  op: 'chose',
  subject: subject.uuid,
  option: subject.products[index]!.uuid,
});

const bakingWorkshop = template('pay-baking-workshop', (b) => {
  b.paragraph('<p>周日下午 2 点，跟着烘焙老师从零做一盒曲奇和一个 6 寸戚风蛋糕。材料和工具都已备好，成品可以带走。</p>', '周末烘焙工作坊');
  const tickets = products(b, '选择票种', [
    { title: '单人票', price: 16800, stock: 20, maxPerPerson: 2 },
    { title: '亲子票（1 大 1 小）', spec: '小朋友需满 6 岁', price: 26800, stock: 10, maxPerPerson: 1 },
  ]);
  b.name('报名人姓名');
  b.mobile();
  const childAge = b.add(21, { title: '小朋友年龄', min: 6, max: 14, decimals: 0, unit: '岁' });
  b.showWhen(childAge, [bought(tickets, 1)]);
  b.single('您之前有烘焙经验吗？', ['完全没有', '在家做过几次', '经常做']);
  b.text('过敏食材（如有请注明）', { required: false, maxLength: 100 });
  return {
    questionType: 6,
    category: '活动收费',
    title: '付费工作坊报名（烘焙课）',
    subtitle: '线下体验课在线报名：多票种、限量与每人限购，票种金额自动合计。',
    conclusion: '报名信息已提交，主办方确认名额后会与您联系付款事宜。',
    hot: 1460,
  };
});

const alumniDinner = template('pay-alumni-dinner', (b) => {
  b.paragraph('<p>毕业十周年聚会定于 8 月 15 日晚 6 点，在学校旁的老地方餐厅。费用 AA，多退少补，账目会在群里公示。</p>');
  b.name();
  b.text('毕业班级', { maxLength: 30 });
  b.mobile();
  const fees = products(b, '聚会费用', [
    { title: '本人参加', price: 30000, maxPerPerson: 1 },
    { title: '携带家属（每位）', price: 20000, maxPerPerson: 3 },
  ]);
  const family = b.text('家属姓名（方便准备座位牌）', { maxLength: 50 });
  b.showWhen(family, [bought(fees, 1)]);
  b.single('是否参加第二天的校园游览？', ['参加', '不参加']);
  b.textarea('想对老同学说的话', { maxLength: 300 });
  return {
    questionType: 6,
    category: '活动收费',
    title: '同学聚会 AA 收费',
    subtitle: '聚会、团建报名与费用收取一次完成，账目清楚。',
    conclusion: '已登记，费用请按群内通知支付，我们聚会见！',
    hot: 1190,
  };
});

const runningCamp = template('pay-running-camp', (b) => {
  const camp = products(b, '训练营报名费', [
    { title: '4 周跑步训练营', spec: '每周 3 次集体课 + 线上计划', price: 39900, stock: 30, maxPerPerson: 1 },
    { title: '训练营 + 定制运动服', spec: '含速干 T 恤一件', price: 49900, stock: 20, maxPerPerson: 1 },
  ]);
  b.name();
  b.single('性别', ['男', '女']);
  b.mobile();
  const size = b.dropdown('运动服尺码', ['S', 'M', 'L', 'XL', 'XXL']);
  b.single('您目前的跑步水平', ['刚开始跑步', '能连续跑 5 公里', '能连续跑 10 公里', '完成过半程马拉松']);
  b.single('是否有心脏病、高血压等不适合剧烈运动的疾病？', ['没有', '有']);
  b.add(33, { title: '本人已知悉运动风险，自愿参加，请签名' });
  b.showWhen(size, [bought(camp, 1)]);
  return {
    questionType: 6,
    category: '活动收费',
    title: '跑步训练营报名缴费',
    subtitle: '运动社群的付费训练营：报名、健康声明与电子签名。',
    conclusion: '报名信息已提交，教练确认后会拉你进训练营群。',
    hot: 580,
  };
});

const eggs = template('pay-farm-eggs', (b) => {
  b.paragraph('<p>山里散养的土鸡蛋，每周一、四发货，全程冷链包邮。破损包赔。</p>', '农家土鸡蛋预售');
  products(b, '选购商品', [
    { title: '土鸡蛋 30 枚装', price: 6800, stock: 200 },
    { title: '土鸡蛋 60 枚装', price: 12800, stock: 100 },
    { title: '乌鸡蛋 30 枚装', price: 8800, stock: 50 },
  ]);
  b.name('收货人');
  b.mobile('收货电话');
  b.add(4, { title: '收货地址', level: 'district', detail: 'required' });
  b.add(14, { title: '期望收货日期', mode: 'date', required: false });
  const use = b.single('购买用途', ['自家食用', '送给亲友']);
  const card = b.text('贺卡留言（我们会手写后放在箱内）', { maxLength: 50 });
  b.showWhen(card, [b.chose(use, 1)]);
  b.text('订单备注', { required: false, maxLength: 100 });
  return {
    questionType: 6,
    category: '商品售卖',
    title: '农产品预售下单',
    subtitle: '小商家卖货：商品规格、库存、收货信息一页搞定。',
    conclusion: '订单信息已提交，商家确认后会联系您付款和发货。',
    hot: 1320,
  };
});

const classShirt = template('pay-class-shirt', (b) => {
  b.text('学生姓名', { maxLength: 20 });
  b.dropdown('班级', ['一班', '二班', '三班', '四班', '五班', '六班']);
  const shirts = products(b, '班服订购', [
    { title: '短袖 T 恤', spec: '纯棉，正面印班徽，背后可印字', price: 4500, maxPerPerson: 3 },
    { title: '长袖卫衣', spec: '加绒，背面印班级口号', price: 8900, maxPerPerson: 2 },
  ]);
  b.single('尺码', ['120', '130', '140', '150', '160', '170', '180']);
  const printed = b.text('T 恤背后印字（选填，最多 6 个字）', { required: false, maxLength: 6 });
  b.showWhen(printed, [bought(shirts, 0)]);
  return {
    questionType: 6,
    category: '商品售卖',
    title: '班服订购收款',
    subtitle: '班级统一订购班服：款式、尺码和个性印字，件数与金额自动统计。',
    conclusion: '订购信息已提交，付款方式请留意班主任通知，班服到货后统一发放。',
    hot: 745,
  };
});

const membershipFee = template('pay-association-fee', (b) => {
  b.paragraph('<p>根据协会章程，会员需在每年 3 月 31 日前缴纳年度会费。会费用于组织活动和日常运营，收支情况每季度公示。</p>');
  b.name('会员姓名');
  const member = b.single('会员类型', ['续费会员', '新入会']);
  const number = b.text('会员编号', { maxLength: 20 });
  b.showWhen(number, [b.chose(member, 0)]);
  const referrer = b.text('推荐人（选填）', { required: false, maxLength: 20 });
  b.showWhen(referrer, [b.chose(member, 1)]);
  b.mobile();
  products(b, '会费类型', [
    { title: '普通会员年费', price: 20000, maxPerPerson: 1 },
    { title: '学生会员年费', spec: '需出示学生证', price: 10000, maxPerPerson: 1 },
    { title: '理事单位年费', price: 500000, maxPerPerson: 1 },
  ]);
  const invoice = b.single('是否需要开具发票？', ['需要', '不需要']);
  const invoiceTitle = b.text('发票抬头及税号', { maxLength: 100, placeholder: '个人发票只填姓名即可' });
  b.showWhen(invoiceTitle, [b.chose(invoice, 0)]);
  return {
    questionType: 6,
    category: '费用收缴',
    title: '协会年度会费缴纳',
    subtitle: '社团、协会、业委会的费用登记：多种会费标准，登记情况实时可查。',
    conclusion: '会费信息已登记，请按协会通知完成缴纳，感谢您的支持！',
    hot: 450,
  };
});

/** 门店收款 (issue 48 item 2): a shop's menu as one product subject, paid on the phone, picked up or delivered. */
const storeCheckout = template('pay-store-checkout', (b) => {
  b.paragraph('<p>扫码点单，做好后按取餐号叫号。外送仅限门店 3 公里内，满 30 元起送。</p>', '街角咖啡 · 扫码点单');
  products(b, '选择饮品', [
    { title: '美式咖啡', spec: '中杯', price: 1500 },
    { title: '拿铁', spec: '中杯', price: 1800 },
    { title: '燕麦拿铁', spec: '中杯', price: 2200 },
    { title: '可颂', price: 1200, stock: 30 },
  ]);
  b.name('您的称呼');
  b.mobile();
  const way = b.single('取餐方式', ['到店自取', '外送（3 公里内）']);
  const address = b.text('外送地址', { maxLength: 100, placeholder: '如：科技园 3 栋 502' });
  b.showWhen(address, [b.chose(way, 1)]);
  b.text('备注（少冰、少糖等）', { required: false, maxLength: 100 });
  return {
    questionType: 6,
    category: '商品售卖',
    title: '门店扫码点单收款',
    subtitle: '小店、咖啡馆、烘焙店通用：顾客扫码选好商品提交订单，每笔订单在后台逐笔可查。',
    conclusion: '点单已提交，请留意取餐号，做好后会叫号。',
    hot: 1025,
  };
});

export const ONLINE_TEMPLATES: readonly TemplateDef[] = [bakingWorkshop, alumniDinner, runningCamp, eggs, classShirt, membershipFee, storeCheckout];
