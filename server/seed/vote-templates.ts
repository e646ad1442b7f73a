import type { TVoteSettings } from '../../schemas/vote/vote-rules';

/**
 * The vote template library (/voting/templateLibrary.html): real vote setups — cover, rules text, player types and
 * a few players — written as template votes (vote_activities.is_template) by seedVoteTemplates. "Use template"
 * copies one into a new draft of the user (wxApplet/vote/getTemplateByVoteId).
 */
export interface VoteTemplateSeed {
  key: string;
  title: string;
  category: string;
  cover: string;
  recommended: boolean;
  /** Rich text of the activity's description (the rules as the voting page shows them). */
  rules: string[];
  settings: Partial<TVoteSettings>;
  types: string[];
  players: { name: string; type: string; description: string }[];
}

export const VOTE_TEMPLATE_CATEGORIES = ['评选', '企业', '作品', '亲子'] as const;

export const VOTE_TEMPLATES: readonly VoteTemplateSeed[] = [
  {
    key: 'teacher',
    title: '最美教师评选',
    category: '评选',
    cover: '/covers/classroom.svg',
    recommended: true,
    rules: [
      '每位微信用户每天可投3票，同一位教师每天限投1票。',
      '投票结束后按有效票数排名，前十名授予“最美教师”称号。',
      '严禁刷票，系统识别的异常投票将被标记并作无效处理。',
    ],
    settings: { limitScope: 'day', votesPerVoter: 3, perPlayerPerDay: 1, identity: 'login', showRanking: true, comments: true, commentReview: true },
    types: ['小学组', '初中组', '高中组'],
    players: [
      { name: '王老师', type: '小学组', description: '从教二十年的语文老师，带出了三届全市作文比赛冠军班。' },
      { name: '李老师', type: '小学组', description: '数学组教研组长，坚持每天课后义务辅导。' },
      { name: '陈老师', type: '初中组', description: '物理老师，组织学生科技社团获得省级奖项。' },
      { name: '赵老师', type: '初中组', description: '班主任，家访覆盖全班每一位同学。' },
      { name: '刘老师', type: '高中组', description: '英语老师，开设公益口语角已有五年。' },
      { name: '张老师', type: '高中组', description: '化学老师，自编实验手册在全区推广。' },
    ],
  },
  {
    key: 'employee',
    title: '年度优秀员工评选',
    category: '企业',
    cover: '/covers/blue-waves.svg',
    recommended: true,
    rules: ['全体员工参与投票，每人在活动期间共可投5票。', '每次可同时选择多位同事，每位同事最多投1票。', '投票采用手机号验证，确保一人一号。'],
    settings: { limitScope: 'activity', votesPerVoter: 5, perPlayerPerDay: 1, playersPerBallot: 5, identity: 'sms', showCounts: false, showRanking: false },
    types: ['技术部', '市场部', '运营部'],
    players: [
      { name: '周明', type: '技术部', description: '主导新版系统上线，全年零重大故障。' },
      { name: '吴芳', type: '技术部', description: '搭建自动化测试平台，发布效率提升一倍。' },
      { name: '郑凯', type: '市场部', description: '策划年度品牌活动，新增客户三百余家。' },
      { name: '孙悦', type: '运营部', description: '优化客服流程，用户满意度提升至98%。' },
    ],
  },
  {
    key: 'photo',
    title: '“城市之美”摄影作品大赛',
    category: '作品',
    cover: '/covers/city-night.svg',
    recommended: false,
    rules: ['作品须为本人原创，报名后经主办方审核展示。', '每人每天可投10票，同一作品每天限投2票。', '评论需经审核后展示，请文明发言。'],
    settings: {
      limitScope: 'day',
      votesPerVoter: 10,
      perPlayerPerDay: 2,
      identity: 'none',
      signUp: true,
      signUpReview: true,
      comments: true,
      commentReview: true,
    },
    types: ['风光组', '人文组'],
    players: [
      { name: '《江畔晨曦》', type: '风光组', description: '清晨六点的江边，薄雾与第一缕阳光。' },
      { name: '《老街烟火》', type: '人文组', description: '记录老街早点铺三代人的坚守。' },
      { name: '《雨夜霓虹》', type: '风光组', description: '雨后街道倒映的城市灯光。' },
    ],
  },
  {
    key: 'baby',
    title: '萌宝风采大赛',
    category: '亲子',
    cover: '/covers/orange-sun.svg',
    recommended: false,
    rules: ['家长可报名参赛，上传宝宝照片及介绍，审核通过后参与投票。', '每人每天可投5票，同一位宝宝每天限投1票。', '活动结束后按票数评出一、二、三等奖。'],
    settings: { limitScope: 'day', votesPerVoter: 5, perPlayerPerDay: 1, identity: 'none', signUp: true, signUpReview: true, music: false },
    types: ['0-3岁组', '4-6岁组'],
    players: [
      { name: '朵朵', type: '0-3岁组', description: '爱笑的小姑娘，最喜欢听儿歌。' },
      { name: '乐乐', type: '4-6岁组', description: '小小运动健将，跳绳一分钟一百二十下。' },
      { name: '豆豆', type: '4-6岁组', description: '喜欢画画，梦想当一名画家。' },
    ],
  },
  {
    key: 'singer',
    title: '校园十佳歌手网络投票',
    category: '评选',
    cover: '/covers/city-night.svg',
    recommended: false,
    rules: [
      '决赛选手的演唱视频在投票页展示，每人每天可投3票，同一位选手每天限投1票。',
      '网络投票占总成绩的30%，评委现场打分占70%。',
      '投票需登录，系统识别的异常投票将被标记并作无效处理。',
    ],
    settings: { limitScope: 'day', votesPerVoter: 3, perPlayerPerDay: 1, identity: 'login', showRanking: true, comments: true, commentReview: true },
    types: ['独唱组', '组合组'],
    players: [
      { name: '林晓雨', type: '独唱组', description: '音乐社社长，决赛曲目《后来》。' },
      { name: '周子航', type: '独唱组', description: '计算机系大二，自弹自唱《晴天》。' },
      { name: '许诺', type: '独唱组', description: '外语系，演唱英文歌曲《Someone Like You》。' },
      { name: '星空乐队', type: '组合组', description: '四人乐队，原创歌曲《夏夜》。' },
    ],
  },
  {
    key: 'new-product',
    title: '新品口味投票',
    category: '企业',
    cover: '/covers/green-leaves.svg',
    recommended: false,
    rules: [
      '从五款候选新口味中选出你最想喝到的，每人在活动期间共可投2票。',
      '每款口味每人最多投1票，票数最高的两款将在下季度上市。',
      '投票采用手机号验证，一个手机号只能参与一次。',
    ],
    settings: { limitScope: 'activity', votesPerVoter: 2, perPlayerPerDay: 1, playersPerBallot: 2, identity: 'sms', showCounts: true, showRanking: true },
    types: ['果茶', '奶茶'],
    players: [
      { name: '杨枝甘露', type: '果茶', description: '芒果、西柚与椰奶，清爽不腻。' },
      { name: '青提茉莉', type: '果茶', description: '青提果肉搭配茉莉绿茶。' },
      { name: '黑糖珍珠', type: '奶茶', description: '手炒黑糖与鲜奶，珍珠现煮。' },
      { name: '桂花乌龙', type: '奶茶', description: '桂花乌龙茶底，低糖更清香。' },
      { name: '生椰拿铁', type: '奶茶', description: '生椰乳与意式浓缩。' },
    ],
  },
];

/**
 * Scene guides of the case pages (getVoteCaseList / getVoteCaseDetail): how an organisation of a field runs its
 * vote, each linked to the template to start from. They describe practice, not customers, so they carry no figures.
 */
export const VOTE_CASES = [
  {
    caseId: 'school-teacher',
    industry: '教育',
    title: '学校：用一场投票评出“最美教师”',
    template: 'teacher',
    summary: '按学段分组、每天限票、登录投票，评论经审核后展示，活动全程可在后台查看明细与排名。',
    content: [
      '按小学、初中、高中分组录入教师，支持粘贴名单或 Excel 批量导入。',
      '投票规则选择“每人每天3票、同一选手每天1票”，身份验证选择“登录”。',
      '开启评论并勾选审核，学生和家长的留言经审核后展示。',
      '活动结束后在“我的下载”导出选手统计与投票明细，作为评选依据。',
    ],
  },
  {
    caseId: 'company-employee',
    industry: '企业',
    title: '企业：年度优秀员工内部评选',
    template: 'employee',
    summary: '手机号验证一人一号，活动期内共5票、可多选，投票期间隐藏票数与排名，避免从众。',
    content: [
      '按部门建立选手分组，为每位候选人填写年度事迹。',
      '身份验证选择“手机验证”，并开启白名单，只有名单内的员工手机号可以投票。',
      '关闭“显示票数”和“显示排名”，结束后再公布结果。',
      '导出全部投票数据，按部门统计参与情况。',
    ],
  },
  {
    caseId: 'photo-contest',
    industry: '文化',
    title: '社区：摄影作品征集与网络投票',
    template: 'photo',
    summary: '开放公众报名，主办方审核作品后展示；投票页支持分享海报，作品按编号检索。',
    content: [
      '在投票规则中开启“选手报名”与“报名审核”，公众在投票页提交作品。',
      '在选手管理中审核报名，通过的作品自动编号并参与投票。',
      '投票页可生成带二维码的分享海报，方便参赛者拉票。',
      '可导出选手资料压缩包，归档全部参赛作品。',
    ],
  },
] as const;
