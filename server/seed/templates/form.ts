// Form templates (questionType 4): registration, information collection, applications, invitations.
import { template, type TemplateDef } from './builder';

const eventSignUp = template('form-event-signup', (b) => {
  b.paragraph('<p>活动时间：周六 14:00–17:00<br />活动地点：市图书馆三楼报告厅<br />名额有限，晚间聚餐限 30 人，报满即止。</p>', '活动信息');
  b.name();
  b.mobile();
  b.text('工作单位或学校', { required: false, maxLength: 50 });
  b.single('您的身份', ['在校学生', '在职人员', '自由职业', '其他']);
  const sessions = b.multiple('您希望参加的环节', ['主题分享', '圆桌讨论', '自由交流', '晚间聚餐']);
  b.single('您是从哪里了解到本次活动的？', ['朋友推荐', '公众号推文', '朋友圈', '社群通知', '其他']);
  const topics = b.textarea('您希望嘉宾重点分享哪些内容？', { maxLength: 300 });
  b.quota(sessions, 3, 30);
  b.showWhen(topics, b.choseAny(sessions, [0, 1]));
  return {
    questionType: 4,
    category: '报名登记',
    title: '线下活动报名表',
    subtitle: '沙龙、讲座、分享会通用报名表，收集联系方式与参会意向。',
    conclusion: '报名信息已提交，请留意主办方的活动通知。',
    hot: 2350,
  };
});

const volunteer = template('form-volunteer', (b) => {
  b.name();
  b.single('性别', ['男', '女']);
  b.add(14, { title: '出生日期', mode: 'date', min: '1940-01-01', max: '2012-12-31' });
  b.mobile();
  b.add(28, { title: '身份证号码（用于购买志愿服务保险）' });
  b.add(4, { title: '现居住地址', level: 'district', detail: 'required' });
  b.multiple('您可以参与的服务时间', ['工作日白天', '工作日晚上', '周末白天', '周末晚上', '节假日']);
  const area = b.multiple('您希望参与的服务领域', ['社区服务', '敬老助残', '环境保护', '大型活动', '文化教育', '应急救援', '其他'], { maxPicks: 3 });
  const cert = b.single('您是否持有急救相关证书？', ['有', '没有']);
  b.showWhen(cert, [b.chose(area, 5)]);
  b.add(13, { title: '请上传一张近期免冠照片', accept: ['jpg', 'jpeg', 'png'], maxSizeMb: 5, maxCount: 1 });
  b.textarea('请简单介绍您的志愿服务经历或特长', { maxLength: 500 });
  b.add(33, { title: '本人承诺所填信息真实有效，请签名确认' });
  return {
    questionType: 4,
    category: '报名登记',
    title: '志愿者招募报名表',
    subtitle: '收集志愿者基本信息、服务时间与意向领域，支持照片上传与电子签名。',
    conclusion: '感谢您的爱心！审核通过后我们会电话联系您。',
    hot: 1670,
  };
});

const wedding = template('form-wedding-rsvp', (b) => {
  b.paragraph(
    '<p>我们将于 10 月 2 日中午 12:00 在幸福花园酒店二楼宴会厅举行婚礼，诚挚邀请您的到来！为便于安排座位，请在 9 月 20 日前回复。</p>',
    '婚礼请柬回执',
  );
  b.name('您的姓名');
  const attend = b.single('您能出席婚礼吗？', ['一定到场', '尽量到场', '很遗憾，无法出席']);
  const guests = b.add(21, { title: '出席人数（含您本人）', min: 1, max: 10, decimals: 0, unit: '人' });
  const side = b.single('您是哪一方的亲友？', ['新郎亲友', '新娘亲友', '共同的朋友']);
  const diet = b.multiple('饮食禁忌（可多选）', ['无', '素食', '清真', '不吃辣', '海鲜过敏', '其他'], { required: false }, { exclusive: [0] });
  const kids = b.single('是否需要准备儿童座椅？', ['需要', '不需要']);
  for (const s of [guests, side, diet, kids]) b.showWhen(s, [b.chose(attend, 0), b.chose(attend, 1)]);
  b.textarea('写下您对新人的祝福吧', { maxLength: 300 });
  return {
    questionType: 4,
    category: '活动邀请',
    title: '婚礼宾客回执',
    subtitle: '电子请柬回执：确认出席、人数与饮食禁忌，顺便收集祝福。',
    conclusion: '收到您的回复啦，期待与您相聚！',
    hot: 1940,
  };
});

const employeeInfo = template('form-employee-info', (b) => {
  b.paragraph('<p>请新入职同事在报到前如实填写以下信息，信息仅用于办理入职手续。</p>');
  b.name();
  b.single('性别', ['男', '女']);
  b.add(28, { title: '身份证号码' });
  b.add(14, { title: '出生日期', mode: 'date' });
  b.mobile();
  b.add(27, { title: '个人邮箱' });
  const degree = b.dropdown('最高学历', ['高中或中专', '大专', '本科', '硕士', '博士']);
  const school = b.text('毕业院校及专业', { maxLength: 100 });
  b.showWhen(school, b.choseAny(degree, [1, 2, 3, 4]));
  b.add(4, { title: '现居住地址', level: 'district', detail: 'required' });
  b.add(10, {
    title: '紧急联系人：姓名___ 关系___ 电话___',
    blanks: [
      { uuid: b.newId('k'), label: '姓名', required: true },
      { uuid: b.newId('k'), label: '关系', required: true },
      { uuid: b.newId('k'), label: '电话', required: true },
    ],
  });
  b.add(25, {
    title: '工作经历（最近两段）',
    required: false,
    rows: b.parts(['最近一段', '上一段']),
    columns: b.parts(['起止时间', '单位名称', '职位']),
  });
  b.add(13, { title: '上传身份证正反面及学历证书照片', accept: ['jpg', 'jpeg', 'png', 'pdf'], maxSizeMb: 10, maxCount: 4, minCount: 2 });
  return {
    questionType: 4,
    category: '信息收集',
    title: '新员工入职信息登记表',
    subtitle: '人事入职必备：基本信息、学历、紧急联系人、工作经历与证件材料。',
    conclusion: '信息已提交，人事同事会尽快与您确认入职安排。',
    hot: 1380,
  };
});

const feedback = template('form-feedback', (b) => {
  const kind = b.single('反馈类型', ['功能建议', '问题反馈', '投诉', '表扬', '其他']);
  b.dropdown('涉及的产品或服务', ['手机 App', '网站', '小程序', '线下门店', '客服热线']);
  b.textarea('请详细描述您的反馈', { required: true, minLength: 10, maxLength: 1000, placeholder: '描述越具体，我们处理得越快' });
  const shot = b.add(13, { title: '上传截图或照片（选填）', required: false, accept: ['jpg', 'jpeg', 'png'], maxSizeMb: 10, maxCount: 3 });
  b.showWhen(shot, [b.chose(kind, 1), b.chose(kind, 2)]);
  const reply = b.single('是否需要我们回复您？', ['需要', '不需要']);
  const phone = b.mobile('联系电话');
  b.showWhen(phone, [b.chose(reply, 0)]);
  return {
    questionType: 4,
    category: '信息收集',
    title: '意见反馈表',
    subtitle: '收集用户建议、问题与投诉，可上传截图并选择是否需要回复。',
    conclusion: '感谢反馈！如需回复，我们会在 3 个工作日内联系您。',
    hot: 1120,
  };
});

const meetingRoom = template('form-meeting-room', (b) => {
  b.name('申请人');
  b.dropdown('所属部门', ['总经办', '人力资源部', '财务部', '市场部', '销售部', '技术部', '其他']);
  const room = b.single('申请会议室', ['一号会议室（10 人）', '二号会议室（20 人）', '多功能厅（80 人）']);
  b.add(14, { title: '开始时间', mode: 'datetime' });
  b.add(14, { title: '结束时间', mode: 'datetime' });
  b.add(21, { title: '参会人数', min: 1, max: 80, decimals: 0, unit: '人' });
  const equipment = b.multiple('需要的设备', ['投影仪', '视频会议系统', '麦克风', '白板', '茶歇服务'], { required: false });
  // Only the larger rooms have video conferencing; tea breaks are served in the hall.
  b.linkOptions(equipment, [1], b.choseAny(room, [1, 2]));
  b.linkOptions(equipment, [4], [b.chose(room, 2)]);
  b.text('会议主题', { maxLength: 100 });
  return {
    questionType: 4,
    category: '预约申请',
    title: '会议室使用申请',
    subtitle: '行政部门统一受理会议室预定，登记时间、人数与所需设备。',
    conclusion: '申请已提交，行政部审核后会通知您。',
    hot: 610,
  };
});

const repair = template('form-property-repair', (b) => {
  b.name('报修人');
  b.mobile('联系电话');
  b.add(10, {
    title: '房号：___ 栋 ___ 单元 ___ 室',
    blanks: [
      { uuid: b.newId('k'), label: '栋', required: true },
      { uuid: b.newId('k'), label: '单元', required: true },
      { uuid: b.newId('k'), label: '室', required: true },
    ],
  });
  const category = b.single('报修类别', ['水电维修', '门窗锁具', '墙面渗漏', '电梯故障', '公共设施', '其他']);
  const lift = b.text('故障电梯位置', { maxLength: 50, placeholder: '如：3 栋 1 单元 2 号梯' });
  b.showWhen(lift, [b.chose(category, 3)]);
  b.textarea('问题描述', { required: true, maxLength: 500 });
  b.add(13, { title: '现场照片', required: false, accept: ['jpg', 'jpeg', 'png'], maxSizeMb: 10, maxCount: 3 });
  const visit = b.single('方便上门的时间段', ['工作日上午', '工作日下午', '周末上午', '周末下午', '随时可以']);
  b.showWhen(visit, b.choseAny(category, [0, 1, 2, 5]));
  return {
    questionType: 4,
    category: '预约申请',
    title: '物业报修申请单',
    subtitle: '业主在线提交报修：房号、问题描述、现场照片与上门时间。',
    conclusion: '报修已受理，维修师傅会提前电话联系您。',
    hot: 820,
  };
});

/** 课堂签到 (issue 48 item 2, a case of the case pages): one sheet per student per lesson, with the reason when absent. */
const classAttendance = template('form-class-attendance', (b) => {
  b.paragraph('<p>上课后 10 分钟内完成签到，每位同学只能提交一次。请假的同学也请填写，并注明原因。</p>', '课堂签到');
  b.name('学生姓名');
  b.text('学号', { maxLength: 20, placeholder: '如：20240123' });
  b.dropdown('班级', ['一班', '二班', '三班', '四班']);
  const state = b.single('到课情况', ['准时到课', '迟到', '请假']);
  const reason = b.text('请假原因', { maxLength: 100 });
  b.showWhen(reason, [b.chose(state, 2)]);
  b.textarea('本节课没听懂的地方（选填）', { required: false, maxLength: 200 });
  return {
    questionType: 4,
    category: '信息收集',
    title: '课堂签到表',
    subtitle: '老师上课时发二维码或链接，学生一分钟完成签到，到课、迟到、请假一目了然。',
    conclusion: '签到成功！',
    hot: 1235,
  };
});

export const FORM_TEMPLATES: readonly TemplateDef[] = [eventSignUp, volunteer, wedding, employeeInfo, feedback, meetingRoom, repair, classAttendance];
