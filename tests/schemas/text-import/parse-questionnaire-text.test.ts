import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZSubject, type TSubject } from '../../../schemas/subjects/registry';
import { isNumberedSubjectType } from '../../../schemas/subjects/subject-types';
import { parseQuestionnaireText } from '../../../schemas/text-import/parse-questionnaire-text';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = readFileSync(path.join(here, 'fixture-community.txt'), 'utf8');

const ids = () => {
  let n = 0;
  return () => `id${++n}`;
};
const parse = (text: string) => parseQuestionnaireText(text, { newId: ids() });
const questions = (subjects: readonly TSubject[]) => subjects.filter((s) => isNumberedSubjectType(s.subjectType));
const optionTitles = (s: TSubject) => ('options' in s ? s.options.map((o) => o.title) : []);
const field = <T>(s: TSubject, key: string) => (s as unknown as Record<string, T>)[key];

function expectValid(subjects: readonly TSubject[]) {
  for (const s of subjects) {
    const parsed = ZSubject.safeParse(s);
    expect(parsed.success, `${s.subjectType} ${s.title}: ${parsed.error?.message}`).toBe(true);
  }
  expect(subjects.map((s) => s.indexSort)).toEqual(subjects.map((_, i) => i + 1));
  const allIds = subjects.flatMap((s) => [s.uuid, ...('options' in s ? s.options.map((o) => o.uuid) : [])]);
  expect(new Set(allIds).size).toBe(allIds.length);
}

describe('a 30-question questionnaire pasted from Word', () => {
  const result = parse(FIXTURE);
  const qs = questions(result.subjects);

  it('reads the title, 30 questions, 2 page breaks and 6 description blocks, with no warnings', () => {
    expect(result.title).toBe('社区居民生活服务满意度调查');
    expect(qs).toHaveLength(30);
    expect(result.subjects.filter((s) => s.subjectType === SUBJECT_TYPE.pageBreak)).toHaveLength(2);
    expect(result.subjects.filter((s) => s.subjectType === SUBJECT_TYPE.paragraph)).toHaveLength(6);
    expect(result.warnings).toEqual([]);
    expectValid(result.subjects);
  });

  it('gives every question its type', () => {
    expect(qs.map((s) => s.subjectType)).toEqual([1, 1, 1, 3, 1, 6, 26, 27, 28, 14, 2, 19, 23, 22, 9, 2, 6, 3, 1, 1, 1, 2, 10, 19, 6, 23, 2, 1, 7, 7]);
  });

  it('collects the options, from separate lines, the stem line or one line', () => {
    expect(qs.map((s) => optionTitles(s).length)).toEqual([2, 5, 4, 4, 4, 0, 0, 0, 0, 0, 6, 0, 0, 0, 4, 5, 0, 3, 4, 4, 2, 4, 0, 0, 0, 0, 4, 3, 0, 0]);
    expect(optionTitles(qs[1]!)).toEqual(['18岁以下', '18-30岁', '31-45岁', '46-60岁', '60岁以上']);
    expect(optionTitles(qs[2]!)).toEqual(['不到1年', '1-3年', '3-10年', '10年以上']);
    expect(optionTitles(qs[4]!)).toEqual(['1人', '2人', '3人', '4人及以上']);
    expect(optionTitles(qs[14]!)).toEqual(['治安巡逻', '环境绿化', '停车管理', '老人照护']);
  });

  it('strips numbering and markers from the titles', () => {
    expect(qs[0]!.title).toBe('您的性别');
    expect(qs[2]!.title).toBe('您在本社区居住了多久？');
    expect(qs[3]!.title).toBe('您的住房类型');
    expect(qs[5]!.title).toBe('您的姓名');
    expect(qs[10]!.title).toBe('您平时使用过哪些社区服务？');
    expect(qs[15]!.title).toBe('您认为社区最需要改进的方面有哪些？');
    expect(qs[22]!.title).toBe('家中老人的姓名___ 年龄___');
    expect(qs.every((s) => !/^\s*(\d|Q\d|第|（)/.test(s.title) && !/[[【]/.test(s.title))).toBe(true);
  });

  it('takes required flags from [必答] / [选填], required by default', () => {
    const optional = qs.map((s, i) => (s.required ? 0 : i + 1)).filter(Boolean);
    expect(optional).toEqual([6, 8, 25, 30]);
  });

  it('options with 其他 take a text box; "none of these" in a multiple choice clears the others', () => {
    expect(qs[3]!.subjectType === SUBJECT_TYPE.dropdown && qs[3]!.options.at(-1)).toMatchObject({ title: '其他', fillIn: true });
    expect(qs[10]!.subjectType === SUBJECT_TYPE.multipleChoice && qs[10]!.options.at(-1)).toMatchObject({ title: '其他（请注明）', fillIn: true });
    expect(qs[19]!.subjectType === SUBJECT_TYPE.singleChoice && qs[19]!.options.at(-1)).toMatchObject({ title: '其它', fillIn: true });
    expect(qs[15]!.subjectType === SUBJECT_TYPE.multipleChoice && qs[15]!.options.at(-1)).toMatchObject({ title: '以上都没有', exclusive: true });
    expect(qs[26]!.subjectType === SUBJECT_TYPE.multipleChoice && qs[26]!.options.at(-1)).toMatchObject({ title: '都没有', exclusive: true });
    expect(qs[0]!.subjectType === SUBJECT_TYPE.singleChoice && qs[0]!.options.some((o) => o.fillIn)).toBe(false);
  });

  it('reads scale points, pick limits, blanks, date mode and hints under a stem', () => {
    expect(qs[11]).toMatchObject({ points: 5, start: 1, minLabel: '非常不满意', maxLabel: '非常满意' });
    expect(qs[23]).toMatchObject({ points: 5, start: 1, minLabel: '很不满意', maxLabel: '很满意', labels: ['很不满意', '不满意', '一般', '满意', '很满意'] });
    expect(qs[15]).toMatchObject({ maxPicks: 3 });
    expect(field<{ label: string }[]>(qs[22]!, 'blanks').map((b) => b.label)).toEqual(['家中老人的姓名', '年龄']);
    expect(qs[9]).toMatchObject({ mode: 'date' });
    expect(qs[8]!.description).toBe('<p>仅用于核实居民身份，不会公开</p>');
  });

  it('places the blocks where they were: intro, section headings, page breaks, closing words', () => {
    const layout = result.subjects.map((s) =>
      s.subjectType === SUBJECT_TYPE.paragraph ? `15:${s.title || s.description}` : s.subjectType === SUBJECT_TYPE.pageBreak ? '16' : 'q',
    );
    expect(layout.slice(0, 3)).toEqual([
      '15:<p>尊敬的居民朋友：您好！为了解大家对社区服务的看法，我们开展本次调查。问卷匿名填写，约需 5 分钟，感谢您的支持！</p>',
      '15:一、基本情况',
      'q',
    ]);
    expect(layout.indexOf('16')).toBe(12);
    expect(layout[13]).toBe('15:二、服务评价');
    expect(layout.at(-1)).toBe('15:<p>感谢您的参与！祝您生活愉快！</p>');
    expect(layout).toContain('15:<p>以下问题关于社区养老服务，家中没有老人的可以跳过。</p>');
  });

  it('Windows line endings give the same result', () => {
    const crlf = parse(FIXTURE.replace(/\n/g, '\r\n'));
    expect(crlf).toEqual(result);
  });
});

describe('edge cases', () => {
  it('empty or blank text gives nothing and no warnings', () => {
    expect(parse('')).toEqual({ title: null, subjects: [], warnings: [] });
    expect(parse('\n  \r\n\t\n')).toEqual({ title: null, subjects: [], warnings: [] });
  });

  it('a title alone is only a title', () => {
    expect(parse('员工满意度调查')).toEqual({ title: '员工满意度调查', subjects: [], warnings: [] });
  });

  it('full-width digits, letters, punctuation and brackets', () => {
    const r = parse('１．您的性别（　）\nＡ．男\nＢ．女\n２、您的手机号［手机］\n（３）您的爱好（多选）\nＡ）读书\nＢ）运动');
    expect(r.subjects.map((s) => [s.subjectType, s.title, optionTitles(s)])).toEqual([
      [1, '您的性别', ['男', '女']],
      [26, '您的手机号', []],
      [2, '您的爱好', ['读书', '运动']],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it('without numbering, blank lines separate the questions', () => {
    const r = parse('顾客回访\n\n您的性别？\n男\n女\n\n您的年龄段？\n18岁以下\n18-30岁\n30岁以上\n\n您的姓名\n\n您的意见 [多行填空]');
    expect(r.title).toBe('顾客回访');
    expect(r.subjects.map((s) => [s.subjectType, s.title, optionTitles(s).length])).toEqual([
      [1, '您的性别？', 2],
      [1, '您的年龄段？', 3],
      [6, '您的姓名', 0],
      [7, '您的意见', 0],
    ]);
  });

  it('without numbering or a title, a question mark starts the next question even without a blank line', () => {
    const r = parse('您的性别？\n男\n女\n您常用的交通工具？ [多选]\n地铁\n公交\n自行车');
    expect(r.title).toBeNull();
    expect(r.subjects.map((s) => [s.subjectType, optionTitles(s)])).toEqual([
      [1, ['男', '女']],
      [2, ['地铁', '公交', '自行车']],
    ]);
  });

  it('options on the stem line or on one line after it', () => {
    const r = parse('1. 您的性别 A.男 B.女\n2. 您的学历：A、高中 B、本科 C、研究生\n3. 是否愿意参加？\nA.愿意 B.不愿意\n4. 满意吗 ○满意 ○一般 ○不满意');
    expect(r.subjects.map((s) => [s.title, optionTitles(s)])).toEqual([
      ['您的性别', ['男', '女']],
      ['您的学历', ['高中', '本科', '研究生']],
      ['是否愿意参加？', ['愿意', '不愿意']],
      ['满意吗', ['满意', '一般', '不满意']],
    ]);
  });

  it('every numbering style starts a question', () => {
    const r = parse(['1. 甲', '2、乙', '3) 丙', 'Q4. 丁', 'Q5 戊', '第6题 己', '第七题：庚', '（8）辛', '(9) 壬', '10．癸'].join('\n'));
    expect(r.subjects.map((s) => s.title)).toEqual(['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸']);
    expect(r.subjects.every((s) => s.subjectType === SUBJECT_TYPE.textInput)).toBe(true);
  });

  it('numbers inside option text are not numbering', () => {
    const r = parse('1. 每天睡多久？\n5.5小时以下\n6-7小时\n10:00以后才睡');
    expect(r.subjects).toHaveLength(1);
    expect(optionTitles(r.subjects[0]!)).toEqual(['5.5小时以下', '6-7小时', '10:00以后才睡']);
  });

  it('page breaks by ===分页=== or [分页]; leading and trailing ones are dropped with a warning', () => {
    const r = parse('===分页===\n1. 甲\n===分页===\n2. 乙\n【分页】\n3. 丙\n[分页]');
    expect(r.subjects.map((s) => s.subjectType)).toEqual([6, 16, 6, 16, 6]);
    expect(r.warnings.map((w) => w.line)).toEqual([1, 7]);
  });

  it('stars mark the required questions when the text uses them', () => {
    const r = parse('*1. 姓名\n2. 昵称\n3. 电话 *');
    expect(r.subjects.map((s) => [s.title, s.required])).toEqual([
      ['姓名', true],
      ['昵称', false],
      ['电话', true],
    ]);
  });

  it('markers of every spelling', () => {
    const cases: [string, number][] = [
      ['[单选]', 1],
      ['[多选]', 2],
      ['【多选题】', 2],
      ['（可多选）', 2],
      ['(多选)', 2],
      ['[下拉]', 3],
      ['[填空]', 6],
      ['[多行填空]', 7],
      ['[排序]', 9],
      ['[量表]', 19],
      ['[评分]', 23],
      ['[NPS]', 22],
      ['[nps]', 22],
      ['[日期]', 14],
      ['[手机]', 26],
      ['[邮箱]', 27],
      ['[身份证]', 28],
    ];
    for (const [marker, type] of cases) {
      const r = parse(`1. 题目 ${marker}\nA. 甲\nB. 乙`);
      expect(r.subjects[0]!.subjectType, marker).toBe(type);
      expect(r.subjects[0]!.title, marker).toBe('题目');
    }
  });

  it('【判断题】 is a single choice 正确 / 错误 without an answer key, unless options are written', () => {
    const r = parse('1. 火警电话是 119。【判断题】\n2. 可以用手清理运转中的机器 [判断]\n3. 地球是圆的 （是非题）\n对\n错');
    expect(r.warnings).toEqual([]);
    expect(r.subjects.map((s) => [s.subjectType, s.title, optionTitles(s)])).toEqual([
      [1, '火警电话是 119。', ['正确', '错误']],
      [1, '可以用手清理运转中的机器', ['正确', '错误']],
      [1, '地球是圆的', ['对', '错']],
    ]);
    expect(r.subjects.flatMap((s) => ('options' in s ? s.options.filter((o) => o.isCorrect) : []))).toEqual([]);
    expectValid(r.subjects);
  });

  it('bracketed text that is not a marker stays in the title', () => {
    const r = parse('1. 您的月收入（单位：元）\n2. 【重要】请如实填写您的住址');
    expect(r.subjects.map((s) => s.title)).toEqual(['您的月收入（单位：元）', '【重要】请如实填写您的住址']);
  });

  it('titles are text, not HTML', () => {
    const r = parse('1. 收入 <5000 & 以上的比例 <script>');
    expect(r.subjects[0]!.title).toBe('收入 &lt;5000 &amp; 以上的比例 &lt;script&gt;');
  });

  it('what cannot be read becomes a warning with its line number', () => {
    const r = parse('A. 没有题目的选项\n1. 姓名 [填空]\n张三\n2. 评价 [矩阵题]\n好\n3. 性别 [单选]\n\n4. 打分 [评分]\n1 2 3 4 5 6 7 8 9 10 11 12');
    expect(r.warnings).toEqual([
      { line: 1, message: '选项前没有题目，已忽略' },
      { line: 3, message: '无法识别这一行（该题型不需要选项），已忽略' },
      { line: 4, message: '不支持的标记“矩阵题”，已忽略' },
      { line: 6, message: '没有找到选项，已使用默认选项' },
      { line: 9, message: '评分题需要 3 到 10 颗星，已使用 5 颗星' },
    ]);
    expect(r.subjects.map((s) => s.subjectType)).toEqual([6, 1, 1, 23]);
    expectValid(r.subjects);
  });

  it('"A 男" letters followed by a space are bullets when every option has one', () => {
    const r = parse('1. 性别\nA 男\nB 女\n2. 城市\nA 北京\n上海');
    expect(r.subjects.map(optionTitles)).toEqual([
      ['男', '女'],
      ['A 北京', '上海'],
    ]);
  });

  it('never throws and every subject it makes is valid', () => {
    const pieces = fc.constantFrom(
      '1. ',
      'Q2 ',
      '第3题 ',
      '（4）',
      'A. ',
      'B、',
      '○',
      '□',
      '- ',
      '[多选]',
      '【量表】',
      '（多选）',
      '[NPS]',
      '[评分]',
      '[分页]',
      '===分页===',
      '[段落]',
      '[选填]',
      '[多选，最多选9项]',
      '[多选，至少选4项]',
      '其他',
      '___',
      '*',
      '？',
      '。',
      '\n',
      '\r\n',
      '\n\n',
      '1 2 3',
      '0 1 2 3 4 5 6 7 8 9 10',
      '非常',
      '一、',
      '（',
      '）',
      '<',
      '&',
      ' ',
      '男',
      '\u3000',
      '１．',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ maxLength: 8 })), { maxLength: 60 }), (parts) => {
        const r = parse(parts.join(''));
        expectValid(r.subjects);
        expect(r.warnings.every((w) => Number.isInteger(w.line) && w.line >= 0)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('very long lines are cut to the subject limits with a warning', () => {
    const r = parse(`1. ${'长'.repeat(3000)}\nA. ${'选'.repeat(800)}`);
    expectValid(r.subjects);
    expect(r.warnings.map((w) => w.line)).toEqual([1, 2]);
  });
});
