import type { TAiGeneration } from '../../schemas/api/ai';
import type { TQuestionCount } from '../../schemas/api/question';
import { subjectEntry, type TSubject } from '../../schemas/subjects/registry';
import { done, failure, type TStandIns } from '../stand-ins';
import type { TAiGenerationEvent } from './ai-generation.types';

const subject = (uuid: string, title: string): TSubject => ({ ...subjectEntry(1).create({ uuid, indexSort: 1, newId: () => `${uuid}o` }), title }) as TSubject;
const SALARY = subject('s1', '您对目前的薪酬福利是否满意？');
const LEADER = subject('s2', '您对直属上级的管理方式是否满意？');
const FREE: TQuestionCount = { questionCount: 3, maxNumber: 20, memberLevel: 1, levelName: '免费版', subjectLimit: 200 };

export const SAMPLE_GENERATION: TAiGeneration = {
  generationId: 'g_sample1',
  kind: 'question',
  prompt: '员工满意度调查，10题左右',
  engine: 'builtin',
  engineName: '内置助手',
  draft: { questionType: 1, solitaireType: null, title: '员工满意度调查', subtitle: '', subjects: [SALARY, LEADER] },
  sources: ['员工满意度调查模板'],
  aiRemaining: null,
  questionId: null,
  createTime: '2026-12-05T10:00:00.000Z',
};

export const aiGenerationStandIns: TStandIns = {
  generate: {
    does: 'the AI base’s generation call of the kind, streamed (start, title, subjects, end)',
    outcomes: { success: done(SAMPLE_GENERATION), 'no AI counts left': failure('AI 次数已用完，请购买'), failure: failure('系统处理出错') },
  },
  create: {
    does: 'activity/ai/createFromGeneration (the edited title, subtitle and subjects)',
    outcomes: {
      success: done({ isCreate: 1, questionId: 'q_ai00001' }),
      'daily limit hit': done({ isCreate: 0, questionId: null }),
      'subject limit hit': done({ isCreate: 2, questionId: null }),
      failure: failure('系统处理出错'),
    },
  },
  checkCount: {
    does: 'activity/question/getQuestionCount (the level’s limits for the dialog)',
    outcomes: { success: done(FREE), failure: failure('系统处理出错') },
  },
};

export const aiGenerationSampleEvents: TAiGenerationEvent[] = [
  { type: 'gen.start', ask: { kind: 'question', prompt: '员工满意度调查，10题左右' } },
  { type: 'gen.start', ask: { kind: 'question', prompt: '调' } },
  { type: 'gen.open', generation: SAMPLE_GENERATION },
  { type: 'stream.start', engine: 'builtin', engineName: '内置助手' },
  { type: 'stream.title', title: '员工满意度调查', subtitle: '' },
  { type: 'stream.subject', index: 0, subject: SALARY },
  { type: 'stream.retry', attempt: 2, reason: 'JSON 无效' },
  { type: 'edit.title', title: '' },
  { type: 'edit.title', title: '员工满意度调查' },
  { type: 'edit.subtitle', subtitle: '匿名填写' },
  { type: 'edit.rename', uuid: 's1', title: '您对薪酬满意吗？' },
  { type: 'edit.remove', uuid: 's1' },
  { type: 'edit.move', uuid: 's2', by: -1 },
];
