/** What a voter and a creator are told (zh-CN), keyed by the ballot's outcome. Zod-free for the voting page. */
export const VOTE_MESSAGES = {
  voted: '投票成功',
  dayLimit: '今日投票次数已用完，明天再来吧',
  activityLimit: '您的投票次数已用完',
  playerLimit: '今天给该选手的投票已达上限，请明天再来',
  ended: '投票活动已结束',
  notStarted: '投票活动尚未开始',
  suspended: '投票活动已暂停',
  draft: '投票活动尚未发布',
  gone: '投票活动不存在或已删除',
  notWhitelisted: '您不在本次投票的白名单中，无法投票',
  loginRequired: '请先登录后再投票',
  phoneRequired: '请先验证手机号后再投票',
  player: '选手不存在或未通过审核',
  tooManyPlayers: (n: number) => `每次最多可选${n}位选手`,
  duplicatePlayers: '同一位选手每次只能选一次',
  reused: '投票编号已被使用，请刷新页面后重试',
  noTransition: '当前状态不能进行此操作',
  stale: '投票已被修改，请刷新后再保存',
  /** A ballot that met the rules changing three times in a row (another process editing them). */
  rulesChanged: '投票规则刚刚更新，请重新投票',
} as const;
