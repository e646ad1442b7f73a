/** The spec's user-facing messages, verbatim (spec §4, §8). Keys live under `msg.` in the i18n resources. */
export const SPEC_MESSAGES = {
  logoutOk: '退出成功',
  comingSoon: '即将上线',
  installed: '已安装',
  installUnsupported: '添加失败，当前浏览器不支持，推荐使用Chrome浏览器',
  tokenInvalid: 'token失效',
  systemError: '系统处理出错',
} as const;
