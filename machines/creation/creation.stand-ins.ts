import type { TQuestionCount } from '../../schemas/api/question';
import { done, failure, type TStandIns } from '../stand-ins';
import type { TCreationEvent } from './creation.types';

const FREE_LIMITS: TQuestionCount = { questionCount: 3, maxNumber: 20, memberLevel: 1, levelName: '免费版', subjectLimit: 200 };

export const creationStandIns: TStandIns = {
  checkCount: {
    does: 'activity/question/getQuestionCount (today’s creations, the level’s limits)',
    outcomes: {
      'under the limits': done(FREE_LIMITS),
      'daily limit reached (20 of 20 today)': done({ ...FREE_LIMITS, questionCount: 20 }),
      'tiny subject limit (2 questions)': done({ ...FREE_LIMITS, subjectLimit: 2 }),
      failure: failure('系统处理出错'),
    },
  },
  create: {
    does: 'activity/question/saveOrUpdateWxQuestion (blank, text import) getQuestionCopy (copy, template) or copyTemplateShare (a shared template)',
    outcomes: {
      success: done({ isCreate: 1, questionId: 'q_sample0001' }),
      'daily limit hit': done({ isCreate: 0, questionId: null }),
      'subject limit hit': done({ isCreate: 2, questionId: null }),
      failure: failure('系统处理出错'),
    },
  },
};

export const creationSampleEvents: TCreationEvent[] = [
  { type: 'creation.start', loggedIn: true, request: { via: 'blank', questionType: 1, title: '客户满意度调查' } },
  {
    type: 'creation.start',
    loggedIn: true,
    request: {
      via: 'blank',
      questionType: 1,
      title: '文本导入的问卷',
      subjects: [{ subjectType: 1 }, { subjectType: 15 }, { subjectType: 2 }, { subjectType: 6 }],
    },
  },
  { type: 'creation.start', loggedIn: true, request: { via: 'copy', questionId: 'q_template01' } },
  { type: 'creation.start', loggedIn: true, request: { via: 'share', shareToken: 'q_template01.0.00000000000000000000000000000000' } },
  { type: 'creation.start', loggedIn: false, request: { via: 'blank', questionType: 2, title: '期末考试' } },
];
