import type { TQuestionCount } from '../../schemas/api/question';
import { done, failure, type TStandIns } from '../stand-ins';
import type { TPayQuickStartEvent } from './pay-quick-start.types';

const FREE: TQuestionCount = { questionCount: 3, maxNumber: 20, memberLevel: 1, levelName: '免费版', subjectLimit: 200 };

export const payQuickStartStandIns: TStandIns = {
  checkCount: {
    does: 'activity/question/getQuestionCount (today’s creations, the level’s limits)',
    outcomes: { 'under the limit': done(FREE), 'daily limit reached (20 of 20 today)': done({ ...FREE, questionCount: 20 }), failure: failure('系统处理出错') },
  },
  create: {
    does: 'activity/question/saveOrUpdateWxQuestion (questionType 6: the items as a 商品 subject, 姓名, 手机号)',
    outcomes: {
      success: done({ isCreate: 1, questionId: 'q_pay00001' }),
      'daily limit hit': done({ isCreate: 0, questionId: null }),
      'subject limit hit': done({ isCreate: 2, questionId: null }),
      failure: failure('系统处理出错'),
    },
  },
  publish: {
    does: 'activity/question/getQuestionStatus (status 1, published)',
    outcomes: { success: done(null), failure: failure('系统处理出错') },
  },
};

export const payQuickStartSampleEvents: TPayQuickStartEvent[] = [
  { type: 'pay.publish', draft: { title: '三年二班班费', description: '', items: [{ key: 'i1', name: '本学期班费', price: '50' }] } },
  { type: 'pay.publish', draft: { title: '三年二班班费', description: '', items: [] } },
];
