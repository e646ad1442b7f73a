// Issue 52 item 3: the built-in analysis of one project's answers, written from the report's
// own statistics (buildStatement: the same counts and shares the report page shows, over the same valid sheets).
import type { TAiChart, TAiFinding, TAiReportSummary } from '../../../../schemas/api/ai';
import type { TSubjectStat } from '../../../../schemas/api/report';
import type { Database } from '../../../db/client';
import type { ProjectRow } from '../../../db/rows';
import { WORD_SAMPLE, buildStatement } from '../../report/report.service';
import { plainTitle, reportSubjects } from '../../report/report-subjects';
import type { SubjectRef } from './builtin-answer';
import { chiSquareTest, formatP, lowResponse, percentOf, themesOf } from './stats';
import { answeredCounts, pairCounts, pairKey, sheetFacts } from './summary-data';

/** Single-choice subjects crossed with each other (the first ones in display order): at most 45 pairs. */
export const PAIR_SUBJECTS = 10;
/** Findings of each kind kept in the summary. */
const MAX_SHARES = 20;
const MAX_DIFFERENCES = 5;
const MAX_LOW = 5;
const MAX_THEMES = 5;
/** Below this p-value a difference is reported. */
export const SIGNIFICANCE = 0.05;

type Db = Pick<Database, 'query' | 'transaction' | 'engine'>;

/** "第3题「您对薪酬是否满意」" (a subject without a number: its title alone). */
export const subjectLabel = (s: Pick<TSubjectStat, 'index' | 'title'>): string => `${s.index === null ? '' : `第${s.index}题`}「${plainTitle(s.title)}」`;

const day = (d: Date) => d.toISOString().slice(0, 10);
const finding = (f: Omit<TAiFinding, 'test' | 'chartId'> & Partial<Pick<TAiFinding, 'test' | 'chartId'>>): TAiFinding => ({
  chartId: null,
  test: null,
  ...f,
});

function shareFinding(s: TSubjectStat, charts: TAiChart[]): TAiFinding | null {
  const options = s.options ?? [];
  if (!options.length || s.base <= 0) return null;
  const top = options.reduce((best, o) => (o.count > best.count ? o : best), options[0]!);
  if (top.count <= 0) return null;
  const ties = options.filter((o) => o.count === top.count).map((o) => `「${plainTitle(o.title)}」`);
  const chartId = `share-${s.uuid}`;
  charts.push({
    chartId,
    title: `${subjectLabel(s)}各选项占比`,
    kind: 'bar',
    labels: options.map((o) => plainTitle(o.title)),
    series: [{ name: '占比', values: options.map((o) => o.percent) }],
    unit: 'percent',
  });
  const share = `占 ${top.percent}%（${top.count}/${s.base}）`;
  const title = s.multiple
    ? `${subjectLabel(s)}（多选）：${ties.join('、')}被选得最多，${share}`
    : `${subjectLabel(s)}：选择${ties.join('、')}的最多，${share}`;
  const rest = [...options]
    .sort((a, b) => b.count - a.count)
    .filter((o) => o.count !== top.count)
    .slice(0, 2)
    .map((o) => `「${plainTitle(o.title)}」${o.percent}%（${o.count}）`);
  const detail = `${s.multiple ? '多选题按全部有效答卷计算占比。' : `共 ${s.base} 人作答。`}${rest.length ? `其次是${rest.join('、')}。` : ''}`;
  return finding({ kind: 'share', title, detail, subjectIds: [s.uuid], chartId });
}

function differenceFindings(pairsOf: TSubjectStat[], counts: Map<string, Map<string, number>>, charts: TAiChart[]): TAiFinding[] {
  const found: { f: TAiFinding; p: number; chart: TAiChart }[] = [];
  for (let i = 0; i < pairsOf.length; i++) {
    for (let j = i + 1; j < pairsOf.length; j++) {
      const [a, b] = [pairsOf[i]!, pairsOf[j]!];
      const cells = counts.get(pairKey(a.uuid, b.uuid));
      if (!cells) continue;
      const rows = a.options!;
      const columns = b.options!;
      const table = rows.map((r) => columns.map((c) => cells.get(`${r.uuid}\u0001${c.uuid}`) ?? 0));
      const test = chiSquareTest(table);
      if (!test || test.pValue >= SIGNIFICANCE) continue;
      const rowTotals = table.map((line) => line.reduce((x, y) => x + y, 0));
      const colTotals = columns.map((_, c) => table.reduce((t, line) => t + line[c]!, 0));
      // The cell furthest above its column's overall share says what the difference is.
      let best = { r: 0, c: 0, lift: -Infinity };
      for (const r of test.rows) {
        for (const c of test.columns) {
          const lift = percentOf(table[r]![c]!, rowTotals[r]!) - percentOf(colTotals[c]!, test.n);
          if (lift > best.lift) best = { r, c, lift };
        }
      }
      const rowTitle = plainTitle(rows[best.r]!.title);
      const colTitle = plainTitle(columns[best.c]!.title);
      const caveat = test.lowExpected ? `注意：${test.cells} 个单元格中有 ${test.lowExpected} 个期望频数小于 5，卡方检验只是近似，结论仅供参考。` : '';
      const chartId = `crosstab-${a.uuid}-${b.uuid}`;
      const chart: TAiChart = {
        chartId,
        title: `${subjectLabel(a)} × ${subjectLabel(b)}（行百分比）`,
        kind: 'crosstab',
        labels: test.columns.map((c) => plainTitle(columns[c]!.title)),
        series: test.rows.map((r) => ({ name: plainTitle(rows[r]!.title), values: test.columns.map((c) => percentOf(table[r]![c]!, rowTotals[r]!)) })),
        unit: 'percent',
      };
      const chi = Math.round(test.chiSquare * 100) / 100;
      found.push({
        p: test.pValue,
        chart,
        f: finding({
          kind: 'difference',
          title: `${subjectLabel(a)}与${subjectLabel(b)}存在显著差异（χ² = ${chi}，df = ${test.df}，p ${formatP(test.pValue)}）`,
          detail:
            `选择「${rowTitle}」的人中，选择「${colTitle}」的占 ${percentOf(table[best.r]![best.c]!, rowTotals[best.r]!)}%` +
            `（${table[best.r]![best.c]!}/${rowTotals[best.r]!}），整体只有 ${percentOf(colTotals[best.c]!, test.n)}%（${colTotals[best.c]!}/${test.n}）。${caveat}`,
          subjectIds: [a.uuid, b.uuid],
          chartId,
          test: { chiSquare: test.chiSquare, df: test.df, pValue: test.pValue },
        }),
      });
    }
  }
  found.sort((x, y) => x.p - y.p);
  return found.slice(0, MAX_DIFFERENCES).map(({ f, chart }) => {
    charts.push(chart);
    return f;
  });
}

/** The built-in analysis of a project's valid sheets, and the report's subjects a question may name. */
export async function analyseReport(database: Db, project: ProjectRow): Promise<{ summary: TAiReportSummary; subjects: SubjectRef[] }> {
  const statement = await buildStatement(database, project, undefined);
  const summary = await summaryOf(database, project, statement.total, statement.subjects);
  return { summary, subjects: statement.subjects.map((s) => ({ uuid: s.uuid, index: s.index, title: s.title })) };
}

/** The built-in analysis of a project's valid sheets: overview, suspect share, largest shares, differences, low response, themes. */
export async function reportSummary(database: Db, project: ProjectRow): Promise<TAiReportSummary> {
  return (await analyseReport(database, project)).summary;
}

async function summaryOf(database: Db, project: ProjectRow, sheetCount: number, subjects: TSubjectStat[]): Promise<TAiReportSummary> {
  const { query } = database;
  const findings: TAiFinding[] = [];
  const charts: TAiChart[] = [];
  const facts = await sheetFacts(query, project.id);
  const period = facts.first && facts.last ? `，收集时间 ${day(facts.first)} 至 ${day(facts.last)}` : '';
  findings.push(
    finding({
      kind: 'overview',
      title: sheetCount ? `共收到有效答卷 ${sheetCount} 份${period}` : '还没有有效答卷，收到答卷后这里会给出分析',
      detail: `报告统计 ${subjects.length} 道题目的有效答卷（不含回收站中的答卷）。`,
      subjectIds: [],
    }),
  );
  if (!sheetCount) return { sheetCount, findings, charts };

  const suspectShare = percentOf(facts.suspect, sheetCount);
  findings.push(
    finding({
      kind: 'suspect',
      title: facts.suspect ? `可疑答卷 ${facts.suspect} 份，占有效答卷的 ${suspectShare}%（${facts.suspect}/${sheetCount}）` : '没有被标记为可疑的答卷',
      detail: facts.suspect
        ? `可疑答卷仍计入统计${suspectShare >= 10 ? '，占比较高，建议在答卷列表中核查后再下结论' : ''}；可在报告中筛选“排除可疑答卷”对比结果。`
        : '风控规则和手动标记都没有发现可疑答卷。',
      subjectIds: [],
    }),
  );

  const choice = subjects.filter((s) => s.kind === 'choice');
  for (const s of choice.slice(0, MAX_SHARES)) {
    const f = shareFinding(s, charts);
    if (f) findings.push(f);
  }

  const crossed = choice.filter((s) => !s.multiple && (s.options?.length ?? 0) >= 2).slice(0, PAIR_SUBJECTS);
  findings.push(
    ...differenceFindings(
      crossed,
      await pairCounts(
        query,
        project.id,
        crossed.map((s) => s.uuid),
      ),
      charts,
    ),
  );

  const answered = await answeredCounts(
    query,
    project.id,
    subjects.map((s) => s.uuid),
  );
  const required = new Map(
    (await reportSubjects(query, project.id)).map(({ subject }) => [subject.uuid, (subject as { required?: boolean }).required !== false]),
  );
  const shares = subjects.map((s) => percentOf(answered.get(s.uuid) ?? 0, sheetCount));
  const low = lowResponse(shares);
  subjects
    .map((s, i) => ({ s, share: shares[i]!, low: low[i]! }))
    .filter((x) => x.low)
    .sort((x, y) => x.share - y.share)
    .slice(0, MAX_LOW)
    .forEach(({ s, share }) => {
      const n = answered.get(s.uuid) ?? 0;
      findings.push(
        finding({
          kind: 'lowResponse',
          title: `${subjectLabel(s)}作答率偏低：${share}%（${n}/${sheetCount}）`,
          detail: required.get(s.uuid)
            ? '这道必答题的作答率明显低于其他题目，可能被显示逻辑隐藏，或是后来才加入问卷。'
            : '这是一道选填题，很多人跳过了它；如果它很重要，可以考虑设为必答或简化题目。',
          subjectIds: [s.uuid],
        }),
      );
    });

  for (const s of subjects.filter((x) => x.words?.length).slice(0, MAX_THEMES)) {
    const themes = themesOf(s.words!);
    if (!themes.length) continue;
    const chartId = `theme-${s.uuid}`;
    charts.push({
      chartId,
      title: `${subjectLabel(s)}高频词`,
      kind: 'bar',
      labels: themes.map((t) => t.word),
      series: [{ name: '出现次数', values: themes.map((t) => t.count) }],
      unit: 'count',
    });
    findings.push(
      finding({
        kind: 'theme',
        title: `${subjectLabel(s)}的回答中最常提到：${themes.map((t) => `「${t.word}」（${t.count} 次）`).join('、')}`,
        detail: `按报告词云的词频统计（最近 ${Math.min(answered.get(s.uuid) ?? 0, WORD_SAMPLE)} 条回答），已去掉“希望”“觉得”等泛用词。`,
        subjectIds: [s.uuid],
        chartId,
      }),
    );
  }
  return { sheetCount, findings, charts };
}
