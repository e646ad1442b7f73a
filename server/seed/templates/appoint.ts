// Appointment templates (questionType 7): each has an appointment slot subject (type 37).
import { template, type TemplateBuilder, type TemplateDef } from './builder';

/** Slots as "HH:mm-HH:mm", each with the same capacity. */
const slots = (b: TemplateBuilder, title: string, weeks: number[], times: readonly string[], capacity: number) =>
  b.add(37, {
    title,
    weeks,
    times: times.map((t) => {
      const [start, end] = t.split('-') as [string, string];
      return { uuid: b.newId('t'), start, end, capacity };
    }),
  });

const HALF_DAYS = ['08:30-10:00', '10:00-11:30', '14:00-15:30', '15:30-17:00'];

const dental = template('appoint-dental', (b) => {
  b.paragraph('<p>请提前预约，就诊当天携带身份证或医保卡，提前 10 分钟到前台登记。如需取消，请提前一天致电诊所。</p>', '口腔诊所预约须知');
  b.name('就诊人姓名');
  b.single('性别', ['男', '女']);
  b.add(21, { title: '年龄', min: 1, max: 120, decimals: 0, unit: '岁' });
  b.mobile();
  const service = b.single('预约项目', ['口腔检查', '洗牙', '补牙', '拔牙', '根管治疗', '牙齿矫正咨询', '种植牙咨询', '儿童齿科']);
  const first = b.single('是否首次来本诊所就诊？', ['是', '否']);
  const history = b.multiple('是否有以下情况？', ['高血压', '心脏病', '糖尿病', '正在服用抗凝药物', '怀孕或哺乳期', '以上都没有'], {}, { exclusive: [5] });
  b.showWhen(history, [b.chose(service, 3), b.chose(first, 0)]);
  slots(b, '选择就诊时间', [1, 2, 3, 4, 5, 6], HALF_DAYS, 4);
  b.textarea('症状描述（如牙疼的位置、持续时间）', { maxLength: 300 });
  return {
    questionType: 7,
    category: '医疗预约',
    title: '口腔诊所预约挂号',
    subtitle: '牙科门诊在线预约：项目、病史与就诊时段，每个时段限量接诊。',
    conclusion: '预约已提交，如需改约请提前一天联系诊所。',
    hot: 1780,
  };
});

const childCheckup = template('appoint-child-checkup', (b) => {
  b.text('宝宝姓名', { maxLength: 20 });
  b.single('宝宝性别', ['男', '女']);
  b.add(14, { title: '宝宝出生日期', mode: 'date' });
  b.name('家长姓名');
  b.mobile('家长电话');
  const age = b.single('本次体检月龄', ['1 月龄', '3 月龄', '6 月龄', '8 月龄', '12 月龄', '18 月龄', '24 月龄', '3 岁及以上']);
  const extras = b.multiple(
    '需要同时咨询的项目',
    ['喂养指导', '生长发育评估', '视力筛查', '听力筛查', '口腔检查', '不需要'],
    { required: false },
    { exclusive: [5] },
  );
  // Oral checks start once the first teeth are in.
  b.linkOptions(extras, [4], b.choseAny(age, [3, 4, 5, 6, 7]));
  slots(b, '选择体检时间', [2, 4], ['08:00-09:00', '09:00-10:00', '10:00-11:00'], 10);
  return {
    questionType: 7,
    category: '医疗预约',
    title: '儿童健康体检预约',
    subtitle: '社区卫生服务中心儿童保健门诊预约，按月龄安排体检。',
    conclusion: '预约已提交，请携带宝宝的预防接种证和儿童保健手册。',
    hot: 1050,
  };
});

const tcm = template('appoint-tcm-therapy', (b) => {
  b.name();
  b.mobile();
  const item = b.single('理疗项目', ['推拿按摩（40 分钟）', '针灸（30 分钟）', '艾灸（40 分钟）', '拔罐（20 分钟）', '不确定，请医师推荐']);
  b.dropdown('主要不适部位', ['颈部', '肩部', '腰背部', '膝关节', '全身疲劳', '其他']);
  const gender = b.single('对理疗师性别有要求吗？', ['无要求', '男理疗师', '女理疗师']);
  b.showWhen(gender, [b.chose(item, 0)]);
  slots(b, '选择到店时间', [1, 2, 3, 4, 5, 6, 7], ['09:00-10:00', '10:00-11:00', '13:30-14:30', '14:30-15:30', '15:30-16:30', '19:00-20:00'], 2);
  b.text('备注', { required: false, maxLength: 100 });
  return {
    questionType: 7,
    category: '医疗预约',
    title: '中医理疗预约',
    subtitle: '中医馆、康复理疗中心按时段预约，避免到店排队。',
    conclusion: '预约已提交，请按时到店。',
    hot: 660,
  };
});

const haircut = template('appoint-haircut', (b) => {
  b.text('您的称呼', { maxLength: 20, placeholder: '如：王先生' });
  b.mobile();
  const services = b.multiple('服务项目', ['洗剪吹', '烫发', '染发', '护理', '造型', '儿童理发']);
  b.single('指定发型师', ['不指定', 'Tony（首席）', 'Kevin（总监）', '小雅（资深）']);
  slots(
    b,
    '预约时段',
    [1, 2, 3, 4, 5, 6, 7],
    ['10:00-11:00', '11:00-12:00', '13:00-14:00', '14:00-15:00', '15:00-16:00', '16:00-17:00', '17:00-18:00', '19:00-20:00'],
    3,
  );
  const length = b.single('头发长度（烫染和护理按长度计价）', ['短发', '齐肩', '中长发', '长发']);
  b.showWhen(length, b.choseAny(services, [1, 2, 3]));
  b.text('备注', { required: false, maxLength: 100 });
  return {
    questionType: 7,
    category: '服务预约',
    title: '理发店预约',
    subtitle: '美发门店在线预约：项目、发型师与时段，到店不用等。',
    conclusion: '预约已提交，我们到时见！',
    hot: 1260,
  };
});

const carService = template('appoint-car-service', (b) => {
  b.name('车主姓名');
  b.mobile();
  b.text('车牌号', { maxLength: 10, placeholder: '如：粤B12345' });
  b.dropdown('车辆品牌', ['大众', '丰田', '本田', '日产', '别克', '比亚迪', '吉利', '其他']);
  b.add(21, { title: '当前行驶里程', min: 0, max: 2000000, decimals: 0, unit: '公里' });
  const items = b.multiple('保养项目', ['更换机油机滤', '更换空气滤芯', '更换空调滤芯', '刹车检查', '轮胎换位', '全车检查', '其他']);
  const wait = b.single('保养期间您是否在店等候？', ['在店等候', '先离开，完工后电话通知']);
  b.showWhen(wait, [b.chose(items, 5)]);
  slots(b, '预约进店时间', [1, 2, 3, 4, 5, 6], ['09:00-10:30', '10:30-12:00', '13:30-15:00', '15:00-16:30'], 3);
  return {
    questionType: 7,
    category: '服务预约',
    title: '汽车保养预约',
    subtitle: '4S 店、汽修门店的保养预约：车辆信息、保养项目和进店时段。',
    conclusion: '预约已提交，请按时到店。',
    hot: 540,
  };
});

const cleaning = template('appoint-home-cleaning', (b) => {
  b.name('联系人');
  b.mobile();
  b.add(4, { title: '服务地址', level: 'district', detail: 'required' });
  const service = b.single('服务类型', ['日常保洁（3 小时）', '深度保洁（5 小时）', '新房开荒', '擦玻璃', '家电清洗']);
  const appliances = b.multiple('需要清洗的家电', ['空调', '油烟机', '洗衣机', '冰箱', '热水器']);
  b.showWhen(appliances, [b.chose(service, 4)]);
  b.add(21, { title: '房屋面积', min: 10, max: 1000, decimals: 0, unit: '平方米' });
  b.single('家里是否有宠物？', ['没有', '有猫', '有狗', '其他宠物']);
  slots(b, '上门时间', [1, 2, 3, 4, 5, 6, 7], ['08:00-11:00', '13:00-16:00', '16:00-19:00'], 5);
  b.textarea('特别说明', { maxLength: 200 });
  return {
    questionType: 7,
    category: '服务预约',
    title: '家政保洁上门预约',
    subtitle: '家政公司上门服务预约：地址、服务类型和上门时段。',
    conclusion: '预约已提交，保洁阿姨上门前会提前联系您。',
    hot: 890,
  };
});

const badminton = template('appoint-badminton-court', (b) => {
  b.name('预约人');
  b.mobile();
  b.single('场地', ['1 号场', '2 号场', '3 号场', '4 号场']);
  b.add(21, { title: '打球人数', min: 1, max: 8, decimals: 0, unit: '人' });
  const rent = b.single('是否需要租借球拍？（10 元/副）', ['不需要', '需要']);
  const rackets = b.add(21, { title: '租借数量', min: 1, max: 8, decimals: 0, unit: '副' });
  b.showWhen(rackets, [b.chose(rent, 1)]);
  slots(
    b,
    '预约时段（每场 1 小时）',
    [1, 2, 3, 4, 5, 6, 7],
    ['09:00-10:00', '10:00-11:00', '14:00-15:00', '15:00-16:00', '18:00-19:00', '19:00-20:00', '20:00-21:00'],
    4,
  );
  return {
    questionType: 7,
    category: '场地预约',
    title: '羽毛球场地预约',
    subtitle: '体育馆、单位活动室按小时预约场地，时段满额自动关闭。',
    conclusion: '预约已提交，请提前 10 分钟到前台签到。',
    hot: 715,
  };
});

export const APPOINT_TEMPLATES: readonly TemplateDef[] = [dental, childCheckup, tcm, haircut, carService, cleaning, badminton];
