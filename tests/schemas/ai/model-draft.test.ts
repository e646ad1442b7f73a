import { describe, expect, it } from 'vitest';
import { ZAiDraft } from '../../../schemas/api/ai';
import { AI_KIND_NAMES, AI_KINDS } from '../../../schemas/ai/kinds';
import { draftFromModel, modelTypesOf, subjectFromModel } from '../../../schemas/ai/model-draft';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import { MODEL_ANSWERS } from '../../helpers/model-answers';

const ids = () => {
  let n = 0;
  return () => `id${++n}`;
};

describe('the model draft becomes a checked draft of each kind', () => {
  for (const kind of AI_KIND_NAMES) {
    it(`${kind}: every subject valid, of the kind's types and project type`, () => {
      const r = draftFromModel(kind, MODEL_ANSWERS[kind], ids());
      if (!r.ok) throw new Error(r.errors.join('\n'));
      expect(ZAiDraft.safeParse(r.draft).success).toBe(true);
      expect(r.draft.questionType).toBe(AI_KINDS[kind].questionType);
      expect(r.draft.title).toBe(MODEL_ANSWERS[kind].title);
      for (const s of r.draft.subjects) expect(AI_KINDS[kind].subjectTypes as readonly number[]).toContain(s.subjectType);
      expect(r.draft.subjects.map((s) => s.indexSort)).toEqual(r.draft.subjects.map((_, i) => i + 1));
    });
  }

  it('an exam marks the correct options and keeps the points and analysis', () => {
    const r = draftFromModel('exam', MODEL_ANSWERS.exam, ids());
    if (!r.ok) throw new Error(r.errors.join());
    const [first, , third] = r.draft.subjects as { options: { title: string; isCorrect?: boolean }[]; score?: number; answerAnalysis?: string }[];
    expect(first!.options.filter((o) => o.isCorrect).map((o) => o.title)).toEqual(['报警']);
    expect(first!.score).toBe(5);
    expect(first!.answerAnalysis).toContain('先报警');
    expect(third!.options.filter((o) => o.isCorrect).map((o) => o.title)).toEqual(['安全帽', '手套']);
  });

  it('an exam choice without its answer, or a single choice with two, is refused with the reason', () => {
    const noAnswer = draftFromModel('exam', { title: '考试', subjects: [{ type: 'single', title: '1+1=?', options: ['1', '2'] }] }, ids());
    expect(noAnswer).toEqual({ ok: false, errors: ['第1题：考试选择题需要正确答案（correct）'] });
    const two = subjectFromModel('exam', { type: 'single', title: '1+1=?', options: ['1', '2'], correct: [0, 1] }, 0, ids());
    expect(two).toEqual({ ok: false, error: '第1题：单选题只能有1个正确答案' });
  });

  it('a payment prices its products in fen and needs one', () => {
    const r = draftFromModel('receivePayment', MODEL_ANSWERS.receivePayment, ids());
    if (!r.ok) throw new Error(r.errors.join());
    const product = r.draft.subjects[0] as { subjectType: number; products: { title: string; price: number }[] };
    expect(product.subjectType).toBe(SUBJECT_TYPE.product);
    expect(product.products).toMatchObject([{ title: '班级活动费', price: 10_000 }]);
    const none = draftFromModel('receivePayment', { title: '收款', subjects: [{ type: 'text', title: '姓名' }] }, ids());
    expect(none.ok).toBe(false);
  });

  it('a reservation opens with its appointment slot subject, with the slots written', () => {
    const r = draftFromModel('reservation', MODEL_ANSWERS.reservation, ids());
    if (!r.ok) throw new Error(r.errors.join());
    const first = r.draft.subjects[0] as { subjectType: number; times: { start: string }[]; weeks: number[] };
    expect(first.subjectType).toBe(SUBJECT_TYPE.appointment);
    expect(first.times.map((t) => t.start)).toEqual(['09:00', '14:00']);
    expect(first.weeks).toEqual([1, 2, 3, 4, 5, 6]);
    const without = draftFromModel('reservation', { title: '预约', subjects: [{ type: 'text', title: '姓名' }] }, ids());
    expect(without.ok && without.draft.subjects.map((s) => s.subjectType)).toEqual([SUBJECT_TYPE.appointment, SUBJECT_TYPE.textInput]);
  });

  it('a solitaire is a feedback chain', () => {
    const r = draftFromModel('solitaire', MODEL_ANSWERS.solitaire, ids());
    expect(r.ok && r.draft.solitaireType).toBe(AI_KINDS.solitaire.solitaireType);
  });

  it("a type outside the kind's list is refused, naming the allowed ones", () => {
    const r = subjectFromModel('solitaire', { type: 'matrix', title: '评价', rows: ['a'] }, 2, ids());
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^第3题：类型 matrix 不可用，只能是 single、multiple/);
    expect(subjectFromModel('question', { type: 'product', title: '商品', price: 1 }, 0, ids()).ok).toBe(false);
  });

  it('titles are text, never markup', () => {
    const r = subjectFromModel('question', { type: 'text', title: '<img src=x onerror=alert(1)>' }, 0, ids());
    expect(r.ok && r.subject.title).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('every kind lists its types by name', () => {
    for (const kind of AI_KIND_NAMES) expect(modelTypesOf(kind).map((t) => t.subjectType)).toEqual([...AI_KINDS[kind].subjectTypes]);
  });
});
