// Issue 52 item 3: the built-in assistant's answer to a question about a report. It reads the
// question by its keywords and the subject it names (题号 "第3题" or words of a subject's title) and answers from
// the built-in analysis's findings, citing their numbers and the charts they refer to. No model, no AI count.
import { readNumber } from '../../../../schemas/ai/asked-count';
import type { TAiFinding, TAiMessage, TAiReportSummary } from '../../../../schemas/api/ai';
import { plainTitle } from '../../report/report-subjects';

/** A subject of the report a question may name. */
export interface SubjectRef {
  uuid: string;
  index: number | null;
  title: string;
}

export type Intent = 'suggest' | 'suspect' | 'difference' | 'theme' | 'lowResponse' | 'least' | 'share' | 'overview';

/** In order: the first that matches is the question's intent. */
const INTENTS: [Intent, RegExp][] = [
  ['suggest', /改进|改善|怎么办|怎么做|下一步|行动|对策|措施|给.{0,6}建议|有什么建议|提.{0,2}建议/],
  ['suspect', /可疑|作弊|刷票|刷单|无效|质量|可信|机器|乱填|随便填/],
  ['difference', /差异|显著|相关|关联|关系|影响|交叉|卡方|区别|不同的人|群体/],
  ['theme', /开放|文本|填空|关键词|高频|词云|主题|提到|说了什么|写了什么|意见|反馈/],
  ['lowResponse', /作答率|回答率|答题率|没答|未答|跳过|漏答|空着|选填|没人答|没有人答/],
  ['least', /最少|最低|最不受欢迎|最冷门/],
  ['share', /最多|最高|最受欢迎|最热门|哪个|哪项|哪一|占比|比例|分布|多少人|选项|百分/],
  ['overview', /概况|总体|整体|总结|概览|多少份|几份|样本|概要|报告|发现|分析|情况|结果/],
];

/** 一 … 九十九 (and plain digits) as a number (schemas/ai/asked-count.ts readNumber); NaN otherwise. */
export const chineseNumber = (text: string): number => readNumber(text) ?? Number.NaN;

const bigrams = (text: string): Set<string> => {
  const chars = [...text.replace(/[^\p{L}\p{N}]/gu, '')];
  return new Set(chars.slice(0, -1).map((c, i) => c + chars[i + 1]));
};

/** Pairs of characters too common in questions and titles to name a subject by. */
const COMMON_BIGRAMS = new Set(['是否', '什么', '怎么', '哪个', '多少', '情况', '选项', '其他', '有没', '没有', '一下', '大家', '觉得', '这个', '题目']);

/**
 * The subject a question names: "第3题" / "Q3" by its number, else its whole title, else the title sharing the
 * most pairs of characters with it (a pair found in one title only counts twice; two points are needed).
 */
export function namedSubject(message: string, subjects: readonly SubjectRef[]): SubjectRef | null {
  const numbered = /第\s*([0-9]+|[一二两三四五六七八九十]+)\s*[题道]|[Qq]\s*([0-9]+)/.exec(message);
  if (numbered) {
    const n = chineseNumber(numbered[1] ?? numbered[2] ?? '');
    const hit = subjects.find((s) => s.index === n);
    if (hit) return hit;
  }
  const words = bigrams(message);
  const titles = subjects.map((s) => plainTitle(s.title));
  const owned = titles.map((title) => new Set([...bigrams(title)].filter((b) => !b.includes('您') && !COMMON_BIGRAMS.has(b))));
  const seen = new Map<string, number>();
  for (const own of owned) for (const b of own) seen.set(b, (seen.get(b) ?? 0) + 1);
  let best: { s: SubjectRef; score: number } | null = null;
  subjects.forEach((s, i) => {
    const title = titles[i]!;
    const shared = [...owned[i]!].filter((b) => words.has(b)).reduce((t, b) => t + (seen.get(b) === 1 ? 2 : 1), 0);
    const score = title.length >= 2 && message.includes(title) ? 1000 + title.length : shared;
    if (score >= 2 && score > (best?.score ?? 0)) best = { s, score };
  });
  return (best as { s: SubjectRef } | null)?.s ?? null;
}

/** The question's intent; a follow-up without one ("那第2题呢？") keeps the previous question's. */
export function intentOf(message: string, history: readonly { role: string; text: string }[] = []): Intent | null {
  const own = INTENTS.find(([, re]) => re.test(message))?.[0];
  if (own) return own;
  for (const h of [...history].reverse()) {
    if (h.role !== 'user') continue;
    const earlier = INTENTS.find(([, re]) => re.test(h.text))?.[0];
    if (earlier) return earlier;
  }
  return null;
}

const FOOTER = '\n\n（内置助手根据报告的统计数据生成，数字与报告一致。）';
const MAX_FINDINGS = 30;
const MAX_CHARTS = 20;

export interface BuiltinAnswerInput {
  summary: TAiReportSummary;
  subjects: readonly SubjectRef[];
  message: string;
  history?: readonly { role: 'user' | 'assistant'; text: string }[];
  now?: Date;
}

const lines = (fs: readonly TAiFinding[]) => fs.map((f, i) => `${i + 1}. ${f.title}。${f.detail}`).join('\n');
const about = (fs: readonly TAiFinding[], s: SubjectRef | null) => (s ? fs.filter((f) => f.subjectIds.includes(s.uuid)) : [...fs]);
const label = (s: SubjectRef) => `${s.index === null ? '' : `第${s.index}题`}「${plainTitle(s.title)}」`;

/** What the assistant answers to `message`: text with numbers, and the findings and charts it refers to. */
export function builtinAnswer(input: BuiltinAnswerInput): TAiMessage {
  const { summary, subjects, message } = input;
  const of = (kind: TAiFinding['kind']) => summary.findings.filter((f) => f.kind === kind);
  const reply = (text: string, findings: TAiFinding[] = []): TAiMessage => {
    const kept = findings.slice(0, MAX_FINDINGS);
    const ids = new Set(kept.map((f) => f.chartId).filter((id): id is string => id !== null));
    return {
      role: 'assistant',
      text: `${text}${FOOTER}`,
      findings: kept,
      charts: summary.charts.filter((c) => ids.has(c.chartId)).slice(0, MAX_CHARTS),
      engine: 'builtin',
      createTime: (input.now ?? new Date()).toISOString(),
    };
  };
  const overview = of('overview');
  if (!summary.sheetCount)
    return reply(`${overview[0]?.title ?? '还没有有效答卷'}。等收到答卷后，我可以告诉您各题的主要选择、题目之间的差异和开放题的高频词。`, overview);

  const subject = namedSubject(message, subjects);
  const intent = intentOf(message, input.history) ?? (subject ? 'share' : null);
  switch (intent) {
    case 'overview': {
      const shares = of('share').slice(0, 3);
      const differences = of('difference');
      const picked = [...overview, ...of('suspect'), ...shares, ...differences.slice(0, 2)];
      return reply(
        `${overview[0]!.title}。主要发现：\n${lines(picked.slice(1))}\n${differences.length ? `共发现 ${differences.length} 组显著差异。` : '单选题之间没有发现显著差异。'}`,
        picked,
      );
    }
    case 'share':
    case 'least': {
      const shares = about(of('share'), subject);
      if (!shares.length) {
        return reply(subject ? `${label(subject)}不是选择题，或还没有人选择它的选项，无法给出选项占比。` : '这个项目没有已作答的选择题，无法给出选项占比。');
      }
      if (intent === 'least') {
        const picked = subject ? shares.slice(0, 1) : shares.slice(0, 5);
        const least = picked.map((f) => {
          const chart = summary.charts.find((c) => c.chartId === f.chartId);
          const values = chart?.series[0]?.values ?? [];
          const min = Math.min(...values);
          const names = chart ? chart.labels.filter((_, i) => values[i] === min).map((l) => `「${l}」`) : [];
          const who = subjects.find((s) => s.uuid === f.subjectIds[0]);
          return `${who ? label(who) : ''}中选择${names.join('、')}的最少，占 ${min}%`;
        });
        if (subject) return reply(`${least[0]}。\n${picked[0]!.title}。`, picked);
        return reply(`各选择题中选择最少的选项：\n${least.map((l, i) => `${i + 1}. ${l}`).join('\n')}`, picked);
      }
      const list = subject ? shares.slice(0, 1) : shares.slice(0, 5);
      return reply(subject ? `${list[0]!.title}。${list[0]!.detail}` : `各选择题中选择最多的选项：\n${lines(list)}`, list);
    }
    case 'difference': {
      const differences = about(of('difference'), subject);
      if (!differences.length) {
        return reply(
          `${subject ? `${label(subject)}与其他单选题之间` : '单选题两两之间'}没有发现显著差异（卡方检验 p < 0.05 为显著；只检验前 10 道单选题）。这说明不同选择的人在这些题上的回答分布相近。`,
        );
      }
      return reply(`卡方检验（p < 0.05）发现以下显著差异：\n${lines(differences)}`, differences);
    }
    case 'theme': {
      const themes = about(of('theme'), subject);
      if (!themes.length) return reply(`${subject ? `${label(subject)}` : '开放题'}的回答中还没有出现两次以上的关键词。`);
      return reply(`开放题回答的高频词：\n${lines(themes)}`, themes);
    }
    case 'suspect': {
      const suspect = of('suspect');
      return reply(`${suspect[0]!.title}。${suspect[0]!.detail}`, suspect);
    }
    case 'lowResponse': {
      const low = about(of('lowResponse'), subject);
      if (!low.length) return reply(`${subject ? label(subject) : '各题'}的作答率没有明显低于其他题目。`);
      return reply(`作答率偏低的题目：\n${lines(low)}`, low);
    }
    case 'suggest':
      return reply(...suggestions(summary));
    default:
      return reply(fallback(subjects));
  }
}

function suggestions(summary: TAiReportSummary): [string, TAiFinding[]] {
  const tips: string[] = [];
  const used: TAiFinding[] = [];
  const take = (f: TAiFinding | undefined, tip: (f: TAiFinding) => string) => {
    if (!f) return;
    used.push(f);
    tips.push(tip(f));
  };
  const suspect = summary.findings.find((f) => f.kind === 'suspect' && !f.title.startsWith('没有'));
  take(suspect, (f) => `${f.title}：先在答卷列表中核查这些答卷，必要时排除后再看结果。`);
  take(
    summary.findings.find((f) => f.kind === 'difference'),
    (f) => `${f.title}：${f.detail}可以针对这部分人群分别制定措施。`,
  );
  take(
    summary.findings.find((f) => f.kind === 'theme'),
    (f) => `${f.title}：这些是受访者最关心的话题，值得逐条阅读原文。`,
  );
  take(
    summary.findings.find((f) => f.kind === 'lowResponse'),
    (f) => `${f.title}：可以简化这道题，或检查显示逻辑。`,
  );
  take(
    summary.findings.find((f) => f.kind === 'share'),
    (f) => `${f.title}：这是最集中的意见，可作为结论的主线。`,
  );
  if (!tips.length) return ['从目前的数据看没有需要特别关注的问题，可以继续收集答卷，样本越多结论越可靠。', []];
  return [`根据报告数据，建议：\n${tips.map((t, i) => `${i + 1}. ${t}`).join('\n')}`, used];
}

function fallback(subjects: readonly SubjectRef[]): string {
  const example = subjects.find((s) => s.index !== null);
  const n = example ? `第${example.index}题` : '某道题';
  return [
    '我是内置助手，根据这份报告的统计数据回答问题。您可以问我：',
    '· 整体情况怎么样？（答卷数、收集时间与主要发现）',
    `· ${n}哪个选项最多？ / 哪个最少？`,
    '· 不同题目之间有没有显著差异？（卡方检验）',
    '· 开放题大家都提到了什么？（高频词）',
    '· 有没有可疑答卷？ / 哪些题作答率低？',
    '· 有什么改进建议？',
  ].join('\n');
}
