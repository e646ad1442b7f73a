import type { TAiMessage } from '../../schemas/api/ai';
import { done, failure, type TStandIns } from '../stand-ins';
import type { TAiConversationEvent, TAiConversationInput, TAnalysisView, TAskOutput } from './ai-conversation.types';

export const SAMPLE_REPLY: TAiMessage = {
  role: 'assistant',
  text: '第1题「您最常用的交通方式」：选择「地铁」的最多，占 50%（5/10）。',
  findings: [],
  charts: [],
  engine: 'builtin',
  createTime: '2026-12-05T10:00:00.000Z',
};

export const SAMPLE_ANALYSIS: TAnalysisView = {
  title: '通勤方式调查',
  questionType: 1,
  summary: { sheetCount: 10, findings: [], charts: [] },
  messages: [],
  updateTime: null,
};

const reply: TAskOutput = { reply: SAMPLE_REPLY, aiRemaining: null };

export const aiConversationStandIns: TStandIns = {
  loadAnalysis: {
    does: 'activity/ai/getQuestionAnalysis',
    outcomes: { success: done(SAMPLE_ANALYSIS), noPower: failure('您没有查看该项目的权限'), failure: failure('网络异常') },
  },
  ask: {
    does: 'ai/agent/ai_analyze/getConversation (streamed)',
    outcomes: { success: done(reply), noCount: failure('AI 次数不足'), failure: failure('网络异常') },
  },
  saveConversation: {
    does: 'activity/ai/saveOrUpdateAnalysis',
    outcomes: { success: done({ updateTime: '2026-12-05T10:00:01.000Z' }), failure: failure('网络异常') },
  },
};

export const aiConversationInput: TAiConversationInput = { questionId: 'q_sample' };

export const aiConversationSampleEvents: TAiConversationEvent[] = [
  { type: 'conversation.ask', message: '哪个选项最多' },
  { type: 'reply.delta', text: '第1题' },
];
