// Table tests per subject type: a valid answer passes, each rule's bad answer gets its message (by code,
// with the Chinese text checked where the spec fixes it), and `format` follows the catalogue's display column.
import { describe, expect, test } from 'vitest';
import { createSubject, subjectEntry, validateAnswer, type TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE_NUMBERS } from '../../../schemas/subjects/subject-types';
import { productTotal } from '../../../schemas/subjects/types/product';

/** A default subject of the type with ids id1, id2 … in creation order, then patched. */
function make<T extends TSubject>(subjectType: T['subjectType'], patch: (s: T) => void = () => {}): T {
  let n = 0;
  const s = createSubject(subjectType, { uuid: 's1', indexSort: 1, newId: () => `id${++n}` }) as unknown as T;
  patch(s);
  expect(subjectEntry(subjectType).schema.safeParse(s).success).toBe(true);
  return s;
}

interface Table {
  subject: TSubject;
  valid: unknown[];
  bad: [answer: unknown, code: string][];
  format: [answer: unknown, text: string][];
}

const codes = (s: TSubject, a: unknown) => validateAnswer(s, a).map((m) => m.code);

const TABLES: Record<string, () => Table> = {
  '1 single choice': () => ({
    subject: make<TSubject & { subjectType: 1 }>(1, (s) => {
      s.options.push({ uuid: 'other', title: '其他', fillIn: true, fillInRequired: true }, { uuid: 'gone', title: '停用', hidden: true });
    }),
    valid: [{ optionIds: ['id1'] }, { optionIds: ['other'], texts: { other: '自行车' } }],
    bad: [
      [undefined, 'required'],
      [{ optionIds: [] }, 'required'],
      [{ optionIds: ['id1', 'id2'] }, 'single-only'],
      [{ optionIds: ['nope'] }, 'unknown-option'],
      [{ optionIds: ['gone'] }, 'hidden-option'],
      [{ optionIds: ['other'] }, 'fill-in-required'],
      [{ optionIds: ['other'], texts: { other: '长'.repeat(501) } }, 'fill-in-too-long'],
      [{ optionIds: 'id1' }, 'invalid'],
    ],
    format: [
      [{ optionIds: ['id2'] }, '选项2'],
      [{ optionIds: ['other'], texts: { other: '自行车' } }, '其他（自行车）'],
    ],
  }),
  '2 multiple choice': () => ({
    subject: make<TSubject & { subjectType: 2 }>(2, (s) => {
      s.minPicks = 2;
      s.maxPicks = 2;
      s.options.push({ uuid: 'none', title: '以上都没有', exclusive: true });
    }),
    valid: [{ optionIds: ['id1', 'id3'] }, { optionIds: ['none'] }],
    bad: [
      [{ optionIds: ['id1'] }, 'min-picks'],
      [{ optionIds: ['id1', 'id2', 'id3'] }, 'max-picks'],
      [{ optionIds: ['id1', 'none'] }, 'exclusive'],
      [{ optionIds: ['id1', 'id1'] }, 'duplicate-option'],
    ],
    format: [[{ optionIds: ['id3', 'id1'] }, '选项1, 选项3']],
  }),
  '3 dropdown': () => ({
    subject: make(3),
    valid: [{ optionIds: ['id2'] }],
    bad: [
      [{ optionIds: ['id1', 'id2'] }, 'single-only'],
      [{ optionIds: ['x'] }, 'unknown-option'],
    ],
    format: [[{ optionIds: ['id2'] }, '选项2']],
  }),
  '3 dropdown, multiple': () => ({
    subject: make<TSubject & { subjectType: 3 }>(3, (s) => {
      s.multiple = true;
      s.maxPicks = 2;
    }),
    valid: [{ optionIds: ['id1', 'id2'] }],
    bad: [[{ optionIds: ['id1', 'id2', 'id3'] }, 'max-picks']],
    format: [[{ optionIds: ['id1', 'id2'] }, '选项1, 选项2']],
  }),
  '4 region': () => ({
    subject: make<TSubject & { subjectType: 4 }>(4, (s) => (s.detail = 'required')),
    valid: [{ province: '北京市', city: '北京市', district: '海淀区', detail: '中关村大街1号' }],
    bad: [
      [{ province: '北京市' }, 'region-part'],
      [{ province: '北京市', city: '北京市', district: '海淀区' }, 'region-part'],
      [{ province: 7 }, 'invalid'],
    ],
    format: [[{ province: '北京市', city: '北京市', district: '海淀区', detail: '中关村大街1号' }, '北京市  北京市  海淀区  中关村大街1号']],
  }),
  '5 image choice': () => ({
    subject: make<TSubject & { subjectType: 5 }>(5, (s) => {
      s.multiple = true;
      s.minPicks = 2;
    }),
    valid: [{ optionIds: ['id1', 'id2'] }],
    bad: [[{ optionIds: ['id1'] }, 'min-picks']],
    format: [[{ optionIds: ['id2', 'id1'] }, '图片1, 图片2']],
  }),
  '6 single-line text': () => ({
    subject: make<TSubject & { subjectType: 6 }>(6, (s) => {
      s.minLength = 2;
      s.maxLength = 5;
    }),
    valid: ['你好', '  abc  '],
    bad: [
      ['a', 'min-length'],
      ['abcdef', 'max-length'],
      ['   ', 'required'],
      [12, 'invalid'],
    ],
    format: [['  你好世界 ', '你好世界']],
  }),
  '6 preset number strips non-digits': () => ({
    subject: make<TSubject & { subjectType: 6 }>(6, (s) => (s.preset = 'number')),
    valid: ['12a3', '4 5 6', 789],
    bad: [['abc', 'required']],
    format: [['1-2-3', '123']],
  }),
  '6 presets': () => ({
    subject: make<TSubject & { subjectType: 6 }>(6, (s) => (s.preset = 'postcode')),
    valid: ['100080'],
    bad: [['10008', 'preset-postcode']],
    format: [['100080', '100080']],
  }),
  '7 multi-line text': () => ({
    subject: make<TSubject & { subjectType: 7 }>(7, (s) => (s.maxLength = 5)),
    valid: ['第一行\n二'],
    bad: [['六个字的话啊', 'max-length']],
    format: [['第一行\n二', '第一行\n二']],
  }),
  '8 choice with fill-in': () => ({
    subject: make(8),
    valid: [{ optionIds: ['id1'], texts: { id1: '三年' } }],
    bad: [
      [{ optionIds: ['id1'] }, 'fill-in-required'],
      [{ optionIds: ['id1', 'id2'], texts: { id1: 'a', id2: 'b' } }, 'single-only'],
    ],
    format: [[{ optionIds: ['id2'], texts: { id2: '五年' } }, '选项2（五年）']],
  }),
  '9 ranking': () => ({
    subject: make(9),
    valid: [{ optionIds: ['id3', 'id1', 'id2'] }],
    bad: [
      [{ optionIds: ['id3', 'id1'] }, 'rank-all'],
      [{ optionIds: ['id1', 'id1', 'id2'] }, 'duplicate-option'],
    ],
    format: [[{ optionIds: ['id3', 'id1', 'id2'] }, '选项3, 选项1, 选项2']],
  }),
  '9 ranking, partial': () => ({
    subject: make<TSubject & { subjectType: 9 }>(9, (s) => {
      s.rankAll = false;
      s.minRank = 2;
    }),
    valid: [{ optionIds: ['id2', 'id1'] }],
    bad: [[{ optionIds: ['id2'] }, 'rank-min']],
    format: [[{ optionIds: ['id2', 'id1'] }, '选项2, 选项1']],
  }),
  '10 multi-blank fill-in': () => ({
    subject: make(10),
    valid: [{ id1: '张三', id2: '18' }],
    bad: [
      [{ id1: '张三' }, 'blank-required'],
      [{ id1: '张三', id2: '1', x: 'y' }, 'unknown-part'],
      [{ id1: '张三', id2: '1'.repeat(201) }, 'max-length'],
    ],
    format: [[{ id2: '18', id1: '张三' }, '张三, 18']],
  }),
  '11 matrix single choice': () => ({
    subject: make(11),
    valid: [{ id1: 'id6', id2: 'id7' }],
    bad: [
      [{ id1: 'id6' }, 'row-required'],
      [{ id1: 'id6', id2: 'zz' }, 'unknown-part'],
    ],
    format: [[{ id2: 'id7', id1: 'id3' }, '很不满意, 很满意']],
  }),
  '12 matrix multiple choice': () => ({
    subject: make<TSubject & { subjectType: 12 }>(12, (s) => {
      s.minPerRow = 2;
    }),
    valid: [{ id1: ['id3', 'id4'], id2: ['id4', 'id5'] }],
    bad: [
      [{ id1: ['id3'], id2: ['id4', 'id5'] }, 'row-min-picks'],
      [{ id1: ['id3', 'id4'] }, 'row-required'],
    ],
    format: [[{ id1: ['id4', 'id3'], id2: ['id5', 'id4'] }, '选项1, 选项2, 选项2, 选项3']],
  }),
  '13 file upload': () => ({
    subject: make<TSubject & { subjectType: 13 }>(13, (s) => {
      s.accept = ['pdf', 'png'];
      s.maxSizeMb = 1;
      s.maxCount = 2;
    }),
    valid: [[{ fileName: '简历.PDF', fileIndex: 0, fileUrl: '/uploads/a.pdf', fileSize: 1000 }]],
    bad: [
      [[{ fileName: 'a.exe', fileIndex: 0, fileUrl: '/u/a.exe' }], 'file-type'],
      [[{ fileName: 'a.pdf', fileIndex: 0, fileUrl: '/u/a.pdf', fileSize: 2 * 1024 * 1024 }], 'file-size'],
      [[0, 1, 2].map((i) => ({ fileName: `${i}.png`, fileIndex: i, fileUrl: `/u/${i}.png` })), 'file-max-count'],
      [[{ fileName: 'a.pdf', fileIndex: 0, fileUrl: 'javascript:alert(1)' }], 'file-url'],
    ],
    format: [
      [
        [
          { fileName: 'a.pdf', fileIndex: 0, fileUrl: '/u/a.pdf' },
          { fileName: 'b.png', fileIndex: 1, fileUrl: '/u/b.png' },
        ],
        'a.pdf（/u/a.pdf）, b.png（/u/b.png）',
      ],
    ],
  }),
  '14 date': () => ({
    subject: make<TSubject & { subjectType: 14 }>(14, (s) => {
      s.min = '2024-01-01';
      s.max = '2024-12-31';
    }),
    valid: ['2024-02-29'],
    bad: [
      ['2023-02-29', 'date-format'],
      ['2023-12-31', 'date-min'],
      ['2025-01-01', 'date-max'],
      ['2024/02/01', 'date-format'],
    ],
    format: [['2024-05-01', '2024-05-01']],
  }),
  '14 date-time': () => ({
    subject: make<TSubject & { subjectType: 14 }>(14, (s) => (s.mode = 'datetime')),
    valid: ['2024-05-01 13:45', '2024-05-01T13:45'],
    bad: [['2024-05-01T25:00', 'date-format']],
    format: [['2024-05-01 13:45', '2024-05-01T13:45']],
  }),
  '17 cascade': () => ({
    subject: make(17),
    valid: [['id1_选项1', 'id3_选项1-2']],
    bad: [
      [['id1_选项1'], 'cascade-incomplete'],
      [['id1_选项1', 'id5_选项2-1'], 'cascade-unknown'],
    ],
    format: [[['id4_选项2', 'id5_选项2-1'], '选项2/选项2-1']],
  }),
  '18 matrix scale': () => ({
    subject: make(18),
    valid: [{ id1: 5, id2: '3' }],
    bad: [
      [{ id1: 6, id2: 1 }, 'point'],
      [{ id1: 4 }, 'row-required'],
    ],
    format: [[{ id1: 5, id2: 3 }, '服务态度: 5\n响应速度: 3']],
  }),
  '19 scale': () => ({
    subject: make(19),
    valid: [1, 5, '3'],
    bad: [
      [0, 'point'],
      [2.5, 'point'],
    ],
    format: [
      [5, '5 非常满意'],
      [3, '3'],
    ],
  }),
  '20 constant sum': () => ({
    subject: make(20),
    valid: [{ id1: 50, id2: 30, id3: 20 }, { id1: '100' }],
    bad: [
      [{ id1: 50, id2: 30 }, 'sum-total'],
      [{ id1: 150, id2: -50 }, 'sum-value'],
      [{ id1: 99.5, id2: 0.5 }, 'sum-value'],
    ],
    format: [[{ id1: 50, id3: 50 }, '项目1:50, 项目3:50']],
  }),
  '21 number': () => ({
    subject: make<TSubject & { subjectType: 21 }>(21, (s) => {
      s.min = 0;
      s.max = 100;
      s.decimals = 1;
    }),
    valid: [12.5, '约 99.9 元', 0],
    bad: [
      [12.55, 'decimals'],
      [-1, 'number-min'],
      ['101', 'number-max'],
      ['abc', 'required'],
    ],
    format: [[12.5, '12.5']],
  }),
  '22 NPS': () => ({
    subject: make(22),
    valid: [0, 10],
    bad: [
      [11, 'point'],
      [9.5, 'point'],
    ],
    format: [[9, '9']],
  }),
  '23 star rating': () => ({
    subject: make(23),
    valid: [1, 5],
    bad: [
      [0, 'point'],
      [6, 'point'],
    ],
    format: [[4, '4']],
  }),
  '24 slider': () => ({
    subject: make<TSubject & { subjectType: 24 }>(24, (s) => (s.step = 5)),
    valid: [0, 35, 100],
    bad: [
      [-5, 'number-min'],
      [105, 'number-max'],
      [33, 'step'],
    ],
    format: [[35, '35']],
  }),
  '25 matrix text': () => ({
    subject: make(25),
    valid: [{ id1: { id3: 'a', id4: 'b' }, id2: { id3: 'c', id4: 'd' } }],
    bad: [
      [{ id1: { id3: 'a', id4: 'b' }, id2: { id3: 'c' } }, 'cell-required'],
      [{ id1: { zz: 'a' } }, 'unknown-part'],
    ],
    format: [[{ id2: { id4: 'd', id3: 'c' }, id1: { id3: 'a', id4: 'b' } }, 'a, b, c, d']],
  }),
  '26 mobile': () => ({
    subject: make(26),
    valid: ['13800138000', '138 0013 8000', '+86 158-0000-0000', 17612345678],
    bad: [
      ['12800138000', 'mobile'],
      ['1380013800', 'mobile'],
      ['16800138000', 'mobile'],
    ],
    format: [['138-0013-8000', '13800138000']],
  }),
  '27 e-mail': () => ({
    subject: make(27),
    valid: ['user@example.com', ' a.b@sub.example.cn '],
    bad: [
      ['user@', 'email'],
      ['user@example', 'email'],
      ['a b@c.d', 'email'],
    ],
    format: [['user@example.com', 'user@example.com']],
  }),
  '28 ID-card number': () => ({
    subject: make(28),
    valid: ['11010519491231002X', '110105194912310021', '11010519491231002x'],
    bad: [
      ['110105194902300021', 'id-card'],
      ['11010519491231002', 'id-card'],
      ['110105299912310021', 'id-card'],
      ['1101051949123100XX', 'id-card'],
    ],
    format: [['11010519491231002x', '11010519491231002X']],
  }),
  '29 location': () => ({
    subject: make(29),
    valid: [{ address: '北京市海淀区', lat: 39.98, lng: 116.3 }],
    bad: [
      [{ address: '', lat: 39.98, lng: 116.3 }, 'required'],
      [{ address: 'x', lat: 99, lng: 0 }, 'invalid'],
    ],
    format: [[{ address: '北京市海淀区', lat: 39.98, lng: 116.3 }, '北京市海淀区']],
  }),
  '33 signature': () => ({
    subject: make(33),
    valid: [{ fileUrl: '/uploads/sign.png' }],
    bad: [
      [{ fileUrl: 'javascript:alert(1)' }, 'signature'],
      [{ fileUrl: '' }, 'required'],
    ],
    format: [[{ fileUrl: '/uploads/sign.png', fileName: 'sign.png' }, '/uploads/sign.png']],
  }),
  '34 product': () => ({
    subject: make<TSubject & { subjectType: 34 }>(34, (s) => {
      // A new product starts unnamed and unpriced (issue 43 item 5); this one is filled in.
      Object.assign(s.products[0]!, { title: '商品1', price: 100, stock: 3 });
      s.products.push({ uuid: 'p2', title: '纪念册', price: 500, maxPerPerson: 1 });
    }),
    valid: [
      [{ productId: 'id1', quantity: 2 }],
      [
        { productId: 'id1', quantity: 0 },
        { productId: 'p2', quantity: 1 },
      ],
    ],
    bad: [
      [[{ productId: 'id1', quantity: 4 }], 'stock'],
      [[{ productId: 'p2', quantity: 2 }], 'per-person'],
      [[{ productId: 'id1', quantity: 1.5 }], 'quantity'],
      [[{ productId: 'zz', quantity: 1 }], 'unknown-part'],
      [[{ productId: 'id1', quantity: 0 }], 'required'],
    ],
    format: [
      [
        [
          { productId: 'id1', quantity: 2 },
          { productId: 'p2', quantity: 1 },
        ],
        '商品1 ×2, 纪念册 ×1',
      ],
    ],
  }),
  '37 appointment slot': () => ({
    subject: make<TSubject & { subjectType: 37 }>(37, (s) => {
      s.startDate = '2024-05-01';
      s.endDate = '2024-05-31';
    }),
    valid: [{ date: '2024-05-06', start: '09:00', end: '12:00' }],
    bad: [
      [{ date: '2024-05-05', start: '09:00', end: '12:00' }, 'slot-unavailable'],
      [{ date: '2024-06-03', start: '09:00', end: '12:00' }, 'slot-unavailable'],
      [{ date: '2024-05-06', start: '10:00', end: '12:00' }, 'slot-unavailable'],
      [{ date: '2024-02-30', start: '09:00', end: '12:00' }, 'date-format'],
    ],
    format: [[{ date: '2024-05-06', start: '09:00', end: '12:00' }, '2024-05-06 09:00–12:00']],
  }),
  '38 evaluation': () => ({
    subject: make(38),
    valid: [
      [
        { evaluateType: 1, score: 4 },
        { evaluateType: 2, labelTitle: '服务热情' },
        { evaluateType: 3, answerContent: '很满意' },
      ],
    ],
    bad: [
      [[{ evaluateType: 2, labelTitle: '服务热情' }], 'score-required'],
      [[{ evaluateType: 1, score: 6 }], 'point'],
      [
        [
          { evaluateType: 1, score: 5 },
          { evaluateType: 2, labelTitle: '不存在' },
        ],
        'label-unknown',
      ],
      [
        [
          { evaluateType: 1, score: 5 },
          { evaluateType: 3, answerContent: '字'.repeat(501) },
        ],
        'max-length',
      ],
      [[{ evaluateType: 4 }], 'invalid'],
    ],
    format: [
      [
        [
          { evaluateType: 1, score: 4 },
          { evaluateType: 2, labelTitle: '服务热情' },
          { evaluateType: 2, labelTitle: '响应及时' },
          { evaluateType: 3, answerContent: '很满意' },
        ],
        '4分；服务热情、响应及时；很满意',
      ],
      [[{ evaluateType: 1, score: 5 }], '5分'],
    ],
  }),
};

describe.each(Object.entries(TABLES))('%s', (_name, table) => {
  const { subject, valid, bad, format } = table();
  test.each(valid.map((a) => [JSON.stringify(a), a]))('accepts %s', (_label, answer) => {
    expect(validateAnswer(subject, answer)).toEqual([]);
  });
  test.each(bad.map(([a, code]) => [code, JSON.stringify(a) ?? 'undefined', a]))('refuses with %s: %s', (code, _label, answer) => {
    expect(codes(subject, answer)).toContain(code);
  });
  test.each(format.map(([a, text]) => [text, a]))('formats as %j', (text, answer) => {
    expect(subjectEntry(subject.subjectType).formatRaw(subject, answer)).toBe(text);
  });
});

describe('messages a respondent reads', () => {
  test('spec §5 wording for mobile and ID card, and the required message', () => {
    expect(validateAnswer(make(26), '123')[0]!.message).toBe('请输入正确的手机号');
    expect(validateAnswer(make(28), '123')[0]!.message).toBe('请输入正确的身份证号');
    expect(validateAnswer(make(27), undefined)[0]!.message).toBe('此题为必答题');
  });
  test('limits are named in the message', () => {
    const s = make<TSubject & { subjectType: 2 }>(2, (x) => (x.minPicks = 2));
    expect(validateAnswer(s, { optionIds: ['id1'] })[0]!.message).toBe('请至少选择2项');
    const n = make<TSubject & { subjectType: 21 }>(21, (x) => (x.max = 10));
    expect(validateAnswer(n, 11)[0]!.message).toBe('不能大于10');
    expect(validateAnswer(n, 1.5)[0]!.message).toBe('请输入整数');
    const c = make(20);
    expect(validateAnswer(c, { id1: 60 })[0]!.message).toBe('各项之和须等于100，当前为60');
  });
  test('an optional subject left empty has no messages', () => {
    const s = make<TSubject & { subjectType: 7 }>(7, (x) => (x.required = false));
    expect(validateAnswer(s, '')).toEqual([]);
    expect(validateAnswer(s, undefined)).toEqual([]);
  });
});

describe('layout blocks', () => {
  test.each([15, 16, 30, 31, 32, 35, 36] as const)('type %i takes no answer and formats as nothing', (t) => {
    const s = make(t);
    const entry = subjectEntry(t);
    expect(entry.answerable).toBe(false);
    expect(entry.numbered).toBe(false);
    expect(validateAnswer(s, undefined)).toEqual([]);
    expect(validateAnswer(s, 'x').map((m) => m.code)).toEqual(['not-answerable']);
    expect(entry.formatRaw(s, 'x')).toBe('');
  });
  test('media blocks refuse script addresses', () => {
    const s = make(31);
    expect(subjectEntry(31).schema.safeParse({ ...s, url: 'javascript:alert(1)' }).success).toBe(false);
    expect(subjectEntry(31).schema.safeParse({ ...s, url: 'https://cdn.example.com/a.png' }).success).toBe(true);
  });
});

describe('defaults', () => {
  test.each(SUBJECT_TYPE_NUMBERS)('type %i: a newly dropped subject is valid and has Chinese text', (t) => {
    const s = createSubject(t as TSubject['subjectType'], { uuid: 'u', indexSort: 0 });
    expect(subjectEntry(t).schema.safeParse(s).success).toBe(true);
    expect(s.subjectType).toBe(t);
    const texts = JSON.stringify(s);
    if (subjectEntry(t).answerable || [15, 16, 36].includes(t)) expect(texts).toMatch(/[\u4e00-\u9fa5]/);
  });
  test('the registry holds all 38 types', () => {
    expect(SUBJECT_TYPE_NUMBERS).toEqual([...Array(38).keys()].map((i) => i + 1));
    for (const t of SUBJECT_TYPE_NUMBERS) expect(subjectEntry(t).subjectType).toBe(t);
  });
  test('ids of records cannot reach the prototype', () => {
    const s = make<TSubject & { subjectType: 10 }>(10, (x) => (x.blanks[0]!.uuid = 'toString'));
    expect(codes(s, { id2: '18' })).toEqual(['blank-required']);
  });
});

test('a new product starts with empty fields, no sample name or price', () => {
  expect(make<TSubject & { subjectType: 34 }>(34, () => undefined).products[0]).toMatchObject({ title: '', price: 0 });
});

test('a product answer totals in fen', () => {
  const s = make<TSubject & { subjectType: 34 }>(34, (x) => {
    Object.assign(x.products[0]!, { title: '商品1', price: 100 });
    x.products.push({ uuid: 'p2', title: '纪念册', price: 550 });
  });
  expect(
    productTotal(s, [
      { productId: 'id1', quantity: 2 },
      { productId: 'p2', quantity: 3 },
    ]),
  ).toBe(1850);
});
