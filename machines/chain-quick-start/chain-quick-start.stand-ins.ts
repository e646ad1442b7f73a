import { done, failure, type TStandIns } from '../stand-ins';
import type { TChainQuickStartEvent } from './chain-quick-start.types';

export const chainQuickStartStandIns: TStandIns = {
  create: {
    does: 'activity/question/saveOrUpdateWxQuestion (questionType 5, solitaireType 报名接龙)',
    outcomes: { success: done('q_chain0001'), 'daily limit reached': failure('今日创建数量已达上限，请升级版本后再试') },
  },
  configure: {
    does: 'activity/question/solitaire/saveChainSetting (cap or 不限人数, deadline)',
    outcomes: { success: done(null), failure: failure('系统处理出错') },
  },
  publish: {
    does: 'activity/question/getQuestionStatus (status 1, published)',
    outcomes: { success: done(null), failure: failure('系统处理出错') },
  },
};

export const chainQuickStartSampleEvents: TChainQuickStartEvent[] = [
  { type: 'chain.publish', draft: { title: '周日篮球报名', description: '', cap: 10, deadline: null } },
  { type: 'chain.publish', draft: { title: '', description: '', cap: null, deadline: null } },
];
