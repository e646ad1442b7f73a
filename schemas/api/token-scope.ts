/**
 * What a personal API token may call (issue 53 item 1; schemas/api/api-tokens.ts). Enforced centrally, once per
 * request, by server/plugins/auth.ts for every route (defineCall, defineAiCall, the uploads, the GET file routes):
 * - TOKEN_FORBIDDEN: no API token, read or write, makes these — the account's own credentials and sessions, the
 *   tokens themselves, account deletion, QR login, and moving the account's money (recharge, pay, withdraw).
 *   Answer: '403' API_TOKEN_MESSAGES.notForTokens.
 * - READ_CALLS: the explicit allowlist of POST calls a 'read' token may make: project and report reads, lists,
 *   statements, and exports/downloads that only read the data. Every other POST (AI generations included, which
 *   spend the account's AI count; uploads) needs a 'write' token: '403' API_TOKEN_MESSAGES.readOnly.
 * - GET routes (file downloads, the calendar file, the event stream) only read: a read token may fetch them.
 */

export const READ_CALLS: ReadonlySet<string> = new Set([
  // Account and lists
  'activity/user/info',
  'activity/user/getLoginInfo',
  'activity/user/getUserCoin',
  'activity/question/getWxQuestionList',
  'activity/question/getWxQuestionDelList',
  'activity/question/getQuestionCount',
  'activity/space/getSpaceList',
  'activity/space/getParticipationSpacePage',
  'activity/space/getReleaseQuestionPage',
  'active/message/list',
  'active/message/getMessageList',
  'active/message/listCount',
  'active/message/getListCount',
  // A project and its settings
  'activity/question/getWxQuestion',
  'activity/question/getSubject',
  'activity/question/v2/getSubject',
  'activity/question/getSubjectCount',
  'activity/question/checkLogic',
  'activity/question/getWxQuestionSetting',
  'activity/question/getConclusionList',
  'activity/question/getQuestionCode',
  'code/getTeamMemberList',
  // Report
  'activity/question/getAnswerList',
  'question/statement/getStatement',
  'question/statement/getSubjectAnswers',
  'question/statement/getCrossTab',
  'question/statement/getDataDetail',
  'question/statement/getAnswerSheetDetail',
  'question/statement/getScoreStatement',
  'question/statement/getScoreRank',
  'question/statement/getHighestScore',
  'question/statement/getQuotaStatement',
  // Exports and downloads that only read
  'question/statement/exportExcel',
  'question/statement/exportCsv',
  'question/statement/createExportJob',
  'activity/question/getDownloadList',
  'activity/question/getDownloadUrl',
  'activity/contact/exportContactReceipt',
  'activity/contact/getUserContactReceipt',
  'activity/contact/getContactReceiptDetail',
  'activity/question/white/getWhiteSetting',
  'activity/question/white/getWhitePage',
  'activity/question/white/exportWhite',
  // Mini apps' lists and statements
  'activity/question/solitaire/getChainManage',
  'activity/question/solitaire/getChainMissing',
  'activity/question/solitaire/exportChainList',
  'activity/question/solitaire/getCheckInManage',
  'activity/question/solitaire/exportCheckInList',
  'activity/question/solitaire/getGroupBuyManage',
  'activity/question/solitaire/exportGroupBuyOrders',
  'activity/question/appointment/getBookings',
  'activity/question/appointment/getStatement',
  'activity/question/appointment/exportBookings',
  'active/commodity/order/getOrderList',
  'active/commodity/order/exportOrders',
  'active/commodity/order/exportReconciliation',
  'question/statement/getTradeStatement',
  'activity/question/redPacket/getRedPacket',
  'activity/question/redPacket/getPrizeList',
  'activity/question/redPacket/downloadRedPacket',
  'activity/question/draw/getDrawSetting',
  'activity/question/draw/getWinnerList',
  'activity/question/notice/getNoticeList',
]);

export const TOKEN_FORBIDDEN: ReadonlySet<string> = new Set([
  // The tokens themselves: a token never makes or removes tokens
  'activity/user/getApiTokenList',
  'activity/user/createApiToken',
  'activity/user/revokeApiToken',
  // Credentials, identity and sessions
  'activity/user/login',
  'activity/user/register',
  'activity/user/userNameLogin',
  'activity/user/resetPwd',
  'activity/user/logout',
  'activity/user/changePassword',
  'activity/user/settingPassword',
  'activity/user/sendPasswordSms',
  'activity/user/upDateUserName',
  'activity/user/sendAccountSms',
  'activity/user/bindingPhone',
  'activity/user/bindingUser',
  'activity/user/getSessionList',
  'activity/user/revokeSession',
  'activity/user/revokeOtherSessions',
  'activity/user/cancelAccount',
  // QR login: a token must not sign a browser in
  'activity/user/showLoginQr',
  'activity/user/checkCode',
  'activity/user/loginByQr',
  // The account's money: recharge, pay from the balance, withdraw
  'recharge/saveRechargeOrder',
  'recharge/getBalancePayPack',
  'activity/user/updateAiCoin',
  'active/pay/wxPay',
  'active/pay/wxTradePay',
  'active/pay/wxTradePagePay',
  'active/pay/aliTradePay',
  'active/pay/getBalancePay',
  'active/pay/getBalancePayAiCoin',
  'active/pay/getAdvertPay',
  'active/pay/getRiskControlPay',
  'active/pay/getBalancePayCoin',
  'activity/question/redPacket/payRedPacket',
]);

export type TTokenScopeOfCall = 'read' | 'write' | 'none';

/** The least token scope a call needs: 'none' when no API token may make it. */
export function tokenScopeOf(path: string, method: 'GET' | 'POST' = 'POST'): TTokenScopeOfCall {
  if (TOKEN_FORBIDDEN.has(path)) return 'none';
  if (method === 'GET' || READ_CALLS.has(path)) return 'read';
  return 'write';
}
