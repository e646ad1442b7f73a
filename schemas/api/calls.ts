import { apiTokenCalls } from './api-tokens';
import { webhookCalls } from './webhooks';
import { transferCalls } from './transfer';
import { aiCalls, aiServiceCalls } from './ai';
import { appointmentCalls, appointmentFileRoutes } from './appointment';
import { articleCalls } from './article';
import { chainCalls, chainStreamRoutes } from './chain';
import { checkInCalls } from './checkin';
import { couponCalls } from './coupon';
import { componentCalls } from './component';
import { shareCalls } from './share';
import type { Contract, FileRoute } from './contract';
import { devCalls } from './dev';
import { devMailCalls } from './dev-mail';
import { receiptCalls } from './receipts';
import { editorCalls } from './editor';
import { exportCalls, exportFileRoutes } from './export-jobs';
import { groupBuyCalls } from './groupbuy';
import { invoiceCalls } from './invoice';
import { logisticsCalls } from './logistics';
import { memberCalls } from './member';
import { messageCalls } from './message';
import { noticeCalls } from './notice';
import { optionQuotaCalls } from './option-quota';
import { orderCalls, payCalls, payFileRoutes } from './pay';
import { payStatementCalls } from './pay-statement';
import { questionCalls } from './question';
import { balancePayCalls, rechargeCalls } from './recharge';
import { regionCalls } from './region';
import { coinDrawCalls, giftCalls, giftOperatorCalls, spaceCalls, taskCalls, userCoinCalls } from './coins';
import { resultQueryCalls } from './result-query';
import { redPacketCalls } from './red-envelope';
import { drawCalls } from './draw';
import { certificateCalls, certificateFileRoutes } from './certificate';
import { siteCalls } from './site';
import { templateShareCalls } from './template-share';
import { reportCalls } from './report';
import { teamCalls } from './team';
import { templateKeyCalls } from './template-keys';
import { uploadCalls } from './upload';
import { appletCalls } from './applet';
import { userCalls } from './user';
import { userAccountCalls } from './user-account';
import { voteCalls } from './vote';
import { playerCalls } from './vote-player';
import { voteCollectCalls, voteDownloadCalls, voteExtraCalls, voteTemplateCalls, voteWhiteCalls } from './vote-extras';
import { writeCalls } from './write';
import { questionWhiteCalls } from './whitelist';
import { contactCalls } from './contacts';
import { contactLinkCalls, devSmsSignCalls, smsSendCalls, smsSignCalls } from './sms';
import { devMerchantCalls, wxPayCalls } from './wxpay';

/** Every contract, by area: the one list the OpenAPI document is built from (server/http/openapi.ts). */
export const CALL_GROUPS = {
  user: userCalls,
  userAccount: userAccountCalls,
  question: questionCalls,
  editor: editorCalls,
  region: regionCalls,
  team: teamCalls,
  write: writeCalls,
  report: reportCalls,
  exports: exportCalls,
  upload: uploadCalls,
  wxPay: wxPayCalls,
  vote: voteCalls,
  player: playerCalls,
  chain: chainCalls,
  pay: payCalls,
  orders: orderCalls,
  payStatement: payStatementCalls,
  recharge: rechargeCalls,
  balancePay: balancePayCalls,
  member: memberCalls,
  coupon: couponCalls,
  invoice: invoiceCalls,
  message: messageCalls,
  notice: noticeCalls,
  component: componentCalls,
  appointment: appointmentCalls,
  checkIn: checkInCalls,
  groupBuy: groupBuyCalls,
  dev: devCalls,
  site: siteCalls,
  devMerchant: devMerchantCalls,
  voteWhite: voteWhiteCalls,
  voteExtra: voteExtraCalls,
  voteCollect: voteCollectCalls,
  voteDownload: voteDownloadCalls,
  voteTemplate: voteTemplateCalls,
  share: shareCalls,
  resultQuery: resultQueryCalls,
  article: articleCalls,
  templateShare: templateShareCalls,
  templateKey: templateKeyCalls,
  redPacket: redPacketCalls,
  questionWhite: questionWhiteCalls,
  contact: contactCalls,
  optionQuota: optionQuotaCalls,
  draw: drawCalls,
  certificate: certificateCalls,
  logistics: logisticsCalls,
  applet: appletCalls,
  smsSign: smsSignCalls,
  smsSend: smsSendCalls,
  devSmsSign: devSmsSignCalls,
  contactLink: contactLinkCalls,
  receipt: receiptCalls,
  devMail: devMailCalls,
  userCoin: userCoinCalls,
  task: taskCalls,
  gift: giftCalls,
  giftOperator: giftOperatorCalls,
  coinDraw: coinDrawCalls,
  space: spaceCalls,
  ai: aiCalls,
  aiService: aiServiceCalls,
  apiToken: apiTokenCalls,
  webhook: webhookCalls,
  transfer: transferCalls,
} satisfies Record<string, Record<string, Contract>>;

export const ALL_CONTRACTS: Contract[] = Object.values(CALL_GROUPS).flatMap((group) => Object.values<Contract>(group));

/** The GET routes that answer files, by area. */
export const FILE_ROUTE_GROUPS = {
  exports: exportFileRoutes,
  chain: chainStreamRoutes,
  pay: payFileRoutes,
  appointment: appointmentFileRoutes,
  certificate: certificateFileRoutes,
} satisfies Record<string, Record<string, FileRoute>>;

/** The GET routes that answer files. */
export const FILE_ROUTES: FileRoute[] = Object.values(FILE_ROUTE_GROUPS).flatMap((group) => Object.values<FileRoute>(group));
