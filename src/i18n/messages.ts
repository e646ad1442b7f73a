/** The spec's user-facing messages, verbatim (spec §4, §8). Keys live under `msg.` in the i18n resources. */
export const SPEC_MESSAGES = {
  logoutOk: '退出成功',
  comingSoon: '即将上线',
  installed: '已安装',
  installUnsupported: '添加失败，当前浏览器不支持，推荐使用Chrome浏览器',
  tokenInvalid: 'token失效',
  systemError: '系统处理出错',
  tip: '提示',
  upgrade: '升级版本',
  dailyLimit: '{{levelName}}每天最多支持创建{{maxNumber}}个项目，请升级版本',
  subjectLimit: '抱歉！当前版本不支持更多题目，请升级版本',
  modifyWithData: '修改题目可能会影响已收集的数据，确定要修改吗？',
  modifyNoData: '修改{{noun}}将暂停收集，修改完成后需要重新发布。',
  noRemind: '本次编辑不再提醒',
} as const;
