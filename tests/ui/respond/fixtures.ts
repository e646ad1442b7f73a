import type { TLogic } from '../../../schemas/logic/ast';
import { subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import type { TAnswerForm } from '../../../src/respond/types';

let seq = 0;
export function make(type: number, fields: Record<string, unknown> = {}): TSubject {
  seq += 1;
  const s = subjectEntry(type).create({ uuid: `q${seq}`, indexSort: seq, newId: () => `o${++seq}` });
  return { ...s, indexSort: seq, ...fields } as TSubject;
}

export const opts = (...titles: string[]) => titles.map((title, i) => ({ uuid: `${title}-${i}`, title }));

export const logic = (l: Partial<TLogic> = {}): TLogic => ({ jumps: [], display: [], optionLinkage: [], quotas: [], random: [], ...l });

export function form(subjects: TSubject[], extra: Partial<TAnswerForm> = {}): TAnswerForm {
  return {
    questionId: 'qid-12345678',
    title: '测试问卷',
    subtitle: '',
    questionType: 1,
    solitaireType: null,
    status: 1,
    style: { themeId: 'default', primaryColor: '#16a34a', backgroundColor: '#f0fdf4', backgroundImage: null, coverImage: null, logo: null, fontSize: 'large' },
    settings: {
      startTime: null,
      endTime: null,
      loginRequired: false,
      needPassword: false,
      examMinutes: null,
      allowEditAfterSubmit: false,
      showScore: true,
      showCorrectAnswers: false,
      showAnalysis: false,
    },
    locked: false,
    subjects,
    logic: logic(),
    quotaCounts: {},
    slotsTaken: {},
    conclusions: [],
    serverTime: new Date().toISOString(),
    ...extra,
  };
}
