import type { AnyStateMachine, EventObject } from 'xstate';
import { creationMachine } from './creation/creation.machine';
import { creationSampleEvents, creationStandIns } from './creation/creation.stand-ins';
import { editorMachine } from './editor/editor.machine';
import { editorInput, editorSampleEvents, editorStandIns } from './editor/editor.stand-ins';
import { loginMachine } from './login/login.machine';
import { merchantOnboardingMachine } from './merchant-onboarding/merchant-onboarding.machine';
import { merchantOnboardingInput, merchantOnboardingSampleEvents, merchantOnboardingStandIns } from './merchant-onboarding/merchant-onboarding.stand-ins';
import { loginSampleEvents, loginStandIns } from './login/login.stand-ins';
import { projectLifecycleMachine } from './project-lifecycle/project-lifecycle.machine';
import { projectLifecycleSampleEvents, projectLifecycleStandIns } from './project-lifecycle/project-lifecycle.stand-ins';
import { qrLoginMachine } from './qr-login/qr-login.machine';
import { qrLoginStandIns } from './qr-login/qr-login.stand-ins';
import { sessionMachine } from './session/session.machine';
import { sessionSampleEvents, sessionStandIns } from './session/session.stand-ins';
import type { TStandIns } from './stand-ins';
import { chainEntryMachine } from './chain-entry/chain-entry.machine';
import { chainEntrySampleEvents, chainEntryStandIns } from './chain-entry/chain-entry.stand-ins';
import { chainQuickStartMachine } from './chain-quick-start/chain-quick-start.machine';
import { chainQuickStartSampleEvents, chainQuickStartStandIns } from './chain-quick-start/chain-quick-start.stand-ins';
import { orderMachine } from './order/order.machine';
import { orderSampleEvents, orderStandIns } from './order/order.stand-ins';
import { appointmentBookingMachine } from './appointment-booking/appointment-booking.machine';
import { appointmentBookingSampleEvents, appointmentBookingStandIns } from './appointment-booking/appointment-booking.stand-ins';
import { checkInDayMachine } from './checkin-day/checkin-day.machine';
import { checkInDayInput, checkInDaySampleEvents, checkInDayStandIns } from './checkin-day/checkin-day.stand-ins';
import { voteActivityMachine } from './vote-activity/vote-activity.machine';
import { voteActivitySampleEvents, voteActivityStandIns } from './vote-activity/vote-activity.stand-ins';
import { voteQuickStartMachine } from './vote-quick-start/vote-quick-start.machine';
import { voteQuickStartSampleEvents, voteQuickStartStandIns } from './vote-quick-start/vote-quick-start.stand-ins';
import { payQuickStartMachine } from './pay-quick-start/pay-quick-start.machine';
import { payQuickStartSampleEvents, payQuickStartStandIns } from './pay-quick-start/pay-quick-start.stand-ins';
import { giftExchangeMachine } from './gift-exchange/gift-exchange.machine';
import { giftExchangeSampleEvents, giftExchangeStandIns } from './gift-exchange/gift-exchange.stand-ins';
import { aiConversationMachine } from './ai-conversation/ai-conversation.machine';
import { aiConversationInput, aiConversationSampleEvents, aiConversationStandIns } from './ai-conversation/ai-conversation.stand-ins';
import { aiGenerationMachine } from './ai-generation/ai-generation.machine';
import { aiGenerationSampleEvents, aiGenerationStandIns } from './ai-generation/ai-generation.stand-ins';

/**
 * Every machine of the product, for the flow simulator and the model-based tests
 * (tests/machines/registry.test.ts fails when a *.machine.ts file is missing here).
 */
export interface TMachineEntry {
  id: string;
  purpose: { zh: string; en: string };
  machine: AnyStateMachine;
  /** Each actor of the machine (name = invoke id) with the outcomes a test or the simulator may choose. */
  standIns: TStandIns;
  /** User events with payloads (events without payload are derived from the machine itself). */
  sampleEvents: EventObject[];
  /** Input for simulation and tests (e.g. a 2-second countdown instead of 60). */
  input?: unknown;
  /** Context fields that only carry text for the screen: the model ignores them when telling states apart. */
  displayOnly?: string[];
}

export const machineRegistry: TMachineEntry[] = [
  {
    id: 'vote-activity',
    purpose: {
      zh: '投票活动状态：未发布、进行中、已暂停、已结束；移入回收站、恢复到原状态、彻底删除',
      en: 'Vote activity: draft, running, suspended, ended; to the bin, restored to its status, deleted for good',
    },
    machine: voteActivityMachine,
    standIns: voteActivityStandIns,
    sampleEvents: voteActivitySampleEvents,
    displayOnly: ['binned'],
  },
  {
    id: 'session',
    purpose: { zh: '登录状态：检查、已登录、未登录与退出登录', en: 'Session: checking, logged in, anonymous and logging out' },
    machine: sessionMachine,
    standIns: sessionStandIns,
    sampleEvents: sessionSampleEvents,
  },
  {
    id: 'login',
    purpose: {
      zh: '登录页：验证码、密码、扫码登录，注册与找回密码，验证码倒计时',
      en: 'Login screen: SMS, password and QR login, register and reset, code countdown',
    },
    machine: loginMachine,
    standIns: loginStandIns,
    sampleEvents: loginSampleEvents,
    input: { cooldownSeconds: 2 },
    displayOnly: ['error', 'notice', 'result', 'qrToken'],
  },
  {
    id: 'qr-login',
    purpose: { zh: '电脑端扫码登录：获取二维码、轮询、已扫码、确认或过期', en: 'Desktop QR login: challenge, polling, scanned, confirmed or expired' },
    machine: qrLoginMachine,
    standIns: qrLoginStandIns,
    sampleEvents: [],
    displayOnly: ['error', 'token'],
  },
  {
    id: 'creation',
    purpose: {
      zh: '创建项目：检查今日创建数，创建或复制；成功进入编辑器，超出每日或题目上限弹出升级提示，未登录去登录',
      en: 'Project creation: daily count check, create or copy; editor on success, upgrade dialogs on the daily or subject limit, login when logged out',
    },
    machine: creationMachine,
    standIns: creationStandIns,
    sampleEvents: creationSampleEvents,
    displayOnly: ['error'],
  },
  {
    id: 'project-lifecycle',
    purpose: {
      zh: '项目状态：发布与暂停收集；编辑收集中的项目（项目列表、发布页的返回编辑、编辑器的直接地址与协作链接、编辑器里的每次改题）先弹出修改提醒，确认后暂停并进入编辑器或让等待的修改生效，取消则放弃，可本次编辑不再提醒',
      en: 'Project status: publish and pause; editing a collecting project (lists, the release page\'s back-to-edit, the editor by address or collaborator link, each subject change inside it) asks first (modify reminder), then pauses it and opens the editor or lets the waiting change apply; cancel drops it; "don\'t remind again" for the session',
    },
    machine: projectLifecycleMachine,
    standIns: projectLifecycleStandIns,
    sampleEvents: projectLifecycleSampleEvents,
    displayOnly: ['error'],
  },
  {
    id: 'merchant-onboarding',
    purpose: {
      zh: '商户进件：分步填写并逐步校验，上一步保留填写内容，重置只保留申请单号、清空回到第1步；提交后审核中、已驳回（回到出错的步骤）、待签约、已完成',
      en: 'Merchant onboarding: step-by-step form checked before each next step, back keeps entries, reset keeps only out_request_no, clear goes back to step 1; after submit auditing, rejected (back to the failing step), to be signed, finished',
    },
    machine: merchantOnboardingMachine,
    standIns: merchantOnboardingStandIns,
    sampleEvents: merchantOnboardingSampleEvents,
    input: merchantOnboardingInput,
    displayOnly: ['error', 'errors'],
  },
  {
    id: 'editor',
    purpose: {
      zh: '拖拽编辑器：加载项目，编辑（每次修改可撤销/重做），停止修改约1.5秒后自动保存；版本号让另一个标签页的旧保存成为冲突（重新加载），网络或服务器故障稍后重试，服务器拒绝的保存（如超出题目上限）显示原因、不再自动重试；超出会员题目上限的添加不生效；仅查看权限不可编辑；发布等保存完成，逻辑错误时拒绝发布；收集中的项目改题目或逻辑先等待修改提醒（确认暂停后生效，取消则不变），服务器因收集中拒绝的保存同样等待，标题、设置和样式照常保存',
      en: "Drag-and-drop editor: load, edit (every change undoable), autosave after ~1.5 s of quiet; the version turns a second tab's stale save into a conflict (reload), network and server faults retry, a save the server refuses (such as past the subject limit) shows why and is not retried; adds past the owner level subject limit do not apply; view-only collaborators cannot edit; publishing waits for the save and is refused while a logic error stands; on a collecting project a subject or logic change waits for the modify reminder (applies once paused, dropped on cancel), and so does a save the server refused for collecting; titles, settings and style save as usual",
    },
    machine: editorMachine,
    standIns: editorStandIns,
    sampleEvents: editorSampleEvents,
    input: editorInput,
    // The document and its history are data, not state: the model tells editor states apart by their flags
    // (`collecting` stands for the project's status, `redoable` for the history, `dirty` for the settings and style).
    displayOnly: ['document', 'past', 'future', 'error', 'loadError', 'held', 'project', 'settings', 'style'],
  },
  {
    id: 'chain-entry',
    purpose: {
      zh: '报名接龙的一条接龙：报名成功或名额已满进入候补，候补按先后顺序递补，本人修改或退出，发起人移除（写明原因）；退出和移除后编号不变',
      en: 'A sign-up chain entry: joined, or waitlisted when the cap is reached; promoted in arrival order; edited or withdrawn by its participant, removed by the creator with a reason; numbers never change',
    },
    machine: chainEntryMachine,
    standIns: chainEntryStandIns,
    sampleEvents: chainEntrySampleEvents,
    displayOnly: ['edits'],
  },
  {
    id: 'chain-quick-start',
    purpose: {
      zh: '手机上快速发起报名、打卡、团购接龙：先查今日创建数量（满额弹出升级提示），再创建、保存该类接龙的设置、发布后进入分享；失败后再次发布不会重复创建',
      en: 'A sign-up, check-in or group-buy chain started from a phone: the daily creation count (its upgrade dialog when used up), create, save the kind’s settings, publish, then share; publishing again after a failure never creates a second chain',
    },
    machine: chainQuickStartMachine,
    standIns: chainQuickStartStandIns,
    sampleEvents: chainQuickStartSampleEvents,
    displayOnly: ['error', 'draft', 'limits'],
  },
  {
    id: 'order',
    purpose: {
      zh: '收款订单：待支付、已支付、已发货或已自提、已完成；超时未支付自动关闭并退回库存；退款中、已退款（部分退款后回到原状态，累计不超过实付金额）；团购接龙的订单走同一流程，团长取消未支付订单即关闭（库存退回一次）',
      en: 'A payment order: created, paid, shipped or collected, done; closed when unpaid after the window (stock returned); refunding and refunded (a partial refund returns to the state it left; refunds never exceed the amount); group-buy orders follow the same path, the organiser cancelling an unpaid order is its close (stock returned once)',
    },
    machine: orderMachine,
    standIns: orderStandIns,
    sampleEvents: orderSampleEvents,
    displayOnly: ['partialRefunds'],
  },
  {
    id: 'checkin-day',
    purpose: {
      zh: '打卡接龙的一天：未到、待开放、可打卡、迟到时段、已打卡、迟到打卡、缺卡；允许补卡时缺卡可补卡；每人每天只打一次卡',
      en: 'One check-in day: to come, before the window, open, after the late time, done, late, missed; a missed day is made up when the creator allows it; one check-in per person per day',
    },
    machine: checkInDayMachine,
    standIns: checkInDayStandIns,
    sampleEvents: checkInDaySampleEvents,
    input: checkInDayInput,
  },
  {
    id: 'appointment-booking',
    purpose: {
      zh: '一条预约：有名额则预约成功，约满进入候补，有人取消时按先后顺序递补；已预约的可改期、取消、签到或标记未到场；取消、已到场、未到场为最终状态',
      en: 'An appointment booking: booked when the slot has room, waitlisted when full and promoted in order when a place frees; a booked one is rescheduled, cancelled, checked in or marked no-show; cancelled, checked-in and no-show are final',
    },
    machine: appointmentBookingMachine,
    standIns: appointmentBookingStandIns,
    sampleEvents: appointmentBookingSampleEvents,
    displayOnly: ['moves'],
  },
  {
    id: 'vote-quick-start',
    purpose: {
      zh: '手机上两屏发起投票：标题、时间、每人票数，再添加选手；检查今日创建数、创建、保存选手、发布后进入分享；失败后再次发布不会重复创建投票或选手',
      en: 'A vote started from two phone screens: basics and rule, then players; count check, create, save players, publish, then share; publishing again after a failure creates no second vote or player',
    },
    machine: voteQuickStartMachine,
    standIns: voteQuickStartStandIns,
    sampleEvents: voteQuickStartSampleEvents,
    displayOnly: ['error', 'basics', 'players', 'limits'],
  },
  {
    id: 'pay-quick-start',
    purpose: {
      zh: '手机上一屏发起收款：标题、说明、收款项目和金额；检查今日创建数、创建、发布后进入分享；失败后再次发布不会重复创建',
      en: 'A payment page started from one phone screen: title, description, items and prices; count check, create, publish, then share; publishing again after a failure never creates a second page',
    },
    machine: payQuickStartMachine,
    standIns: payQuickStartStandIns,
    sampleEvents: payQuickStartSampleEvents,
    displayOnly: ['error', 'draft', 'limits'],
  },
  {
    id: 'gift-exchange',
    purpose: {
      zh: '礼品兑换：选择礼品、填写收货地址、确认扣除的虚拟币、提交；失败（已兑完、虚拟币不足）后可重试、修改地址或关闭',
      en: 'A gift exchange: choose a gift, give the address, confirm the coins it takes, submit; after a refusal (sold out, too few coins) retry, change the address or close',
    },
    machine: giftExchangeMachine,
    standIns: giftExchangeStandIns,
    sampleEvents: giftExchangeSampleEvents,
    displayOnly: ['error', 'result'],
  },
  {
    id: 'ai-conversation',
    purpose: {
      zh: 'AI 智能分析对话：载入报告的主要发现与已保存的对话、提问（回答逐段显示）、保存对话（已保存/保存失败）、失败后重问、清空对话',
      en: 'The AI analysis conversation: load the findings and the saved conversation, ask (the reply streams in), save it (saved/failed), ask again after a failure, clear',
    },
    machine: aiConversationMachine,
    standIns: aiConversationStandIns,
    sampleEvents: aiConversationSampleEvents,
    input: aiConversationInput,
    displayOnly: ['analysis', 'error', 'streamText', 'aiRemaining'],
  },
  {
    id: 'ai-generation',
    purpose: {
      zh: 'AI 生成：描述需求并选择类型，题目逐道生成（模型重试时重新开始），编辑列表（改标题、删除、上移下移、撤销删除），创建并进入编辑器；超出每日或题目上限弹出升级提示；失败可重试',
      en: 'An AI generation: describe and pick the kind, subjects stream in (restarting when the model retries), edit the list (rename, remove, move, undo a removal), create and open the editor; upgrade dialogs on the daily or subject limit; a failure can be retried',
    },
    machine: aiGenerationMachine,
    standIns: aiGenerationStandIns,
    sampleEvents: aiGenerationSampleEvents,
    displayOnly: ['error', 'notice', 'engine', 'engineName', 'limits', 'subtitle'],
  },
];

export function findMachineEntry(id: string): TMachineEntry | undefined {
  return machineRegistry.find((entry) => entry.id === id);
}
