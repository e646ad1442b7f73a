// The built-in assistant's ranking on a fixed set of requests (issue 52 item 3): pure, over the seed's own
// template library and the built-in bank.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AI_KIND_NAMES } from '../../../schemas/ai/kinds';
import { ZAiDraft } from '../../../schemas/api/ai';
import { compose, titleOf } from '../../../server/services/ai/builtin/compose';
import type { TAiKindName } from '../../../schemas/ai/kinds';
import { TEMPLATES } from '../../../server/seed/templates';
import { kindOf, libraryOf } from '../../../server/services/ai/builtin/library';
import { rankRequest } from '../../../server/services/ai/builtin/rank';
import { coverage, bm25Index, bm25Scores, normalize, similarity, terms, withoutCountWords } from '../../../server/services/ai/builtin/relevance';

const library = libraryOf(TEMPLATES.map((t) => ({ ...t, solitaireType: t.solitaireType ?? null })));
const titles = (kind: TAiKindName, prompt: string) => rankRequest(kindOf(library, kind), prompt).templates.map((r) => library.templates[r.template]!.title);
const before = (list: string[], a: string, b: string) => list.indexOf(a) >= 0 && (list.indexOf(b) < 0 || list.indexOf(a) < list.indexOf(b));

describe('Chinese text relevance', () => {
  it('reads full-width text and punctuation as plain words, and leaves the count words out', () => {
    expect(normalize('ＮＰＳ　调查！（10题）')).toBe('nps 调查 10题');
    expect(withoutCountWords('员工满意度调查，10题左右').replace(/\s+/g, '')).toBe('员工满意度调查，');
    expect([...terms('员工满意度').keys()]).toEqual(['员工', '工满', '满意', '意度']);
  });

  it('weighs survey words (调查, 问卷, 您的) low and the subject of the request fully', () => {
    const t = terms('员工满意度调查问卷');
    expect(t.get('员工')).toBe(1);
    expect(t.get('调查')!).toBeLessThan(0.5);
    expect(t.get('问卷')!).toBeLessThan(0.5);
  });

  it('ranks by BM25: the document about the words first, a longer one lower, none for unknown words', () => {
    const index = bm25Index([terms('口腔诊所预约'), terms('理发店预约，发型师和时段'), terms('员工食堂')]);
    const scores = bm25Scores(index, terms('口腔预约'));
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(scores[2]).toBe(0);
    expect(bm25Scores(index, terms('asdfgh'))).toEqual([0, 0, 0]);
    expect(coverage(index, terms('口腔预约'), index.docs[0]!)).toBe(1);
  });

  it('finds the same question asked in other words', () => {
    expect(similarity('您对我们还有哪些意见或建议？', '您对我们还有哪些意见或建议')).toBe(1);
    expect(similarity('菜品口味', '您的职业')).toBe(0);
  });
});

describe('the ranking on a fixed set of requests', () => {
  const table: [TAiKindName, string, string, string | null][] = [
    // kind, request, a template expected at the top, one it must come before
    ['question', '员工满意度调查，10题左右', '员工敬业度调查', '消费者网购习惯调查'],
    ['question', '员工食堂满意度', '员工食堂满意度调查', '员工敬业度调查'],
    ['question', '客户满意度', '客户满意度调查问卷', '员工敬业度调查'],
    ['question', '大学生睡眠质量', '大学生睡眠质量与作息调查', '课程教学质量评价问卷'],
    ['exam', '安全生产考试', '安全生产培训考试', '员工信息安全意识测试'],
    ['exam', '新员工安全生产知识考试，单选和判断各5题', '安全生产培训考试', '新员工入职培训考试（劳动法规）'],
    ['exam', '垃圾分类知识', '垃圾分类知识竞赛', null],
    ['reservation', '口腔预约', '口腔诊所预约挂号', '理发店预约'],
    ['reservation', '汽车保养', '汽车保养预约', '口腔诊所预约挂号'],
    ['registrationForm', '志愿者报名', '志愿者招募报名表', '婚礼宾客回执'],
    ['receivePayment', '协会会费', '协会年度会费缴纳', '门店扫码点单收款'],
    ['solitaire', '家长会接龙', '班级家长会参会接龙', '周末读书会报名接龙'],
  ];
  it.each(table)('%s「%s」→ %s first', (kind, prompt, top, after) => {
    const list = titles(kind, prompt);
    expect(list[0]).toBe(top);
    if (after) expect(before(list, top, after)).toBe(true);
  });

  it('"员工满意度调查": both employee surveys before the online-shopping one, and a starting template', () => {
    const ranking = rankRequest(kindOf(library, 'question'), '员工满意度调查');
    const list = ranking.templates.map((r) => library.templates[r.template]!.title);
    expect(before(list, '员工敬业度调查', '消费者网购习惯调查')).toBe(true);
    expect(before(list, '员工食堂满意度调查', '消费者网购习惯调查')).toBe(true);
    expect(ranking.base && library.templates[ranking.base.template]!.title).toBe('员工敬业度调查');
  });

  it("only the kind's templates, and for a feedback chain only feedback and sign-up chains", () => {
    expect(titles('exam', '员工满意度')).not.toContain('员工敬业度调查');
    const chains = rankRequest(kindOf(library, 'solitaire'), '团购打卡接龙').templates.map((r) => library.templates[r.template]!);
    expect(chains.every((t) => t.solitaireType === 3 || t.solitaireType === 4)).toBe(true);
  });

  it('a request of words the library does not hold has no starting template and no relevant subject', () => {
    const ranking = rankRequest(kindOf(library, 'question'), 'asdfgh');
    expect(ranking.base).toBeNull();
    expect(ranking.subjects.filter((s) => s.own > 0)).toEqual([]);
  });
});

describe('any request', () => {
  it('gives a valid draft of the kind or nothing, never an error', () => {
    const words = library.templates.flatMap((t) => [t.title, ...t.subjects.map((s) => s.title)]);
    const request = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.array(fc.constantFrom(...words, '，', '10题左右', '各5题', '每人100元', '家长和孩子', '𠮷'), { minLength: 1, maxLength: 6 }).map((w) => w.join('')),
    );
    fc.assert(
      fc.property(fc.constantFrom(...AI_KIND_NAMES), request, fc.integer({ min: 1, max: 40 }), (kind, prompt, count) => {
        const composed = compose(kindOf(library, kind), kind, prompt, count);
        if (!composed) return;
        const draft = { questionType: 1, solitaireType: null, title: composed.title, subtitle: '', subjects: composed.subjects };
        expect(ZAiDraft.safeParse(draft).success || composed.subjects.length === 0).toBe(true);
        expect(composed.subjects.length).toBeLessThanOrEqual(count + 3);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the title from the request', () => {
  it.each([
    ['员工满意度调查，10题左右', '员工满意度调查'],
    ['请帮我做一份员工满意度调查问卷', '员工满意度调查问卷'],
    ['我想要一个口腔诊所预约，登记症状', '口腔诊所预约'],
    ['生成一套安全生产知识考试，单选和判断各5题', '安全生产知识考试'],
    ['关于食堂的意见征集', '食堂的意见征集'],
    ['写作能力测试', '写作能力测试'],
    ['出差申请表', '出差申请表'],
    ['10题', '调查问卷'],
  ])('「%s」→「%s」', (prompt, title) => {
    expect(titleOf(prompt, '调查问卷')).toBe(title);
  });
});
