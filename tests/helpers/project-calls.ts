import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exportsDir, signDownload } from '../../server/services/report/export-jobs.service';
import { signExport } from '../../server/services/report/report-export';
import { makeSubject } from './fixtures';

/**
 * Every call that acts on one project, with the power it needs and a valid body for a project whose first
 * subject is a single choice. The permission matrix (tests/server/team/permission-matrix.test.ts) walks the app's
 * own routes: every call whose request names a project (PROJECT_FIELDS) and every route registered by hand must
 * be here or in NOT_PROJECT_CALLS with its reason, so every new project call joins the matrix (issue 8).
 */
export type Need = 'read' | 'edit' | 'report' | 'manage' | 'owner';
export type Role = 'owner' | 'manage' | 'edit' | 'view' | 'stranger' | 'loggedOut';
/** Request fields that name one project. */
export const PROJECT_FIELDS = ['questionId', 'workCodeId'] as const;
export interface Ctx {
  questionId: string;
  /** A collaborator (the view member) other calls can act on. */
  memberUserId: string;
  conclusionId: string;
  subjectUuid: string;
  optionUuid: string;
  /** A live invitation of the project (the matrix makes one; other tests may leave it out). */
  workCodeId?: string;
  /** A webhook of the project and one queued delivery of it (the matrix makes them; issue 53 item 3). */
  webhookId?: string;
  deliveryId?: string;
}
export interface ProjectCall {
  need: Need;
  /** Expected answers that differ from what `need` implies, per role. */
  override?: Partial<Record<Role, string>>;
  /** Not decided by a power: every role, logged out included, gets this answer (respondent calls). */
  anyone?: string;
  body: (c: Ctx) => Record<string, unknown>;
  /** Templates and bin calls have their own reach. */
  note?: string;
}

const q = (c: Ctx) => ({ questionId: c.questionId });
/** A one-subject project file of our own JSON format (schemas/transfer/wenjuan-json.ts). */
export const TRANSFER_FILE = () =>
  JSON.stringify({ format: 'wenjuan-project', version: 1, project: { title: '导入的问卷', questionType: 1 }, subjects: [makeSubject(6, 1, '导入的题')] });
const WH = 'activity/question/webhook/';
const hook = (c: Ctx) => ({ questionId: c.questionId, webhookId: c.webhookId });
const delivery = (c: Ctx) => ({ questionId: c.questionId, deliveryId: c.deliveryId });
const webhookCalls = (): Record<string, ProjectCall> => ({
  [`${WH}getWebhookList`]: { need: 'manage', body: q },
  [`${WH}saveWebhook`]: { need: 'manage', body: (c) => ({ ...q(c), url: 'https://example.com/hook', events: ['sheet.accepted'] }) },
  [`${WH}deleteWebhook`]: { need: 'manage', body: hook },
  [`${WH}resetWebhookSecret`]: { need: 'manage', body: hook },
  [`${WH}sendTestEvent`]: { need: 'manage', body: hook },
  [`${WH}getDeliveryList`]: { need: 'manage', body: hook },
  [`${WH}getDelivery`]: { need: 'manage', body: delivery },
  [`${WH}redeliver`]: { need: 'manage', body: delivery },
});
const s = (c: Ctx) => ({ questionId: c.questionId, subjectUuid: c.subjectUuid });
const P = 'activity/question/';
const NOT_A_CHAIN_READ: Partial<Record<Role, string>> = { owner: '404', manage: '404', edit: '404', view: '404' };
const NOT_A_CHAIN_EDIT: Partial<Record<Role, string>> = { owner: '404', manage: '404', edit: '404' };
const NOT_A_CHAIN_REPORT: Partial<Record<Role, string>> = { owner: '404', manage: '404', view: '404' };
const NO_ORDER = '00000000000000000000';
/** A calendar day `n` days from now (YYYY-MM-DD): the appointment calls' dates never pass. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const R = 'question/statement/';
const RED_NOT_RUNNING: Partial<Record<Role, string>> = { owner: '400', manage: '400', edit: '400' };
const sheet = (c: Ctx) => ({ questionId: c.questionId, sheetId: 'no-such-sheet' });
const proof = (c: Ctx) => ({ ...sheet(c), sheetProof: 'made-up-proof' });

export const PROJECT_CALLS: Record<string, ProjectCall> = {
  // Issue 53 item 3 (helper webhook-screens): 数据推送, all manage power (the data leaves the platform).
  ...webhookCalls(),
  [`${P}saveOrUpdateWxQuestion`]: { need: 'edit', body: (c) => ({ ...q(c), questionType: 1, title: '改名' }) },
  [`${P}getWxQuestion`]: { need: 'read', body: q },
  [`${P}getSubject`]: { need: 'read', body: q },
  [`${P}v2/getSubject`]: { need: 'read', body: q },
  [`${P}updateWxQuestion`]: { need: 'edit', body: (c) => ({ ...q(c), title: '改名' }) },
  [`${P}getQuestionStatus`]: { need: 'edit', body: (c) => ({ ...q(c), status: 0 }) },
  [`${P}getQuestionCopy`]: { need: 'edit', body: q },
  // Issue 49 item 6 (helper media): the mini-program code and link. The matrix app binds no applet, so a permitted
  // role gets the message naming what to configure (tests/server/share/applet-codes.test.ts covers the bound case).
  [`${P}getQuestionCode`]: { need: 'read', body: q, override: { owner: '400', manage: '400', edit: '400', view: '400' } },
  [`${P}T2/getAppletUrl`]: { need: 'read', body: q, override: { owner: '400', manage: '400', edit: '400', view: '400' } },
  [`${P}getQuestionClear`]: { need: 'manage', body: q },
  [`${P}getSubjectCount`]: { need: 'read', body: q },
  [`${P}getWxQuestionDel`]: { need: 'owner', body: q },
  [`${P}getRetrieveWxQuestion`]: { need: 'owner', body: q },
  [`${P}getWxQuestionCompletelyDel`]: { need: 'owner', body: q },
  [`${P}createSubject`]: { need: 'edit', body: (c) => ({ ...q(c), subject: makeSubject(6, 99, '新题') }) },
  [`${P}updateWxQuestionSubject`]: { need: 'edit', body: (c) => ({ ...q(c), subject: { ...makeSubject(1, 1, '改题'), uuid: c.subjectUuid } }) },
  [`${P}updateSubjectGauge`]: { need: 'edit', body: (c) => ({ ...q(c), subject: { ...makeSubject(19, 1), uuid: c.subjectUuid } }) },
  [`${P}updateSubjectCascade`]: { need: 'edit', body: (c) => ({ ...q(c), subject: { ...makeSubject(17, 1), uuid: c.subjectUuid } }) },
  [`${P}updateSubjectMatrix`]: { need: 'edit', body: (c) => ({ ...q(c), subject: { ...makeSubject(11, 1), uuid: c.subjectUuid } }) },
  [`${P}getSubjectDel`]: { need: 'edit', body: s },
  [`${P}batchDelSubject`]: { need: 'edit', body: (c) => ({ ...q(c), subjectUuids: [c.subjectUuid] }) },
  [`${P}getSubjectCopy`]: { need: 'edit', body: s },
  [`${P}moveSubject`]: { need: 'edit', body: (c) => ({ ...s(c), afterUuid: null }) },
  [`${P}batchRequired`]: { need: 'edit', body: (c) => ({ ...q(c), subjectUuids: [c.subjectUuid], required: false }) },
  [`${P}updateSubjectOption`]: { need: 'edit', body: (c) => ({ ...s(c), option: { uuid: c.optionUuid, title: '改选项' } }) },
  [`${P}addSubjectOption`]: { need: 'edit', body: (c) => ({ ...s(c), options: [{ uuid: 'new-opt', title: '新选项' }] }) },
  [`${P}delSubjectOption`]: { need: 'edit', body: (c) => ({ ...s(c), optionUuid: c.optionUuid }) },
  [`${P}batchSubjectOption`]: { need: 'edit', body: (c) => ({ ...s(c), text: '甲\n乙' }) },
  [`${P}pictureBatchSubjectOption`]: { need: 'edit', body: (c) => ({ ...s(c), pictures: [{ url: '/uploads/a.png', title: '图' }] }) },
  [`${P}saveEditorDocument`]: { need: 'edit', body: (c) => ({ ...q(c), version: 1, document: { title: '改名', subjects: [], logic: {} } }) },
  [`${P}saveLogic`]: { need: 'edit', body: (c) => ({ ...q(c), logic: {} }) },
  [`${P}checkLogic`]: { need: 'read', body: q },
  [`${P}saveRandomSubject`]: { need: 'edit', body: (c) => ({ ...q(c), random: [] }) },
  [`${P}getWxQuestionSetting`]: { need: 'read', body: q },
  [`${P}updateWxQuestionSetting`]: { need: 'edit', body: (c) => ({ ...q(c), settings: { maxAnswers: 10 } }) },
  [`${P}setAdvertFree`]: { need: 'owner', body: (c) => ({ ...q(c), advertFree: false }) },
  [`${P}saveOrUpdateFormat`]: { need: 'edit', body: (c) => ({ ...q(c), style: { themeId: 'green' } }) },
  [`${P}getConclusionList`]: { need: 'read', body: q },
  [`${P}saveOrUpdateConclusion`]: { need: 'edit', body: (c) => ({ ...q(c), conclusion: { title: '谢谢' } }) },
  [`${P}delConclusion`]: { need: 'edit', body: (c) => ({ ...q(c), conclusionId: c.conclusionId }) },
  // The answer list (issue 17 item 3): every power reads it; binning and flagging sheets need edit or manage.
  [`${P}getAnswerList`]: { need: 'read', body: q },
  [`${P}getTeamWorkCode`]: { need: 'manage', body: (c) => ({ ...q(c), powerType: 3 }) },
  [`${P}updateWorkType`]: { need: 'manage', body: (c) => ({ workCodeId: c.workCodeId ?? 'no-such-work-code', powerType: 2 }) },
  'code/resetTeamWorkCode': { need: 'manage', body: (c) => ({ ...q(c), powerType: 3 }) },
  'code/setFriendAddTeamWork': { need: 'owner', body: (c) => ({ ...q(c), isFriendAddTeamWork: 0 }) },
  'code/getTeamMemberList': { need: 'read', body: q },
  'code/updateMemberPower': { need: 'manage', body: (c) => ({ ...q(c), userId: c.memberUserId, powerType: 2 }) },
  'code/removeMember': { need: 'manage', body: (c) => ({ ...q(c), userId: c.memberUserId }) },
  'code/leaveTeamWork': { need: 'read', body: q, override: { owner: '400' } },
  // Reports (issue 7): reading needs power 1 or 3; a single sheet any power; sheet changes power 1 or 2. A fresh project has no
  // sheets, so calls naming a sheet answer "404" to everyone allowed past the power check.
  [`${R}getStatement`]: { need: 'report', body: q },
  [`${R}getSubjectAnswers`]: { need: 'report', body: s },
  [`${R}getCrossTab`]: {
    need: 'report',
    override: { owner: '400', manage: '400', view: '400' },
    body: (c) => ({ ...q(c), rowSubject: c.subjectUuid, colSubject: c.subjectUuid }),
  },
  [`${R}getDataDetail`]: { need: 'report', body: q },
  [`${R}getAnswerSheetDetail`]: { need: 'read', body: sheet, override: { owner: '404', manage: '404', edit: '404', view: '404' } },
  [`${R}delAnswerSheet`]: { need: 'edit', body: sheet, override: { owner: '404', manage: '404', edit: '404' } },
  [`${R}restoreAnswerSheet`]: { need: 'edit', body: sheet, override: { owner: '404', manage: '404', edit: '404' } },
  [`${R}markSuspect`]: { need: 'edit', body: (c) => ({ ...sheet(c), suspect: true }), override: { owner: '404', manage: '404', edit: '404' } },
  // 风控筛查 (issue 46): the sheet changers (power 1 or 2); a fresh project has nothing to screen, so no quota is needed.
  [`${R}getRiskScreen`]: { need: 'edit', body: q },
  [`${R}riskScreen`]: { need: 'edit', body: q },
  [`${R}getScoreStatement`]: { need: 'report', body: q },
  [`${R}getScoreRank`]: { need: 'report', body: q },
  [`${R}getHighestScore`]: { need: 'report', body: q },
  // The quota statement is the quotas' targets and fill counts, not answers: every power reads it (an editor changes
  // targets with it; docs/decisions.md "Quota statement for editors").
  [`${R}getQuotaStatement`]: { need: 'read', body: q },
  // Option quotas (issue 49 item 3, /optionsQuota.html): a target changed with edit power; the matrix's project has no quota,
  // so the powers that pass are told it is gone (tests/server/quotas/quota-limit.test.ts changes real ones).
  'activity/question/quota/updateQuota': {
    need: 'edit',
    body: (c) => ({ ...q(c), quotaId: `option:${c.subjectUuid}:${c.optionUuid}`, limit: 5 }),
    override: { owner: '404', manage: '404', edit: '404' },
  },
  [`${R}exportExcel`]: { need: 'report', body: (c) => ({ ...q(c), mode: 'subject' }) },
  [`${R}exportCsv`]: { need: 'report', body: (c) => ({ ...q(c), mode: 'option' }) },
  // Export jobs (issue 7, 我的下载): queued with the report's power.
  [`${R}createExportJob`]: { need: 'report', body: (c) => ({ ...q(c), kind: 'csv' }) },
  // Respondent calls: anyone may answer a collecting project, so powers play no part; the matrix's project is
  // not collecting and everyone, owner and stranger alike, hears so.
  'active/write/getQuestion': { need: 'read', anyone: '409', body: q },
  // 向答题者展示统计结果 is off on the matrix's project: everyone hears so, whatever their power.
  'active/write/getResults': { need: 'read', anyone: '403', body: (c) => ({ ...q(c), sheetId: 'no-such-sheet' }) },
  'active/write/sendAnswerSms': { need: 'read', anyone: '409', body: (c) => ({ ...q(c), subjectId: c.subjectUuid, phone: '13800138000' }) },
  'active/write/getMyAnswer': { need: 'read', anyone: '409', body: (c) => ({ ...q(c), editToken: 'no-such-sheet.key' }) },
  'active/write/startExam': { need: 'read', anyone: '409', body: (c) => ({ ...q(c), submissionId: 'matrix-sheet-1', deviceId: 'matrix-device' }) },
  // 仅限微信授权填写 (public: the respondent's WeChat round trip); the matrix's project is not collecting, so "409".
  'active/write/getFormWechatAuthUrl': { need: 'read', anyone: '409', body: (c) => ({ ...q(c), redirectPath: '/s/x' }) },
  'active/write/getFormWechatIdentity': { need: 'read', anyone: '409', body: (c) => ({ ...q(c), code: 'matrix-code', state: 'a.1.b' }) },
  'active/write/submit': { need: 'read', anyone: '409', body: (c) => ({ ...q(c), submissionId: 'matrix-sheet-1', answers: {}, deviceId: 'matrix-device' }) },
  // 结果查询 (issue 48): public, decided by the project's own switch; the matrix's project has it off, so everyone
  // hears "404" 该项目未开启结果查询 (tests/server/result-query/ covers it switched on).
  'active/write/getQueryForm': { need: 'read', anyone: '404', body: q },
  'active/write/sendQuerySms': { need: 'read', anyone: '404', body: (c) => ({ ...q(c), phone: '13800138000' }) },
  'active/write/queryResult': { need: 'read', anyone: '404', body: (c) => ({ ...q(c), name: '张三', value: '1' }) },
  // 答题白名单 (issue 49 item 2): the creator's list, and the answering page's gate (off on the matrix's project: "409").
  'activity/question/white/getWhiteSetting': { need: 'read', body: q },
  'activity/question/white/updateWhiteSetting': {
    need: 'edit',
    body: (c) => ({ ...q(c), enabled: false, mode: 'phone', fieldLabel: '工号', answersPerEntry: 1 }),
  },
  'activity/question/white/getWhitePage': { need: 'read', body: q },
  'activity/question/white/batchAddWhite': { need: 'edit', body: (c) => ({ ...q(c), lines: ['13800138000 张三'] }) },
  'activity/question/white/importWhite': {
    need: 'edit',
    override: { owner: '400', manage: '400', edit: '400' },
    note: 'power first, then the file: not an .xlsx is "400" for those who may import',
    body: (c) => ({ ...q(c), xlsx: 'bm90IGV4Y2Vs' }),
  },
  'activity/question/white/createWhiteCodes': {
    need: 'edit',
    override: { owner: '400', manage: '400', edit: '400' },
    note: 'power first, then the mode: the matrix project lists phones, so codes are "400" 当前验证方式不是访问码',
    body: (c) => ({ ...q(c), count: 3 }),
  },
  'activity/question/white/batchDelWhite': { need: 'edit', body: (c) => ({ ...q(c), whiteIds: ['1'] }) },
  'activity/question/white/exportWhite': { need: 'read', body: q },
  // Issue 50 (helper sms): sending invitations needs edit power (1–2); without a chosen approved signature the
  // powers that pass are told to apply for one first ("400").
  'activity/message/contact/addSmsDetail': {
    need: 'edit',
    override: { owner: '400', manage: '400', edit: '400' },
    body: (c) => ({ ...q(c), channel: 'sms', contactIds: [1], content: '{链接}' }),
  },
  // The answering page opens a contact's link: anyone; a made-up token is not a link.
  'active/write/getContactLink': { need: 'read', anyone: '404', body: (c) => ({ ...q(c), ct: 'made-up-token' }) },
  'active/write/sendWhiteSms': { need: 'read', anyone: '409', body: (c) => ({ ...q(c), phone: '13800138000' }) },
  'active/write/checkWhite': { need: 'read', anyone: '409', body: (c) => ({ ...q(c), accessCode: 'ABCDEFGH' }) },
  // Invitation receipts (issue 50 item 3): power 1–3 reads them. The matrix's project invited nobody: one contact's history is 404 for every power.
  'activity/contact/getUserContactReceipt': { need: 'read', body: (c) => ({ ...q(c), state: 'unanswered' }) },
  'activity/contact/getContactReceiptStatus': { need: 'read', body: q },
  // Test servers only: seeds invited contacts for the browser tests (tests/e2e/contact-receipts.spec.ts).
  'dev/seedReceipts': { need: 'edit', body: q },
  'activity/contact/getContactReceiptDetail': { need: 'read', override: NOT_A_CHAIN_READ, body: (c) => ({ ...q(c), contactId: 1 }) },
  // 导出 receipts (helper contacts2): the report power (1, 3) like the project's other list exports; the matrix's
  // project invited nobody, so the powers that pass hear "400" 没有可导出的回执.
  'activity/contact/exportContactReceipt': { need: 'report', override: { owner: '400', manage: '400', view: '400' }, body: q },
  // Sign-up chains (issue 20): the public calls are decided by the project being a live chain, the creator's by the
  // power first; the matrix's project is a survey, so whoever gets past the power check hears "404" 该项目不是报名接龙
  // (tests/server/chain/ covers them on a real chain).
  [`${P}solitaire/getChain`]: { need: 'read', anyone: '404', body: q },
  [`${P}solitaire/joinChain`]: { need: 'read', anyone: '404', body: (c) => ({ ...q(c), deviceId: 'matrix-device', name: '张三' }) },
  [`${P}solitaire/updateChainEntry`]: {
    need: 'read',
    anyone: '404',
    body: (c) => ({ ...q(c), deviceId: 'matrix-device', entryId: 'no-such-entry', name: '张三' }),
  },
  [`${P}solitaire/withdrawChainEntry`]: { need: 'read', anyone: '404', body: (c) => ({ ...q(c), deviceId: 'matrix-device', entryId: 'no-such-entry' }) },
  // 仅限微信授权参与 (issue 47 item 1): the public page's round trip through WeChat (public, like joining).
  [`${P}solitaire/getChainWechatAuthUrl`]: { need: 'read', anyone: '404', body: (c) => ({ ...q(c), redirectPath: '/s/x' }) },
  [`${P}solitaire/getChainWechatIdentity`]: { need: 'read', anyone: '404', body: (c) => ({ ...q(c), code: 'matrix-code', state: 'a.1.b' }) },
  [`${P}solitaire/getChainManage`]: { need: 'read', override: NOT_A_CHAIN_READ, body: q },
  [`${P}solitaire/getChainMissing`]: { need: 'read', override: NOT_A_CHAIN_READ, body: (c) => ({ ...q(c), names: '张三' }) },
  [`${P}solitaire/saveChainSetting`]: { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), cap: 3 }) },
  [`${P}solitaire/pinChainNote`]: { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), note: '公告' }) },
  [`${P}solitaire/closeChain`]: { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), closed: true }) },
  [`${P}solitaire/removeChainEntry`]: { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), entryId: 'no-such-entry', reason: '重复' }) },
  [`${P}solitaire/exportChainList`]: { need: 'report', override: NOT_A_CHAIN_REPORT, body: q },
  // Notices to participants (issue 47 item 4): the page's own reads and switch answer anyone with the link.
  [`${P}notice/getMyNotices`]: { need: 'read', anyone: '200', body: (c) => ({ ...q(c), deviceId: 'matrix-device' }) },
  [`${P}notice/setNoticeOff`]: { need: 'read', anyone: '200', body: (c) => ({ ...q(c), deviceId: 'matrix-device', off: true }) },
  [`${P}notice/getNoticeList`]: { need: 'read', body: q },
  // Daily check-in (solitaireType 1): the matrix's project is a survey, so every role that passes the power gets "404".
  [`${P}solitaire/getCheckIn`]: { need: 'read', anyone: '404', body: (c) => ({ ...q(c), deviceId: 'matrix-device' }) },
  [`${P}solitaire/checkIn`]: { need: 'read', anyone: '404', body: (c) => ({ ...q(c), deviceId: 'matrix-device', name: '张三' }) },
  [`${P}solitaire/getCheckInManage`]: { need: 'read', override: NOT_A_CHAIN_READ, body: q },
  [`${P}solitaire/saveCheckInSetting`]: { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), makeUpDays: 1 }) },
  [`${P}solitaire/exportCheckInList`]: { need: 'report', override: NOT_A_CHAIN_REPORT, body: q },
  // Group-buy (solitaireType 2): the matrix's project is a survey, so every role that passes the power gets "404".
  [`${P}solitaire/getGroupBuy`]: { need: 'read', anyone: '404', body: (c) => ({ ...q(c), deviceId: 'matrix-device' }) },
  [`${P}solitaire/getGroupBuyManage`]: { need: 'read', override: NOT_A_CHAIN_READ, body: q },
  [`${P}solitaire/cancelGroupBuyOrder`]: { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), orderNo: NO_ORDER }) },
  [`${P}solitaire/noticeGroupBuyPickup`]: { need: 'edit', override: NOT_A_CHAIN_EDIT, body: q },
  [`${P}solitaire/saveGroupBuySetting`]: { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), wechatAuthId: null }) },
  [`${P}solitaire/exportGroupBuyOrders`]: { need: 'report', override: NOT_A_CHAIN_REPORT, body: q },
  // Appointments (issue 22): the matrix's project is a survey, not an appointment project.
  [`${P}appointment/getSetting`]: { need: 'read', override: NOT_A_CHAIN_READ, body: q },
  [`${P}appointment/saveSetting`]: {
    need: 'edit',
    override: NOT_A_CHAIN_EDIT,
    body: (c) => ({
      ...q(c),
      schedule: { startDate: inDays(30), endDate: inDays(60), weekly: [{ weekday: 1, slots: [{ start: '09:00', end: '10:00', capacity: 2 }] }] },
    }),
  },
  [`${P}appointment/getWeeks`]: { need: 'read', anyone: '404', body: q },
  [`${P}appointment/getTimes`]: { need: 'read', anyone: '404', body: (c) => ({ ...q(c), date: inDays(37) }) },
  [`${P}appointment/book`]: { need: 'read', anyone: '404', body: (c) => ({ ...q(c), date: inDays(37), start: '09:00' }) },
  [`${P}appointment/getBookings`]: { need: 'read', override: NOT_A_CHAIN_READ, body: q },
  [`${P}appointment/checkIn`]: { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), bookingId: 'no-such-booking' }) },
  [`${P}appointment/markNoShow`]: { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), bookingId: 'no-such-booking' }) },
  [`${P}appointment/cancelBooking`]: { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), bookingId: 'no-such-booking', reason: '临时有事' }) },
  [`${P}appointment/moveBooking`]: {
    need: 'edit',
    override: NOT_A_CHAIN_EDIT,
    body: (c) => ({ ...q(c), bookingId: 'no-such-booking', date: inDays(37), start: '09:00' }),
  },
  [`${P}appointment/getStatement`]: { need: 'report', override: NOT_A_CHAIN_REPORT, body: q },
  [`${P}appointment/exportBookings`]: { need: 'report', override: NOT_A_CHAIN_REPORT, body: q },
  // Orders of a payment page (issue 21): the order named is not one of the project's, so "404" past the power.
  'active/commodity/order/getOrderList': { need: 'report', body: q },
  // Issue 21's gaps: the trade statement (read like the other statements) and the order exports (我的下载).
  [`${R}getTradeStatement`]: { need: 'report', body: q },
  'active/commodity/order/exportOrders': { need: 'report', body: (c) => ({ ...q(c), state: 'paid' }) },
  'active/commodity/order/exportReconciliation': { need: 'report', body: q },
  'active/commodity/order/shipOrder': { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), orderNo: NO_ORDER }) },
  // Logistics and specs (issue 49 item 6, helper logistics): an order that is not there is 404 once the power passes;
  // a sheet that is not an .xlsx is 400 once the power passes.
  [`${P}logistics/shipOrder`]: {
    need: 'edit',
    override: NOT_A_CHAIN_EDIT,
    body: (c) => ({ ...q(c), orderNo: NO_ORDER, carrier: 'SF', trackingNo: 'SF1234567890' }),
  },
  [`${P}logistics/batchShip`]: { need: 'edit', override: { owner: '400', manage: '400', edit: '400' }, body: (c) => ({ ...q(c), xlsx: 'bm90IGFuIHhsc3g=' }) },
  [`${P}spec/getSpecStock`]: { need: 'read', body: q },
  'active/commodity/order/collectOrder': { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), orderNo: NO_ORDER }) },
  'active/commodity/order/finishOrder': { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), orderNo: NO_ORDER }) },
  'active/commodity/order/refundOrder': { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), orderNo: NO_ORDER, amountFen: 1 }) },
  'active/commodity/order/saveOrderRemark': { need: 'edit', override: NOT_A_CHAIN_EDIT, body: (c) => ({ ...q(c), orderNo: NO_ORDER, remark: '备注' }) },
  // Share cards (issue 47): a public page's JS-SDK signature, for anyone; the matrix's owner bound no official
  // account, so every role hears null (tests/server/share/jssdk-config.test.ts signs for a bound one).
  'activity/share/getJsSdkConfig': { need: 'read', anyone: '200', body: (c) => ({ ...q(c), url: `https://example.test/s/${c.questionId}` }) },
  // The QR of a public page, for anyone with its link.
  'activity/share/getSharePoster': { need: 'read', anyone: '200', body: q },
  // A template as respondents see it and its share link (issue 48 item 3): templates only, for anyone; the matrix's
  // project is not one, so every role hears "404" 模板不存在或已下架 (tests/server/question/template-share.test.ts).
  'active/template/getTemplateQuestion': { need: 'read', anyone: '404', body: q },
  'active/template/getTemplateShareLink': { need: 'read', anyone: '404', body: q },
  // Red envelopes (issue 49 item 1, helper redpack): nothing is paid in on the matrix's project, so paying in (no
  // balance), ending, approving and rejecting (no running envelope) answer "400" to every role with the power.
  [`${P}redPacket/getRedPacket`]: { need: 'read', body: q },
  [`${P}redPacket/saveRedPacket`]: {
    need: 'edit',
    body: (c) => ({ ...q(c), rule: { amountMode: 'fixed', minFen: 100, maxFen: 100, totalCount: 3, budgetFen: 300, qualify: 'valid' } }),
  },
  [`${P}redPacket/payRedPacket`]: { need: 'edit', override: RED_NOT_RUNNING, body: q },
  [`${P}redPacket/endRedPacket`]: { need: 'edit', override: RED_NOT_RUNNING, body: q },
  [`${P}redPacket/getUnapprovedList`]: { need: 'edit', body: q },
  [`${P}redPacket/approveRedPacket`]: { need: 'edit', override: RED_NOT_RUNNING, body: (c) => ({ ...q(c), sheetIds: ['no-such-sheet'] }) },
  [`${P}redPacket/rejectRedPacket`]: { need: 'edit', override: RED_NOT_RUNNING, body: (c) => ({ ...q(c), sheetIds: ['no-such-sheet'] }) },
  [`${P}redPacket/retryRedPacket`]: { need: 'edit', body: (c) => ({ ...q(c), sheetIds: ['no-such-sheet'] }) },
  [`${P}redPacket/cancelRedPacket`]: { need: 'edit', body: (c) => ({ ...q(c), sheetIds: ['no-such-sheet'] }) },
  [`${P}redPacket/getPrizeList`]: { need: 'read', body: q },
  [`${P}redPacket/downloadRedPacket`]: { need: 'report', body: q },
  // 答题抽奖, 考试证书, 分享海报 (issue 49 item 5, helper draw): the creator's calls by power; the respondent's after the
  // submit are decided by the signed sheet proof, so every role hears "403" for a made-up one (tests/server/draw/).
  [`${P}draw/getDrawSetting`]: { need: 'read', body: q },
  [`${P}draw/saveDrawSetting`]: { need: 'edit', body: (c) => ({ ...q(c), enabled: false, prizes: [] }) },
  [`${P}draw/getWinnerList`]: { need: 'report', body: q },
  [`${P}draw/getDrawInfo`]: { need: 'read', anyone: '403', body: proof },
  [`${P}draw/luckyDraw`]: { need: 'read', anyone: '403', body: proof },
  [`${P}draw/saveWinnerContact`]: { need: 'read', anyone: '403', body: (c) => ({ ...proof(c), name: '张三', phone: '13800001111', address: '北京' }) },
  [`${P}certificate/getCertificateSetting`]: { need: 'read', body: q },
  // The matrix's project is a survey: past the power, "400" 证书仅适用于考试项目.
  [`${P}certificate/saveCertificateSetting`]: {
    need: 'edit',
    override: { owner: '400', manage: '400', edit: '400' },
    body: (c) => ({ ...q(c), enabled: false, title: '证书', body: '{姓名}', passScore: 1 }),
  },
  [`${P}certificate/getCertificateInfo`]: { need: 'read', anyone: '403', body: proof },
  [`${P}certificate/issueCertificate`]: { need: 'read', anyone: '403', body: (c) => ({ ...proof(c), name: '张三' }) },
  [`${P}poster/getPoster`]: { need: 'read', body: q },
  // Issue 51 (helper tasks): linking a project to the 2-3 task needs view power; past it, the matrix's made-up taskId
  // is "400" 任务不存在或已过期 (tests/server/coins/tasks.test.ts links a genuine one).
  'activity/task/saveTaskQuestion': {
    need: 'read',
    override: { owner: '400', manage: '400', edit: '400', view: '400' },
    body: (c) => ({ ...q(c), taskId: 'v1.made-up-task-id' }),
  },
  // 互助空间 (issue 51, helper space): releasing needs manage power; past it the matrix's project is refused "409" (not
  // published, or no coins to pay the budget in) — tests/server/coins/space.test.ts releases for real.
  'activity/space/getSpaceRelease': {
    need: 'manage',
    override: { owner: '409', manage: '409' },
    body: (c) => ({ ...q(c), reward: 5, budget: 50, minutes: 3 }),
  },
  // AI analysis (issue 52, helper analysis): it reads the report's statistics, so it needs the report's power (1 or 3);
  // a view collaborator asks and saves his own conversation (tests/server/ai/analysis.test.ts).
  'ai/agent/ai_analyze/getConversation': { need: 'report', body: (c) => ({ ...q(c), message: '整体情况怎么样？' }) },
  'activity/ai/getQuestionAnalysis': { need: 'report', body: q },
  'activity/ai/saveOrUpdateAnalysis': { need: 'report', body: (c) => ({ ...q(c), messages: [{ role: 'user', text: '整体情况怎么样？' }] }) },
  // Projects in and out (issue 53, helper transfer): export reads, preview and import into the project edit.
  [`${P}transfer/exportProject`]: { need: 'read', body: (c) => ({ ...q(c), format: 'wenjuan' }) },
  [`${P}transfer/previewImport`]: { need: 'edit', body: (c) => ({ ...q(c), format: 'wenjuan', content: TRANSFER_FILE() }) },
  [`${P}transfer/importSubjects`]: { need: 'edit', body: (c) => ({ ...q(c), format: 'wenjuan', content: TRANSFER_FILE() }) },
};

export interface Caller {
  id: number;
  headers: Record<string, string>;
}
export interface ProjectRoute {
  need: Need;
  override?: Partial<Record<Role, string>>;
  /** Send the request as `caller` (null: logged out) and read its result code ("200" for a file). */
  send: (app: FastifyInstance, c: Ctx, caller: Caller | null) => Promise<string>;
}

/** Routes registered by hand (not through defineCall) that act on one project, keyed "METHOD path". */
export const PROJECT_ROUTES: Record<string, ProjectRoute> = {
  // The export file: the signed link is the credential (a browser follows it), and the holder's report power is
  // checked again, so a collaborator whose power was lowered after exporting gets "403". Logged out here means
  // a link not signed by the server.
  [`GET ${R}download`]: {
    need: 'report',
    send: async (app, c, caller) => {
      const grant = {
        questionId: c.questionId,
        userId: caller?.id ?? 0,
        format: 'csv' as const,
        mode: 'option' as const,
        expires: app.deps.now().getTime() + 60_000,
      };
      const token = caller ? signExport(app.deps.secret, grant) : signExport('not-the-server-secret', grant);
      const response = await app.inject({ method: 'GET', url: `/api/${R}download?token=${encodeURIComponent(token)}` });
      return /attachment/.test(String(response.headers['content-disposition'] ?? '')) ? '200' : (response.json() as { resultCode: string }).resultCode;
    },
  },
  // A finished export job's file (我的下载): the caller's own job, and the report power checked again when the file
  // is fetched. Each caller gets a done job of their own on the project; logged out means a link not signed here.
  [`GET ${P}downloadFile`]: {
    need: 'report',
    send: async (app, c, caller) => {
      const jobId = `matrix-${randomBytes(6).toString('hex')}`;
      if (caller) {
        await mkdir(exportsDir(app.deps), { recursive: true });
        await writeFile(path.join(exportsDir(app.deps), `${jobId}.csv`), 'a,b\n');
        await app.deps.database.query(
          `INSERT INTO export_jobs (public_id, user_id, project_id, kind, status, progress, file_name, file_path, size, finished_at)
           SELECT $1, $2, id, 'csv', 'done', 100, 'matrix.csv', $3, 4, now() FROM projects WHERE public_id = $4`,
          [jobId, caller.id, `${jobId}.csv`, c.questionId],
        );
      }
      const grant = { jobId, userId: caller?.id ?? 0, expires: app.deps.now().getTime() + 60_000 };
      const token = signDownload(caller ? app.deps.secret : 'not-the-server-secret', grant);
      const response = await app.inject({ method: 'GET', url: `/api/${P}downloadFile?token=${encodeURIComponent(token)}` });
      return /attachment/.test(String(response.headers['content-disposition'] ?? '')) ? '200' : (response.json() as { resultCode: string }).resultCode;
    },
  },
};

/**
 * Routes the guard would ask about that are kept out of the matrix on purpose, with the reason: they name a
 * project (or were registered by hand) but no power decides them. Calls naming no project need no entry.
 */
export const NOT_PROJECT_CALLS = new Map<string, string>([
  ['code/joinTeamWork', 'decided by the invitation, not a power (tests/server/team/team.test.ts)'],
  ...['getCollectionWhether', 'getCollectionSetting', 'getCollectionCancel'].map(
    (name) =>
      [
        `activity/collect/${name}`,
        "the caller's own favourite of a template of the public centre, no power (tests/server/vote-extras/collect-templates.test.ts)",
      ] as const,
  ),
  ['upload/image', "the caller's own upload; logged out only for a collecting project's signature (tests/server/upload/)"],
  ['upload/file', "a respondent's file for a collecting project, whoever they are (tests/server/upload/)"],
  // Issue 49 item 6 (helper media): a creator's video or audio; edit power when it names a project.
  ['upload/video', "the caller's own media; edit power on the project it names (tests/server/upload/media-upload.test.ts)"],
  ['upload/audio', "the caller's own media; edit power on the project it names (tests/server/upload/media-upload.test.ts)"],
  ['upload/checkInPhoto', "a participant's photo for a collecting check-in, whoever they are (tests/server/checkin/checkin-days.test.ts)"],
  ['GET openapi.json', 'the API document, the same for everyone (tests/server/http/openapi.test.ts)'],
  ['GET docs', 'the API reference page, the same for everyone (tests/server/http/openapi.test.ts)'],
  ['GET docs/:asset', "the reference page's static files (tests/server/http/openapi.test.ts)"],
  ['GET activity/question/certificate/download', 'a certificate file by its signed link, for its holder (tests/server/draw/certificate.test.ts)'],
  ['activity/question/certificate/verifyCertificate', 'the public check of a serial number, the same for everyone (tests/server/draw/certificate.test.ts)'],
  ['GET active/pay/alipay/notify', "Alipay's notify: believed only when its signature verifies, never by a caller's power (tests/server/pay/)"],
  [
    'GET activity/question/appointment/ics',
    "a booking's calendar file: authorised by its private link's token, never by a power (tests/server/appointment/appointment-ics.test.ts)",
  ],
  ['GET activity/question/solitaire/events', "a chain's public live feed, for anyone with the link like its page (tests/server/chain/chain-live.test.ts)"],
]);
