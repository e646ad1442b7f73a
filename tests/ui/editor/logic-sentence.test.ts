import { describe, expect, it } from 'vitest';
import { displayIndexes } from '../../../schemas/subjects/numbering';
import { subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { emptyLogic } from '../../../schemas/logic/ast';
import { checkLogic } from '../../../schemas/logic/checker';
import {
  displaySentence,
  jumpSentence,
  linkageSentence,
  pipeFinding,
  pipeSentence,
  pipeSources,
  pipeUses,
  quotaSentence,
  randomSentence,
  type TSentenceContext,
} from '../../../src/features/editor/logic/logic-sentence';

const make = (type: number, uuid: string, patch: Record<string, unknown> = {}, i = 0) =>
  ({ ...subjectEntry(type).create({ uuid, indexSort: i + 1 }), ...patch }) as TSubject;

const subjects: TSubject[] = [
  make(
    1,
    'q1',
    {
      title: '您的性别',
      options: [
        { uuid: 'm', title: '男' },
        { uuid: 'f', title: '<b>女</b>' },
      ],
    },
    0,
  ),
  make(15, 'para', { title: '以下是工作相关问题' }, 1),
  make(
    2,
    'q2',
    {
      title: '常用工具',
      options: [
        { uuid: 'a', title: 'A' },
        { uuid: 'b', title: 'B' },
      ],
    },
    2,
  ),
  make(21, 'q3', { title: '年龄' }, 3),
  make(11, 'q4', { title: '满意度', rows: [{ uuid: 'r1', title: '食堂' }], columns: [{ uuid: 'c1', title: '满意' }] }, 4),
  make(6, 'q5', {}, 5),
  make(6, 'q6', {}, 6),
  make(6, 'q7', {}, 7),
];
const ctx: TSentenceContext = { subjects, numbering: displayIndexes(subjects) };

describe('logic rules as Chinese sentences', () => {
  it('a jump on an option', () => {
    expect(
      jumpSentence(ctx, {
        id: 'j',
        from: 'q2',
        when: { match: 'all', predicates: [{ op: 'chose', subject: 'q2', option: 'a' }] },
        to: { kind: 'subject', subject: 'q7' },
      }),
    ).toBe('当第2题选择「A」时，跳转到第7题');
  });

  it('a jump without a condition, and one that ends with a message', () => {
    expect(jumpSentence(ctx, { id: 'j', from: 'q5', to: { kind: 'subject', subject: 'q2' } })).toBe('第5题答完后，跳转到第2题');
    expect(
      jumpSentence(ctx, {
        id: 'j',
        from: 'q1',
        when: { match: 'all', predicates: [{ op: 'chose', subject: 'q1', option: 'f' }] },
        to: { kind: 'end', message: '谢谢' },
      }),
    ).toBe('当第1题选择「女」时，结束作答并提示「谢谢」');
  });

  it('a display condition joining predicates with 且 / 或, numbers and matrix cells', () => {
    const when = {
      match: 'all' as const,
      predicates: [
        { op: 'chose' as const, subject: 'q1', option: 'm' },
        { op: 'greater' as const, subject: 'q3', value: 30 },
      ],
    };
    expect(displaySentence(ctx, { id: 'd', target: 'q5', when })).toBe('当第1题选择「男」且第3题的答案大于30时，显示第5题');
    expect(
      displaySentence(ctx, {
        id: 'd',
        target: 'q6',
        when: {
          match: 'any',
          predicates: [
            { op: 'chose', subject: 'q4', option: 'r1:c1' },
            { op: 'empty', subject: 'q3' },
          ],
        },
      }),
    ).toBe('当第4题选择「食堂-满意」或第3题未作答时，显示第6题');
  });

  it('option linkage, quotas and random groups', () => {
    expect(
      linkageSentence(ctx, {
        id: 'l',
        target: 'q2',
        options: ['a', 'b'],
        when: { match: 'all', predicates: [{ op: 'notChose', subject: 'q1', option: 'f' }] },
      }),
    ).toBe('当第1题未选择「女」时，第2题显示选项「A」「B」');
    expect(quotaSentence(ctx, { id: 'q', basis: 'option', subject: 'q1', option: 'm', limit: 100, onFull: { action: 'hideOption' } })).toBe(
      '第1题选择「男」的答卷达到100份后，隐藏该选项',
    );
    expect(
      quotaSentence(ctx, {
        id: 'q',
        basis: 'condition',
        when: { match: 'all', predicates: [{ op: 'answered', subject: 'q3' }] },
        limit: 5,
        onFull: { action: 'end', message: '名额已满' },
      }),
    ).toBe('满足“第3题已作答”的答卷达到5份后，结束作答并提示「名额已满」');
    expect(randomSentence(ctx, { id: 'r', subjects: ['q5', 'q6', 'q7'], draw: 2, shuffle: true })).toBe('从第5题、第6题、第7题中随机抽取2题，并打乱顺序');
  });

  it('names unnumbered and deleted subjects plainly', () => {
    expect(displaySentence(ctx, { id: 'd', target: 'para', when: { match: 'all', predicates: [{ op: 'answered', subject: 'gone' }] } })).toBe(
      '当已删除的题目已作答时，显示段落说明「以下是工作相关问题」',
    );
  });
});

describe('piping as sentences', () => {
  const piped: TSubject[] = [
    make(1, 'p1', { title: '<p>您的城市（上一题：{{Q2}}）</p>' }, 0),
    make(6, 'p2', { title: '您常去的地方', description: '请结合{{Q1}}回答' }, 1),
    make(15, 'p3', { title: '说明' }, 2),
    make(7, 'p4', { title: '您为什么选择{{Q1}}？', description: '参考{{p2}}与{{Q9}}' }, 3),
  ];
  const pctx: TSentenceContext = { subjects: piped, numbering: displayIndexes(piped) };
  const findings = checkLogic(piped, emptyLogic());

  it('lists each use, title before description, and says what it reads', () => {
    const uses = pipeUses(piped);
    expect(uses.map((u) => [u.subject, u.field, u.source])).toEqual([
      ['p1', 'title', '{{Q2}}'],
      ['p2', 'description', '{{Q1}}'],
      ['p4', 'title', '{{Q1}}'],
      ['p4', 'description', '{{p2}}'],
      ['p4', 'description', '{{Q9}}'],
    ]);
    expect(uses.map((u) => pipeSentence(pctx, u))).toEqual([
      '第1题的标题引用第2题的答案',
      '第2题的说明引用第1题的答案',
      '第3题的标题引用第1题的答案',
      '第3题的说明引用第2题的答案',
      '第3题的说明引用了不存在的题目 {{Q9}}',
    ]);
  });

  it('pairs each use with the checker finding about it: later and deleted subjects', () => {
    const messages = pipeUses(piped).map((u) => pipeFinding(findings, pctx, u)?.message ?? null);
    expect(messages).toEqual(['第1题的标题引用了在它之后的第2题', null, null, null, '第3题的说明引用了不存在的题目 {{Q9}}']);
  });

  it('offers the numbered questions before a subject for 插入引用', () => {
    expect(pipeSources(pctx, 'p4')).toEqual([
      { token: '{{Q1}}', label: '第1题 您的城市（上一题：{{Q2}}）' },
      { token: '{{Q2}}', label: '第2题 您常去的地方' },
    ]);
    expect(pipeSources(pctx, 'p1')).toEqual([]);
  });
});
