// Survey templates (questionType 1).
import { template, type TemplateDef } from './builder';

const SATISFACTION = ['非常满意', '满意', '一般', '不满意', '非常不满意'];

const customerSatisfaction = template('survey-csat', (b) => {
  b.paragraph('<p>您好！为了给您提供更好的产品和服务，我们诚邀您花 3 分钟填写这份问卷。问卷匿名填写，结果仅用于改进服务。</p>');
  b.single('您使用我们的产品或服务有多长时间了？', ['不到 1 个月', '1–6 个月', '6 个月–1 年', '1–3 年', '3 年以上']);
  b.single('您最近一次购买是通过哪个渠道？', ['官方网站', '手机 App', '微信小程序', '线下门店', '电商平台旗舰店', '其他']);
  const overall = b.single('总体来说，您对我们的产品和服务是否满意？', SATISFACTION);
  const why = b.multiple('您不满意的主要原因是？', ['产品质量不稳定', '价格偏高', '发货或配送太慢', '客服响应不及时', '售后处理不到位', '其他']);
  b.showWhen(why, [b.chose(overall, 3), b.chose(overall, 4)]);
  b.add(18, {
    title: '请对以下各方面的表现打分',
    rows: b.parts(['产品质量', '性价比', '配送速度', '客服态度', '售后服务']),
    points: 5,
    start: 1,
    minLabel: '非常不满意',
    maxLabel: '非常满意',
  });
  b.add(22, { title: '您有多大可能把我们推荐给朋友或同事？', minLabel: '完全不可能', maxLabel: '非常可能' });
  b.single('今后您还会继续选择我们吗？', ['一定会', '可能会', '不确定', '可能不会', '一定不会']);
  b.textarea('您对我们还有哪些意见或建议？', { maxLength: 500, placeholder: '欢迎畅所欲言' });
  return {
    questionType: 1,
    category: '满意度调查',
    title: '客户满意度调查问卷',
    subtitle: '了解客户对产品质量、价格、配送和服务的评价，找出需要改进的环节。',
    conclusion: '感谢您的宝贵意见，我们会认真改进！',
    hot: 1860,
  };
});

const nps = template('survey-nps', (b) => {
  const score = b.add(22, { title: '您有多大可能向朋友或同事推荐我们的产品？', minLabel: '完全不可能', maxLabel: '非常可能' });
  const liked = b.multiple('您推荐我们，主要是因为？', ['功能好用', '性能稳定', '价格合理', '服务贴心', '品牌可信', '其他']);
  b.showWhen(liked, [{ op: 'greater', subject: score.uuid, value: 8 }]);
  const improve = b.multiple('我们最需要在哪些方面改进？', ['功能不够完善', '使用不方便', '经常出问题', '价格偏高', '服务响应慢', '其他']);
  b.showWhen(improve, [{ op: 'less', subject: score.uuid, value: 7 }]);
  b.textarea('如果只能提一条建议，您希望我们做出什么改变？', { maxLength: 300 });
  b.single('我们可以联系您了解更多想法吗？', ['可以', '不用了']);
  return {
    questionType: 1,
    category: '满意度调查',
    title: 'NPS 净推荐值调查',
    subtitle: '用一个问题衡量用户忠诚度，并根据评分追问推荐理由或改进方向。',
    conclusion: '感谢您的反馈！',
    hot: 1420,
  };
});

const productResearch = template('survey-product', (b) => {
  b.paragraph('<p>我们正在开发一款便携式咖啡机，想听听您的真实想法。问卷约需 5 分钟，感谢您的参与！</p>');
  b.single('您的性别', ['男', '女']);
  b.single('您的年龄段', ['18 岁以下', '18–25 岁', '26–30 岁', '31–40 岁', '41–50 岁', '50 岁以上']);
  b.single('您的职业', ['学生', '企业职员', '公务员或事业单位人员', '自由职业', '个体经营', '其他']);
  const drinks = b.single('您平时喝咖啡吗？', ['几乎每天都喝', '每周几次', '偶尔喝', '从不喝']);
  b.multiple('您通常在哪里喝咖啡？', ['家里自己做', '公司或学校', '咖啡店', '便利店', '外卖', '其他']);
  b.single('您是否用过便携式咖啡机？', ['正在使用', '用过但现在不用了', '听说过但没用过', '没听说过']);
  b.add(9, {
    title: '请按重要程度为以下因素排序（最重要的排在最前）',
    options: b.opts(['口感', '便携性', '清洗是否方便', '续航时间', '外观设计', '价格']),
    rankAll: true,
  });
  b.single('您能接受的价格区间是？', ['200 元以下', '200–400 元', '400–600 元', '600–1000 元', '1000 元以上']);
  b.multiple('您希望在哪些场景使用它？', ['通勤路上', '办公室', '户外露营', '出差旅行', '自驾', '其他']);
  const end = b.textarea('您对这款产品还有什么期待？', { maxLength: 500 });
  b.jump(drinks, [b.chose(drinks, 3)], end);
  return {
    questionType: 1,
    category: '市场调研',
    title: '新产品市场需求调研',
    subtitle: '面向目标用户了解消费习惯、关注因素与价格预期，帮助新产品定位。',
    conclusion: '感谢参与！您的意见将直接影响产品设计。',
    hot: 980,
  };
});

const shoppingHabits = template('survey-shopping', (b) => {
  b.add(4, { title: '您所在的地区', level: 'city', detail: 'none' });
  b.dropdown('您的月可支配收入', ['3000 元以下', '3000–5000 元', '5000–8000 元', '8000–15000 元', '15000 元以上', '不方便透露']);
  b.single('您多久网购一次？', ['几乎每天', '每周 2–3 次', '每周 1 次', '每月 1–2 次', '很少网购']);
  b.multiple('您常用的购物平台有哪些？', ['淘宝或天猫', '京东', '拼多多', '抖音商城', '美团或饿了么', '其他'], { maxPicks: 3 });
  b.add(20, {
    title: '假如每月有 100 元购物预算，您会如何分配？（合计 100）',
    items: b.parts(['食品生鲜', '服饰鞋包', '日用百货', '数码家电', '美妆个护']),
    total: 100,
  });
  b.multiple('下单前，您最看重哪些信息？', ['价格与优惠', '商品评价', '销量', '品牌', '物流速度', '售后政策']);
  const rating = b.add(23, { title: '您对目前网购的整体体验打几分？', stars: 5 });
  const unhappy = b.textarea('网购时您遇到过哪些让您不愉快的事情？', { maxLength: 500 });
  b.showWhen(unhappy, [{ op: 'less', subject: rating.uuid, value: 4 }]);
  return {
    questionType: 1,
    category: '市场调研',
    title: '消费者网购习惯调查',
    subtitle: '了解消费者的购物频率、平台偏好与预算分配，为营销决策提供依据。',
    conclusion: '问卷已提交，祝您购物愉快！',
    hot: 760,
  };
});

const engagement = template('survey-engagement', (b) => {
  b.paragraph('<p>本调查<strong>完全匿名</strong>，由人力资源部统一汇总，任何人都看不到个人答卷。请根据真实感受作答。</p>');
  b.dropdown('您所在的部门', ['研发', '产品', '市场', '销售', '运营', '职能', '其他']);
  b.single('您在公司工作了多久？', ['不到 1 年', '1–3 年', '3–5 年', '5 年以上']);
  b.page();
  b.add(18, {
    title: '请评价您对以下说法的认同程度',
    rows: b.parts([
      '我清楚自己的工作目标和职责',
      '我有完成工作所需的资源和工具',
      '我的直属上级关心我的成长',
      '过去半年里，我的工作得到过认可',
      '我在这里有学习和发展的机会',
      '团队成员之间相互支持',
    ]),
    points: 5,
    start: 1,
    minLabel: '非常不同意',
    maxLabel: '非常同意',
  });
  b.add(19, { title: '总体而言，您对在公司工作的满意程度', points: 10, start: 1, minLabel: '很不满意', maxLabel: '非常满意' });
  b.add(22, { title: '您有多大可能推荐朋友来公司工作？', minLabel: '完全不可能', maxLabel: '非常可能' });
  b.page();
  const leave = b.single('未来一年，您是否考虑离开公司？', ['没有考虑', '偶尔想过', '认真考虑过', '已经在找新机会']);
  const reason = b.multiple('让您考虑离开的主要原因是？', ['薪酬福利', '职业发展', '工作压力', '团队氛围', '管理方式', '通勤距离', '其他']);
  b.showWhen(reason, [b.chose(leave, 2), b.chose(leave, 3)]);
  b.textarea('如果您是管理层，最想先改变哪一件事？', { maxLength: 500 });
  return {
    questionType: 1,
    category: '员工调查',
    title: '员工敬业度调查',
    subtitle: '匿名了解员工的工作投入、发展机会与团队氛围，识别流失风险。',
    conclusion: '谢谢您的坦诚，我们会把结果和改进计划同步给全体员工。',
    hot: 1290,
  };
});

const canteen = template('survey-canteen', (b) => {
  const visits = b.single('您每周在员工食堂就餐几次？', ['几乎不去', '1–2 次', '3–5 次', '5 次以上']);
  const why = b.multiple('您很少来食堂就餐的原因是？', ['口味不合适', '菜品选择少', '价格偏高', '排队时间长', '离工位太远', '其他']);
  b.showWhen(why, [b.chose(visits, 0)]);
  b.multiple('您通常在食堂吃哪几餐？', ['早餐', '午餐', '晚餐', '夜宵']);
  b.add(23, { title: '菜品口味', stars: 5 });
  b.add(23, { title: '菜品种类', stars: 5 });
  b.add(23, { title: '卫生状况', stars: 5 });
  b.add(23, { title: '价格是否合理', stars: 5 });
  b.single('高峰期排队一般需要多久？', ['5 分钟以内', '5–10 分钟', '10–20 分钟', '20 分钟以上']);
  const wish = b.multiple('您希望食堂增加哪些餐品？', ['轻食沙拉', '面食', '地方特色菜', '水果', '低脂套餐', '其他']);
  b.textarea('对食堂还有什么建议？', { maxLength: 300 });
  // Those who hardly eat there skip the ratings of meals they have not had.
  b.jump(why, [{ op: 'answered', subject: why.uuid }], wish);
  return {
    questionType: 1,
    category: '员工调查',
    title: '员工食堂满意度调查',
    subtitle: '收集员工对食堂口味、卫生、价格和排队时间的评价。',
    conclusion: '感谢反馈，食堂会根据大家的意见调整菜单。',
    hot: 530,
  };
});

const sleep = template('survey-sleep', (b) => {
  b.paragraph('<p>本研究由心理学课题组开展，旨在了解大学生的作息与睡眠质量。问卷匿名，数据仅用于学术研究，您可以随时退出。</p>', '知情同意');
  const consent = b.single('您是否同意参与本研究？', ['同意，开始作答', '不同意']);
  b.jump(consent, [b.chose(consent, 1)], { end: '感谢您的关注，本次调查到此结束。' });
  b.single('您的性别', ['男', '女']);
  b.single('您的年级', ['大一', '大二', '大三', '大四', '研究生']);
  b.add(14, { title: '最近一个月，您通常几点上床睡觉？', mode: 'time' });
  b.add(14, { title: '最近一个月，您通常几点起床？', mode: 'time' });
  b.add(21, { title: '最近一个月，您平均每晚实际睡眠多少小时？', min: 0, max: 24, decimals: 1, unit: '小时' });
  b.single('睡前您通常会使用手机多久？', ['不使用', '半小时以内', '半小时到 1 小时', '1–2 小时', '2 小时以上']);
  b.add(11, {
    title: '最近一个月，以下情况出现的频率',
    rows: b.parts(['入睡困难（30 分钟内无法入睡）', '夜间易醒或早醒', '白天感到困倦', '做噩梦']),
    columns: b.parts(['从不', '每周不到 1 次', '每周 1–2 次', '每周 3 次以上']),
  });
  b.add(19, { title: '总体而言，您如何评价自己最近一个月的睡眠质量？', points: 5, start: 1, minLabel: '很差', maxLabel: '很好' });
  return {
    questionType: 1,
    category: '学术调查',
    title: '大学生睡眠质量与作息调查',
    subtitle: '参考常用睡眠量表设计，调查大学生的作息规律与睡眠问题。',
    conclusion: '感谢您对本研究的支持！',
    hot: 640,
  };
});

const courseEvaluation = template('survey-course', (b) => {
  b.text('课程名称', { maxLength: 50 });
  b.text('授课教师', { maxLength: 20 });
  const attendance = b.single('本学期您的出勤情况', ['全勤', '缺课 1–2 次', '缺课 3 次以上']);
  const absence = b.multiple('缺课的主要原因是？', ['与其他课程或活动时间冲突', '身体原因', '上课时间太早', '对课程内容兴趣不大', '其他']);
  b.showWhen(absence, b.choseAny(attendance, [1, 2]));
  b.add(18, {
    title: '请对本课程的教学情况进行评价',
    rows: b.parts(['教学内容充实、重点突出', '讲解清晰、条理分明', '课堂互动充分', '作业与考核安排合理', '教师认真负责、答疑及时']),
    points: 5,
    start: 1,
    minLabel: '很不同意',
    maxLabel: '非常同意',
  });
  b.single('本课程的难度', ['太简单', '偏简单', '适中', '偏难', '太难']);
  b.add(23, { title: '总体评分', stars: 5 });
  b.textarea('本课程最让您受益的地方', { maxLength: 300 });
  b.textarea('您对课程改进的建议', { maxLength: 300 });
  return {
    questionType: 1,
    category: '教学评估',
    title: '课程教学质量评价问卷',
    subtitle: '学期末学生评教：教学内容、讲授方式、课堂互动与考核安排。',
    conclusion: '感谢您的评价，您的意见将反馈给任课教师。',
    hot: 870,
  };
});

export const SURVEY_TEMPLATES: readonly TemplateDef[] = [
  customerSatisfaction,
  nps,
  productResearch,
  shoppingHabits,
  engagement,
  canteen,
  sleep,
  courseEvaluation,
];
