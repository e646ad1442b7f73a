// Exam templates (questionType 2): every question carries its points, correct options and an analysis.
import { template, type TemplateBuilder, type TemplateDef } from './builder';

/** The subjects from `first` up to (not including) `until`, or to the end: the questions a group shuffles. */
function questionsFrom(b: TemplateBuilder, first: { uuid: string }, until?: { uuid: string }) {
  const all = b.written();
  const start = all.findIndex((s) => s.uuid === first.uuid);
  const end = until ? all.findIndex((s) => s.uuid === until.uuid) : all.length;
  return all.slice(start, end);
}

/** The candidate's details that open every exam. */
function candidate(b: TemplateBuilder, idLabel: string) {
  b.name();
  b.text(idLabel, { maxLength: 30 });
}

const laborLaw = template('exam-labor-law', (b) => {
  b.paragraph('<p>本次考试共 10 题，满分 100 分，60 分及格。每位考生的题目顺序随机，请独立作答，提交后可查看答案解析。</p>', '考试说明');
  candidate(b, '部门');
  const first = b.quiz(
    1,
    '劳动合同期限为三年以上固定期限的，试用期最长不得超过多久？',
    ['一个月', '二个月', '三个月', '六个月'],
    [3],
    10,
    '《劳动合同法》第十九条：三年以上固定期限和无固定期限的劳动合同，试用期不得超过六个月。',
  );
  b.quiz(
    1,
    '同一用人单位与同一劳动者可以约定几次试用期？',
    ['一次', '两次', '三次', '不限次数'],
    [0],
    10,
    '《劳动合同法》第十九条：同一用人单位与同一劳动者只能约定一次试用期。',
  );
  b.quiz(
    1,
    '按照国家规定的标准工时制度，职工每周工作时间为多少小时？',
    ['36 小时', '40 小时', '44 小时', '48 小时'],
    [1],
    10,
    '《国务院关于职工工作时间的规定》：职工每日工作 8 小时、每周工作 40 小时。',
  );
  b.quiz(
    1,
    '法定休假日安排劳动者工作的，应支付不低于工资多少的工资报酬？',
    ['100%', '150%', '200%', '300%'],
    [3],
    10,
    '《劳动法》第四十四条：法定休假日安排劳动者工作的，支付不低于工资的百分之三百的工资报酬。',
  );
  b.quiz(
    1,
    '职工累计工作已满 1 年不满 10 年的，每年可享受带薪年休假多少天？',
    ['3 天', '5 天', '10 天', '15 天'],
    [1],
    10,
    '《职工带薪年休假条例》第三条：已满 1 年不满 10 年的，年休假 5 天；已满 10 年不满 20 年的，10 天；已满 20 年的，15 天。',
  );
  b.quiz(
    2,
    '以下哪些情形，用人单位应当按规定支付高于正常工作时间工资的报酬？（多选）',
    ['安排劳动者延长工作时间', '休息日安排工作又不能安排补休', '法定休假日安排工作', '劳动者自愿提前到岗整理个人物品'],
    [0, 1, 2],
    10,
    '《劳动法》第四十四条列出的三种情形分别支付不低于 150%、200%、300% 的工资报酬；个人自愿提前到岗不属于用人单位安排的加班。',
  );
  b.judge('用人单位自用工之日起即与劳动者建立劳动关系。', true, 10, '《劳动合同法》第七条：用人单位自用工之日起即与劳动者建立劳动关系。');
  b.judge('试用期不包含在劳动合同期限内。', false, 10, '《劳动合同法》第十九条：试用期包含在劳动合同期限内。');
  b.text('建立劳动关系，应当订立什么形式的劳动合同？（填两个字）', {
    score: 10,
    maxLength: 10,
    acceptedAnswers: ['书面'],
    answerAnalysis: '《劳动合同法》第十条：建立劳动关系，应当订立书面劳动合同。',
  });
  b.add(10, {
    title: '带薪年休假：工作满 10 年不满 20 年的，年休假___天；已满 20 年的，年休假___天。',
    score: 10,
    blanks: [
      { uuid: b.newId('k'), label: '满 10 年不满 20 年', required: true, acceptedAnswers: ['10', '十'] },
      { uuid: b.newId('k'), label: '满 20 年', required: true, acceptedAnswers: ['15', '十五'] },
    ],
    answerAnalysis: '《职工带薪年休假条例》第三条。',
  });
  b.randomGroup(questionsFrom(b, first), 10);
  return {
    questionType: 2,
    category: '企业培训',
    title: '新员工入职培训考试（劳动法规）',
    subtitle: '入职培训后检验新员工对劳动合同、工时、加班与休假规定的掌握情况。',
    conclusion: '考试已提交，请留意培训负责人的成绩通知。',
    hot: 1150,
  };
});

const workSafety = template('exam-work-safety', (b) => {
  b.paragraph('<p>本试卷分两部分：单选题和判断题，共 100 分，每部分的题目顺序随机。第二部分限时 10 分钟。</p>', '安全生产培训考试');
  candidate(b, '工号');
  b.dropdown('所在车间或部门', ['生产一车间', '生产二车间', '仓储物流', '设备维修', '质量管理', '行政后勤']);
  const choices = b.quiz(
    1,
    '我国安全生产工作的方针是？',
    ['安全第一、预防为主、综合治理', '质量第一、安全第二', '以人为本、效益优先', '谁主管、谁负责'],
    [0],
    10,
    '《安全生产法》第三条规定，安全生产工作坚持安全第一、预防为主、综合治理的方针。',
  );
  b.quiz(
    1,
    '新员工上岗前应接受的“三级安全教育”是指？',
    ['公司级、车间级、班组级', '国家级、省级、市级', '入职、转正、晋升', '理论、实操、考核'],
    [0],
    10,
    '三级安全教育指厂（公司）级、车间级、班组级安全教育，考核合格后方可上岗。',
  );
  b.quiz(
    1,
    '使用干粉灭火器灭火时，喷嘴应对准？',
    ['火焰的顶部', '火焰的中部', '火焰的根部', '冒烟最多的地方'],
    [2],
    10,
    '对准火焰根部喷射才能覆盖燃烧物、隔绝空气，对着火焰上部喷射效果很差。',
  );
  b.quiz(
    1,
    '电气设备着火时，首先应该？',
    ['用水扑救', '切断电源', '打开门窗通风', '用湿毛巾覆盖'],
    [1],
    10,
    '带电设备着火先断电，防止触电和火势扩大；未断电时不能用水扑救。',
  );
  b.quiz(
    1,
    '安全色中，红色表示？',
    ['指令、必须遵守', '禁止、停止', '警告、注意', '提示、安全状态'],
    [1],
    10,
    '红色表示禁止、停止；黄色表示警告、注意；蓝色表示指令；绿色表示提示、安全状态。',
  );
  const part2 = b.page({ timerSeconds: 600 });
  b.randomGroup(questionsFrom(b, choices, part2), 5);
  const judges = b.judge(
    '发现直接危及人身安全的紧急情况时，从业人员有权停止作业或在采取可能的应急措施后撤离作业场所。',
    true,
    10,
    '这是《安全生产法》赋予从业人员的紧急避险权。',
  );
  b.judge('在坠落高度基准面 2 米以上（含 2 米）有可能坠落的高处进行的作业称为高处作业。', true, 10, '高处作业的定义见国家标准《高处作业分级》。');
  b.judge('只要操作熟练，就可以不佩戴规定的劳动防护用品。', false, 10, '从业人员必须按规定佩戴和使用劳动防护用品，与熟练程度无关。');
  b.judge('机器运转时，可以用手清理卡在里面的物料。', false, 10, '必须停机、断电并挂牌后才能清理，严禁在设备运转时将手伸入危险区域。');
  b.judge('火警电话是 119，急救电话是 120。', true, 10, '牢记 119 火警、120 急救、110 报警。');
  b.randomGroup(questionsFrom(b, judges), 5);
  return {
    questionType: 2,
    category: '企业培训',
    title: '安全生产培训考试',
    subtitle: '覆盖安全生产方针、三级教育、消防与用电安全、防护用品等必考内容。',
    conclusion: '安全无小事，感谢您认真作答！',
    hot: 1530,
  };
});

const infoSecurity = template('exam-info-security', (b) => {
  candidate(b, '工号');
  const objective = b.quiz(
    1,
    '以下哪个密码最安全？',
    ['12345678', 'password', 'Zhang1990', 'k7#Lm9!qR2&v'],
    [3],
    10,
    '安全的密码足够长，并混合大小写字母、数字和符号，不使用生日、姓名等容易猜到的信息。',
  );
  b.quiz(
    1,
    '收到一封自称“IT 部门”的邮件，要求点击链接重新输入邮箱密码，正确的做法是？',
    ['立即点击链接按要求操作', '转发给同事确认', '不点击链接，向 IT 部门电话核实并报告', '回复邮件询问真假'],
    [2],
    10,
    '这是典型的钓鱼邮件。应通过官方渠道核实，并将邮件报告给信息安全团队。',
  );
  b.quiz(
    1,
    '离开工位时，电脑应该？',
    ['保持原样', '关闭显示器', '锁定屏幕', '把密码贴在显示器上方便同事使用'],
    [2],
    10,
    '离开工位随手锁屏（Windows 可按 Win + L），防止他人查看或操作。',
  );
  b.quiz(
    2,
    '以下哪些行为存在信息安全风险？（多选）',
    ['在公共 Wi-Fi 下登录公司内部系统', '把工作文件上传到个人网盘', '使用公司批准的加密 U 盘传输文件', '把捡到的 U 盘插到办公电脑上查看'],
    [0, 1, 3],
    10,
    '公共网络可能被监听，个人网盘不受公司管控，来历不明的 U 盘可能携带病毒。',
  );
  b.quiz(
    1,
    '发现电脑可能中了勒索病毒，第一步应该？',
    ['断开网络', '继续工作观察', '自行格式化硬盘', '支付赎金'],
    [0],
    10,
    '先断网防止扩散，再立即联系 IT 部门处理，切勿支付赎金。',
  );
  b.judge('只要安装了杀毒软件，就可以随意打开邮件附件。', false, 10, '杀毒软件不能识别所有威胁，陌生或可疑的附件不要打开。');
  b.judge('不同的网站应使用不同的密码。', true, 10, '一个网站泄露不会波及其他账号。可以借助密码管理器记住它们。');
  b.judge('客户资料可以通过个人微信发给外部合作伙伴，只要对方是熟人。', false, 10, '客户资料属于敏感信息，只能通过公司批准的渠道按需传递。');
  b.judge('收到领导要求紧急转账的消息，应先通过电话或当面核实。', true, 10, '冒充领导要求转账是常见诈骗手段，务必通过其他渠道核实身份。');
  const written = b.textarea('请简要写出你在日常工作中会注意的一条信息安全习惯。', {
    required: true,
    score: 10,
    maxLength: 200,
    answerAnalysis: '主观题，由阅卷人评分。言之有理即可。',
  });
  b.randomGroup(questionsFrom(b, objective, written), 9);
  return {
    questionType: 2,
    category: '企业培训',
    title: '员工信息安全意识测试',
    subtitle: '钓鱼邮件、密码安全、数据外发与办公设备使用的常见风险测试。',
    conclusion: '测试已完成。安全意识，从每一次点击开始。',
    hot: 690,
  };
});

const partyHistory = template('exam-party-history', (b) => {
  b.paragraph('<p>欢迎参加党史知识竞赛！共 10 题，每题 10 分，题目顺序随机。</p>');
  b.name();
  b.text('所在党支部', { maxLength: 50 });
  const firstQuestion = b.quiz(
    1,
    '中国共产党第一次全国代表大会于哪一年召开？',
    ['1919 年', '1921 年', '1927 年', '1935 年'],
    [1],
    10,
    '1921 年 7 月，中国共产党第一次全国代表大会在上海召开，最后一天的会议转移到浙江嘉兴南湖的游船上举行。',
  );
  b.quiz(1, '中国共产党的根本宗旨是？', ['全心全意为人民服务', '实事求是', '艰苦奋斗', '民主集中制'], [0], 10, '全心全意为人民服务是党的根本宗旨。');
  b.quiz(
    1,
    '党的最高理想和最终目标是？',
    ['实现社会主义现代化', '实现共产主义', '实现共同富裕', '全面建成小康社会'],
    [1],
    10,
    '党章总纲：党的最高理想和最终目标是实现共产主义。',
  );
  b.quiz(
    1,
    '在中国革命历史上具有伟大转折意义的遵义会议召开于？',
    ['1927 年 8 月', '1934 年 10 月', '1935 年 1 月', '1936 年 10 月'],
    [2],
    10,
    '1935 年 1 月，中共中央政治局在贵州遵义召开扩大会议。',
  );
  b.quiz(1, '预备党员的预备期为多长时间？', ['半年', '一年', '两年', '三年'], [1], 10, '党章第七条：预备党员的预备期为一年。');
  b.quiz(1, '党的根本组织原则是？', ['民主集中制', '集体领导', '少数服从多数', '个人分工负责'], [0], 10, '民主集中制是党的根本组织原则和领导制度。');
  b.quiz(
    2,
    '党的三大优良作风是？（多选）',
    ['理论联系实际', '密切联系群众', '批评与自我批评', '艰苦朴素'],
    [0, 1, 2],
    10,
    '理论联系实际、密切联系群众、批评与自我批评是党的三大优良作风。',
  );
  b.judge('南昌起义打响了武装反抗国民党反动派的第一枪，8 月 1 日后来成为中国人民解放军建军节。', true, 10, '1927 年 8 月 1 日南昌起义爆发。');
  b.judge('凡是有正式党员三人以上的，都应当成立党的基层组织。', true, 10, '党章第三十条的规定。');
  b.judge('中华人民共和国于 1949 年 10 月 1 日成立。', true, 10, '1949 年 10 月 1 日，中华人民共和国中央人民政府成立。');
  b.randomGroup(questionsFrom(b, firstQuestion), 10);
  return {
    questionType: 2,
    category: '知识竞赛',
    title: '党史知识竞赛',
    subtitle: '适合党支部主题党日、党员学习教育活动的知识竞答。',
    conclusion: '感谢参与！学史明理，学史增信。',
    hot: 2010,
  };
});

const math = template('exam-math-grade3', (b) => {
  b.name('学生姓名');
  b.dropdown('班级', ['三年级（1）班', '三年级（2）班', '三年级（3）班', '三年级（4）班']);
  b.text('25 × 4 = ？', { score: 10, preset: 'number', maxLength: 6, acceptedAnswers: ['100'], answerAnalysis: '25 × 4 = 100，可以记住这个常用的凑整算式。' });
  b.text('360 ÷ 9 = ？', { score: 10, preset: 'number', maxLength: 6, acceptedAnswers: ['40'], answerAnalysis: '36 ÷ 9 = 4，所以 360 ÷ 9 = 40。' });
  b.add(10, {
    title: '1 米 = ___ 分米 = ___ 厘米',
    score: 10,
    blanks: [
      { uuid: b.newId('k'), label: '分米', required: true, acceptedAnswers: ['10'] },
      { uuid: b.newId('k'), label: '厘米', required: true, acceptedAnswers: ['100'] },
    ],
    answerAnalysis: '1 米 = 10 分米，1 分米 = 10 厘米，所以 1 米 = 100 厘米。',
  });
  const rectangle = b.quiz(
    1,
    '一个长方形长 8 厘米、宽 5 厘米，它的周长是多少？',
    ['13 厘米', '26 厘米', '40 厘米', '21 厘米'],
    [1],
    10,
    '长方形的周长 =（长 + 宽）× 2 =（8 + 5）× 2 = 26 厘米。',
  );
  b.quiz(1, '3 时 = （ ）分', ['30', '60', '180', '300'], [2], 10, '1 时 = 60 分，3 时 = 3 × 60 = 180 分。');
  b.quiz(1, '一年中有几个大月？', ['5 个', '6 个', '7 个', '8 个'], [2], 10, '1、3、5、7、8、10、12 月是大月，每月 31 天，共 7 个。');
  b.quiz(1, '2 千克和 2000 克比较，结果是？', ['2 千克重', '2000 克重', '一样重', '无法比较'], [2], 10, '1 千克 = 1000 克，2 千克 = 2000 克。');
  const judges = b.judge('平年的二月有 28 天。', true, 10, '平年二月 28 天，闰年二月 29 天。');
  b.randomGroup(questionsFrom(b, rectangle, judges), 4);
  b.judge('0 除以任何不是 0 的数都得 0。', true, 10, '0 除以任何非 0 的数，商都是 0。');
  b.text('小明有 48 张画片，平均分给 6 个同学，每人分到几张？', {
    score: 10,
    preset: 'number',
    maxLength: 6,
    acceptedAnswers: ['8'],
    answerAnalysis: '48 ÷ 6 = 8（张）。',
  });
  return {
    questionType: 2,
    category: '学校考试',
    title: '三年级数学单元测验',
    subtitle: '计算、单位换算、周长与时间的基础练习，提交后自动判分。',
    conclusion: '做完啦！记得检查错题哦。',
    hot: 940,
  };
});

const english = template('exam-english-grammar', (b) => {
  b.name('Name 姓名');
  b.text('Class 班级', { maxLength: 20 });
  const grammar = b.quiz(
    1,
    'She ___ to school by bike every day.',
    ['go', 'goes', 'going', 'gone'],
    [1],
    10,
    '主语 she 是第三人称单数，一般现在时动词用 goes。',
  );
  b.quiz(1, 'I have lived here ___ 2015.', ['for', 'since', 'in', 'at'], [1], 10, '现在完成时中，since 后接过去的时间点，for 后接一段时间。');
  b.quiz(1, 'There ___ some milk in the bottle.', ['is', 'are', 'be', 'have'], [0], 10, 'milk 是不可数名词，谓语用单数 is。');
  b.quiz(
    1,
    '—Would you like some tea? —___',
    ['Yes, I like.', 'Yes, please.', 'No, I don\u2019t.', 'Yes, I would like.'],
    [1],
    10,
    '回答 Would you like... 的礼貌说法是 Yes, please. 或 No, thanks.',
  );
  b.quiz(1, 'He is ___ than his brother.', ['tall', 'taller', 'tallest', 'more tall'], [1], 10, 'than 表示比较，用比较级 taller。');
  const spelling = b.text('Write the past tense of "buy".', {
    score: 10,
    preset: 'letters',
    maxLength: 20,
    acceptedAnswers: ['bought'],
    answerAnalysis: 'buy 的过去式是 bought。',
  });
  b.add(10, {
    title: 'Plural forms 写出复数：child → ___，mouse → ___',
    score: 10,
    blanks: [
      { uuid: b.newId('k'), label: 'child', required: true, acceptedAnswers: ['children'] },
      { uuid: b.newId('k'), label: 'mouse', required: true, acceptedAnswers: ['mice'] },
    ],
    answerAnalysis: 'child 和 mouse 的复数是不规则变化：children、mice。',
  });
  b.randomGroup(questionsFrom(b, grammar, spelling), 5);
  b.quiz(
    2,
    'Which of these words are nouns?（多选）',
    ['happiness', 'quickly', 'teacher', 'beautiful'],
    [0, 2],
    10,
    'happiness 和 teacher 是名词；quickly 是副词，beautiful 是形容词。',
  );
  b.judge('"Information" is a countable noun.', false, 10, 'information 是不可数名词，不能说 an information 或 informations。');
  b.judge('We use "an" before "hour".', true, 10, 'hour 的首字母 h 不发音，以元音开头，所以用 an hour。');
  return {
    questionType: 2,
    category: '学校考试',
    title: '初中英语语法小测',
    subtitle: '时态、主谓一致、比较级与不规则变化的课堂随堂测。',
    conclusion: 'Well done! 提交成功。',
    hot: 720,
  };
});

const garbage = template('exam-garbage-sorting', (b) => {
  b.paragraph('<p>按照国家标准，生活垃圾分为可回收物、有害垃圾、厨余垃圾和其他垃圾四类。系统会从题库中随机抽取 6 道题，每题 10 分。</p>', '垃圾分类知识竞赛');
  b.name();
  b.text('所在小区或单位', { maxLength: 50 });
  const KINDS = ['可回收物', '有害垃圾', '厨余垃圾', '其他垃圾'];
  const pool = [
    b.quiz(1, '废旧报纸属于？', KINDS, [0], 10, '纸类属于可回收物，投放前尽量保持干燥、叠放整齐。'),
    b.quiz(1, '过期药品属于？', KINDS, [1], 10, '过期药品会污染环境，属于有害垃圾，应连同包装一起投放。'),
    b.quiz(1, '剩菜剩饭属于？', KINDS, [2], 10, '剩菜剩饭属于厨余垃圾，投放前应沥干水分。'),
    b.quiz(1, '用过的餐巾纸属于？', KINDS, [3], 10, '餐巾纸、卫生纸遇水即溶，无法再生利用，属于其他垃圾。'),
    b.quiz(1, '废弃的荧光灯管属于？', KINDS, [1], 10, '荧光灯管含汞，属于有害垃圾，投放时注意轻放、防止破碎。'),
    b.quiz(1, '喝完的塑料饮料瓶属于？', KINDS, [0], 10, '塑料瓶属于可回收物，建议倒空、压扁后投放。'),
    b.quiz(1, '果皮属于？', KINDS, [2], 10, '瓜果皮核属于厨余垃圾。'),
    b.quiz(1, '废旧水银温度计属于？', KINDS, [1], 10, '水银有毒，废旧水银温度计属于有害垃圾。'),
  ];
  b.randomGroup(pool, 6);
  b.single('您所在的小区是否已经实行垃圾分类？', ['已经实行', '正在试点', '还没有', '不清楚'], { required: false });
  b.multiple('您希望通过哪些方式了解更多垃圾分类知识？', ['社区宣传栏', '微信公众号推送', '志愿者入户讲解', '短视频', '其他'], { required: false });
  return {
    questionType: 2,
    category: '知识竞赛',
    title: '垃圾分类知识竞赛',
    subtitle: '社区、学校环保主题活动常用的垃圾分类竞答，题目随机抽取。',
    conclusion: '感谢参与！垃圾分类，从我做起。',
    hot: 1080,
  };
});

export const EXAM_TEMPLATES: readonly TemplateDef[] = [laborLaw, workSafety, infoSecurity, partyHistory, math, english, garbage];
