// Sign-up chain templates (questionType 5): short fill-ins and choices everyone can answer in a minute.
// solitaireType (spec §3): 1 check-in, 2 group-buy, 4 sign-up chain.
import { template, type TemplateDef, type TTemplateChain, type TTemplateCheckIn } from './builder';

const hiking = template('chain-family-hiking', (b) => {
  b.paragraph('<p>本周六上午 8:30 在森林公园南门集合，全程约 6 公里，适合 5 岁以上的小朋友。请穿运动鞋、带好饮用水。</p>', '周末亲子徒步');
  b.name('家长姓名');
  b.mobile('联系电话');
  b.add(21, { title: '大人人数', min: 1, max: 6, decimals: 0, unit: '人' });
  b.add(21, { title: '小朋友人数', min: 0, max: 6, decimals: 0, unit: '人' });
  const car = b.single('是否自驾前往？', ['自驾，可以捎带其他家庭', '自驾，车已坐满', '需要拼车', '自行前往']);
  const seats = b.add(21, { title: '还能捎带几人？', min: 1, max: 6, decimals: 0, unit: '人' });
  b.showWhen(seats, [b.chose(car, 0)]);
  b.text('备注', { required: false, maxLength: 100 });
  return {
    questionType: 5,
    // A form every family fills in (car pooling, children): a feedback chain, not the live list of a sign-up chain.
    solitaireType: 3,
    category: '报名接龙',
    title: '周末亲子徒步报名接龙',
    subtitle: '家庭活动报名：登记人数、拼车需求，群里一目了然。',
    conclusion: '接龙成功！周六不见不散。',
    hot: 1210,
  };
});

const parentMeeting = template('chain-parent-meeting', (b) => {
  b.paragraph('<p>各位家长好！本学期家长会定于周五下午 3 点在各班教室召开，请家长接龙确认参会情况。</p>');
  b.text('学生姓名', { maxLength: 20 });
  b.add(8, { title: '参会家长', options: b.opts(['爸爸', '妈妈', '爸爸妈妈都来', { title: '其他家人（请注明）', fillIn: true, fillInRequired: true }]) });
  const attend = b.single('是否能按时参加？', ['能按时参加', '会晚到一会儿', '无法参加']);
  const reason = b.text('无法参加的原因', { maxLength: 100 });
  b.showWhen(reason, [b.chose(attend, 2)]);
  b.textarea('想和老师沟通的问题', { maxLength: 200 });
  return {
    questionType: 5,
    solitaireType: 3,
    category: '报名接龙',
    title: '班级家长会参会接龙',
    subtitle: '班主任常用：家长一键接龙确认是否参会，缺席原因随手记录。',
    conclusion: '已接龙，谢谢配合！',
    hot: 1580,
  };
});

/**
 * A daily check-in (solitaireType 1, issue 20): the check-in page asks a name and the content the settings ask
 * (text, photos, a number with its unit); the subjects mirror that, the settings come with the template and the
 * period starts on the day the template is used.
 */
function checkIn(
  key: string,
  meta: {
    title: string;
    description: string;
    textTitle: string;
    photoTitle: string;
    hot: number;
    conclusion: string;
    checkIn: TTemplateCheckIn;
  },
) {
  return template(key, (b) => {
    const rules = meta.checkIn;
    b.paragraph(`<p>${meta.description}</p>`, meta.title);
    b.name('姓名');
    if (rules.textMode !== 'off') b.textarea(meta.textTitle, { required: rules.textMode === 'required', maxLength: 500 });
    if (rules.numberMode !== 'off')
      b.add(21, { title: rules.numberLabel, required: rules.numberMode === 'required', min: 0, max: 1_000_000, decimals: 0, unit: rules.numberUnit });
    if (rules.photoMode !== 'off')
      b.add(13, { title: meta.photoTitle, required: rules.photoMode === 'required', accept: ['jpg', 'jpeg', 'png'], maxSizeMb: 10, maxCount: 9 });
    return {
      questionType: 5,
      solitaireType: 1,
      category: '打卡接龙',
      title: meta.title,
      subtitle: meta.description,
      conclusion: meta.conclusion,
      hot: meta.hot,
      checkIn: meta.checkIn,
    };
  });
}

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

const earlyRise = checkIn('chain-early-rise-checkin', {
  title: '21 天早起打卡',
  description: '连续 21 天，每天早上 5:00–8:00 之间起床打卡，7:00 以后算迟到。拍一张窗外或早餐的照片，写一句今天的小目标。漏掉的一天可以在 2 天内补卡。',
  textTitle: '今天的小目标',
  photoTitle: '早起照片',
  conclusion: '早起打卡成功！美好的一天从现在开始。',
  hot: 2120,
  checkIn: {
    days: 21,
    weekdays: EVERY_DAY,
    windowStart: '05:00',
    windowEnd: '08:00',
    lateAfter: '07:00',
    textMode: 'optional',
    photoMode: 'required',
    numberMode: 'off',
    numberLabel: '',
    numberUnit: '',
    makeupDays: 2,
  },
});

const reading = checkIn('chain-reading-checkin', {
  title: '每日读书打卡',
  description: '每天读书 30 分钟，读完记下今天读的书、阅读时长和一段摘抄或感想，照片选填。为期 30 天，当天 24 点前打卡，漏掉的一天可以在 3 天内补卡。',
  textTitle: '今天读的书和摘抄感想',
  photoTitle: '读书照片（选填）',
  conclusion: '打卡成功！坚持阅读，遇见更好的自己。',
  hot: 1730,
  checkIn: {
    days: 30,
    weekdays: EVERY_DAY,
    windowStart: '00:00',
    windowEnd: '24:00',
    lateAfter: null,
    textMode: 'required',
    photoMode: 'optional',
    numberMode: 'required',
    numberLabel: '阅读时长',
    numberUnit: '分钟',
    makeupDays: 3,
  },
});

const exercise = checkIn('chain-exercise-checkin', {
  title: '21 天运动打卡',
  description: '运动社群 21 天步数挑战：每天 18:00 以后填写今天的步数，附一张运动 App 截图，22:00 以后算迟到。漏掉的一天可以在 1 天内补卡。',
  textTitle: '今天的运动心得（选填）',
  photoTitle: '步数截图',
  conclusion: '今天也很棒！明天继续加油。',
  hot: 1340,
  checkIn: {
    days: 21,
    weekdays: EVERY_DAY,
    windowStart: '18:00',
    windowEnd: '24:00',
    lateAfter: '22:00',
    textMode: 'optional',
    photoMode: 'required',
    numberMode: 'required',
    numberLabel: '今日步数',
    numberUnit: '步',
    makeupDays: 1,
  },
});

const classCheckIn = checkIn('chain-class-health', {
  title: '班级每日健康打卡',
  description: '上学日每天早上 6:00–8:30 家长打卡，写明孩子的体温和身体状况（如：36.5℃，良好），8:00 以后算迟到。老师统一查看未打卡的同学。',
  textTitle: '体温与身体状况',
  photoTitle: '照片（选填）',
  conclusion: '打卡完成，谢谢家长！',
  hot: 990,
  checkIn: {
    days: null,
    weekdays: [1, 2, 3, 4, 5],
    windowStart: '06:00',
    windowEnd: '08:30',
    lateAfter: '08:00',
    textMode: 'required',
    photoMode: 'off',
    numberMode: 'off',
    numberLabel: '',
    numberUnit: '',
    makeupDays: 0,
  },
});

/**
 * A group-buy (solitaireType 2, issue 20 item 3): the page sells the 商品 subject's products (spec, price in fen,
 * stock, per-person limit), asks 姓名 and 手机号, and the 自提点 choice (an option named 送货上门 asks the address).
 */
function groupBuy(
  key: string,
  meta: {
    title: string;
    description: string;
    products: { title: string; spec: string; price: number; stock: number; maxPerPerson?: number }[];
    points: string[];
    hot: number;
    conclusion: string;
  },
) {
  return template(key, (b) => {
    b.paragraph(`<p>${meta.description}</p>`, meta.title);
    b.name('姓名');
    b.mobile('手机号');
    b.add(34, { title: '选择商品', products: meta.products.map((p) => ({ uuid: b.newId('p'), ...p })) });
    b.single('自提点', meta.points);
    if (meta.points.some((p) => /送货|上门|快递/.test(p))) b.text('收货地址（选送货上门时填写）', { required: false, maxLength: 200 });
    return {
      questionType: 5,
      solitaireType: 2,
      category: '团购接龙',
      title: meta.title,
      subtitle: meta.description,
      conclusion: meta.conclusion,
      hot: meta.hot,
    };
  });
}

const fruit = groupBuy('chain-fruit-groupbuy', {
  title: '小区水果团购接龙',
  description: '本周产地直发：赣南脐橙、四川丑橘、海南贵妃芒。周四 20:00 截单，周六上午到货，在自提点取货；送货上门限本小区。',
  products: [
    { title: '赣南脐橙', spec: '10斤装', price: 5800, stock: 60, maxPerPerson: 3 },
    { title: '四川丑橘', spec: '5斤装', price: 4500, stock: 40, maxPerPerson: 3 },
    { title: '海南贵妃芒', spec: '5斤装', price: 3900, stock: 30, maxPerPerson: 2 },
  ],
  points: ['小区东门快递柜旁', '3号楼大堂', '送货上门（本小区）'],
  conclusion: '接龙成功！到货后会在群里通知取货。',
  hot: 2280,
});

const community = groupBuy('chain-community-groupbuy', {
  title: '社区生鲜团购接龙',
  description: '每周二、周五开团：当天现杀土鸡、散养鸡蛋、时令蔬菜包。前一天 21:00 截单，第二天 16:00 后到团长家门口自提。',
  products: [
    { title: '散养土鸡蛋', spec: '30枚/盒', price: 3600, stock: 80, maxPerPerson: 4 },
    { title: '现杀土鸡', spec: '约 2.5 斤/只', price: 8800, stock: 20, maxPerPerson: 2 },
    { title: '时令蔬菜包', spec: '5 种约 4 斤', price: 2500, stock: 50 },
  ],
  points: ['团长家（5栋1单元101）', '社区服务中心门口'],
  conclusion: '接龙成功！明天 16:00 后凭手机号后四位取货。',
  hot: 1930,
});

const classOrder = groupBuy('chain-class-order', {
  title: '班级校服订购接龙',
  description: '新学期统一订购秋季校服，按尺码下单，每位同学限订 2 套。本周五截单，下周一由班主任在教室统一发放。',
  products: [
    { title: '秋季校服套装', spec: '130码', price: 16800, stock: 15, maxPerPerson: 2 },
    { title: '秋季校服套装', spec: '140码', price: 16800, stock: 20, maxPerPerson: 2 },
    { title: '秋季校服套装', spec: '150码', price: 17800, stock: 15, maxPerPerson: 2 },
  ],
  points: ['教室统一发放'],
  conclusion: '接龙成功！下周一在教室领取。',
  hot: 1640,
});

const newYearGoods = groupBuy('chain-newyear-groupbuy', {
  title: '年货礼盒团购接龙',
  description: '公司工会节日团购：坚果、腊味、海鲜干货礼盒，1 月 20 日截单，春节前一周到货，前台自提或快递到家（运费自理）。',
  products: [
    { title: '坚果礼盒', spec: '1.5kg', price: 12800, stock: 100, maxPerPerson: 5 },
    { title: '腊味礼盒', spec: '2kg', price: 16800, stock: 60, maxPerPerson: 5 },
    { title: '海鲜干货礼盒', spec: '1kg', price: 23800, stock: 40, maxPerPerson: 3 },
  ],
  points: ['公司前台自提', '快递上门（运费自理）'],
  conclusion: '接龙成功！到货后前台会通知取货。',
  hot: 865,
});

/**
 * A sign-up chain (solitaireType 4, issue 20): the live numbered list. Its subjects are what the chain page asks
 * (name, people, a short note), the description is what participants read at the top, the settings come with it.
 */
function signUp(
  key: string,
  meta: { title: string; description: string; note: string; notePlaceholder: string; hot: number; conclusion: string; chain: TTemplateChain },
) {
  return template(key, (b) => {
    b.paragraph(`<p>${meta.description}</p>`, meta.title);
    b.name('姓名');
    b.add(21, { title: '人数（含本人）', min: 1, max: 20, decimals: 0, unit: '人' });
    b.text(meta.note, { required: false, maxLength: 200, placeholder: meta.notePlaceholder });
    return {
      questionType: 5,
      solitaireType: 4,
      category: '报名接龙',
      title: meta.title,
      subtitle: meta.description,
      conclusion: meta.conclusion,
      hot: meta.hot,
      chain: meta.chain,
    };
  });
}

const activity = signUp('chain-signup-activity', {
  title: '周末城市骑行活动报名',
  description: '本周六早上 7:30 在滨江公园北门集合，沿江骑行约 25 公里，中途在湿地公园补给休息，11:30 前返回。请自备头盔和饮用水，可租共享单车。',
  note: '备注',
  notePlaceholder: '如：自带山地车 / 需要租车',
  conclusion: '报名成功！周六早上 7:30 北门见。',
  hot: 2460,
  chain: { cap: 30, waitlist: true, multiple: false, maskNames: false, pinnedNote: '名额 30 人，满员后可候补；有人退出时按候补顺序自动递补。' },
});

const dinner = signUp('chain-signup-dinner', {
  title: '部门年终聚餐报名',
  description: '12 月 20 日（周五）晚 18:30，公司对面「湘里人家」二楼包间，共 3 桌。费用由部门团建经费承担，可携带 1 位家属。',
  note: '忌口或备注',
  notePlaceholder: '如：不吃辣 / 带家属 1 人',
  conclusion: '已报名，聚餐见！',
  hot: 1990,
  chain: { cap: 30, waitlist: true, multiple: false, maskNames: false, pinnedNote: '3 桌共 30 个座位，按接龙顺序安排；不能来的请及时退出，方便候补的同事。' },
});

const carpool = signUp('chain-signup-carpool', {
  title: '周五下班拼车回家接龙',
  description: '周五 18:00 从园区东门出发，途经地铁 2 号线龙阳路站，终点浦东机场附近。车上 4 个座位，油费和过路费按人数平摊。',
  note: '下车地点',
  notePlaceholder: '如：龙阳路地铁站',
  conclusion: '已占座，周五 18:00 东门见。',
  hot: 1440,
  chain: { cap: 4, waitlist: true, multiple: false, maskNames: true, pinnedNote: '车牌号发车前在群里发，请准时到东门，过时不候。' },
});

const volunteer = signUp('chain-signup-volunteer', {
  title: '社区志愿者报名接龙',
  description: '本周日上午 9:00–11:30 在社区服务中心开展垃圾分类宣传和楼道清理，需要志愿者 12 名。提供马甲、手套和午餐，可记志愿服务时长。',
  note: '可以参加的时段',
  notePlaceholder: '如：全程 / 只能上午 10 点前',
  conclusion: '感谢报名！周日 9:00 在社区服务中心签到。',
  hot: 1160,
  chain: { cap: 12, waitlist: true, multiple: false, maskNames: true, pinnedNote: '请穿方便活动的衣服，签到后领取马甲和手套。' },
});

const bookClub = signUp('chain-book-club', {
  title: '周末读书会报名接龙',
  description: '本月共读《活着》，周日下午 2:30 在社区图书室二楼，每人分享 5 分钟读后感，茶水自备。座位 20 个，报满可候补。',
  note: '想分享的章节或话题',
  notePlaceholder: '如：第三章 / 福贵和家珍',
  conclusion: '报名成功！周日下午图书室见。',
  hot: 935,
  chain: { cap: 20, waitlist: true, multiple: false, maskNames: false, pinnedNote: '不能来的书友请提前退出接龙，候补的书友会自动递补。' },
});

export const SOLITAIRE_TEMPLATES: readonly TemplateDef[] = [
  activity,
  dinner,
  carpool,
  volunteer,
  bookClub,
  hiking,
  parentMeeting,
  earlyRise,
  reading,
  exercise,
  classCheckIn,
  fruit,
  community,
  classOrder,
  newYearGoods,
];
