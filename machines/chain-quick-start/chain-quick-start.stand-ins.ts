import type { TQuestionCount } from '../../schemas/api/question';
import { done, failure, type TStandIns } from '../stand-ins';
import type { TChainQuickStartEvent } from './chain-quick-start.types';

const FREE_LIMITS: TQuestionCount = { questionCount: 3, maxNumber: 20, memberLevel: 1, levelName: '免费版', subjectLimit: 200 };

export const chainQuickStartStandIns: TStandIns = {
  checkCount: {
    does: 'activity/question/getQuestionCount (today’s creations, the level’s limits)',
    outcomes: {
      'under the limits': done(FREE_LIMITS),
      'daily limit reached (20 of 20 today)': done({ ...FREE_LIMITS, questionCount: 20 }),
      failure: failure('系统处理出错'),
    },
  },
  create: {
    does: 'activity/question/saveOrUpdateWxQuestion (questionType 5, the kind’s solitaireType; a group-buy with its subjects)',
    outcomes: {
      success: done({ isCreate: 1, questionId: 'q_chain0001' }),
      'daily limit hit': done({ isCreate: 0, questionId: null }),
      'subject limit hit': done({ isCreate: 2, questionId: null }),
      failure: failure('系统处理出错'),
    },
  },
  configure: {
    does: 'saveChainSetting (报名: cap, deadline) / saveCheckInSetting (打卡: period, window) / updateWxQuestionSetting (团购: deadline)',
    outcomes: { success: done(null), failure: failure('系统处理出错') },
  },
  publish: {
    does: 'activity/question/getQuestionStatus (status 1, published)',
    outcomes: { success: done(null), failure: failure('系统处理出错') },
  },
};

export const chainQuickStartSampleEvents: TChainQuickStartEvent[] = [
  { type: 'chain.publish', draft: { kind: 'signUp', title: '周日篮球报名', description: '', cap: 10, deadline: null } },
  { type: 'chain.publish', draft: { kind: 'signUp', title: '', description: '', cap: null, deadline: null } },
  {
    type: 'chain.publish',
    draft: { kind: 'checkIn', title: '每日跑步打卡', description: '', startDay: '2026-12-01', endDay: null, windowStart: '06:00', windowEnd: '22:00' },
  },
  {
    type: 'chain.publish',
    draft: {
      kind: 'groupBuy',
      title: '周六水果团购',
      description: '',
      deadline: null,
      products: [{ title: '赣南脐橙', price: '58', stock: '30' }],
      points: ['小区东门', ''],
    },
  },
];
