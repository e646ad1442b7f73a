import type { TAiChart, TAiFinding } from '../../../schemas/api/ai';
import { Chart } from '../../ui/chart';
import { cx } from '../../ui/cx';
import { aiChartHeight, aiChartOption } from './ai-chart-option';
import styles from './ai-analysis-styles';

export const FINDING_KIND_LABEL: Record<TAiFinding['kind'], string> = {
  overview: '概览',
  share: '占比',
  difference: '差异',
  lowResponse: '作答率低',
  suspect: '可疑答卷',
  theme: '开放题主题',
};

/** A chi-square test as a report states it: χ²=12.35, df=2, p=0.003 (p<0.001 below that). */
export function testLine(test: NonNullable<TAiFinding['test']>): string {
  const p = test.pValue < 0.001 ? 'p<0.001' : `p=${test.pValue.toFixed(3)}`;
  return `χ²=${test.chiSquare.toFixed(2)}, df=${test.df}, ${p}`;
}

/** A chart a finding refers to, with its title. */
export function FindingChart({ chart }: { chart: TAiChart }) {
  return (
    <figure className={styles.chart}>
      <figcaption>{chart.title}</figcaption>
      <Chart option={aiChartOption(chart)} height={aiChartHeight(chart)} label={chart.title} />
    </figure>
  );
}

/** One finding: its kind, the line with its number, what it means, the test of a difference and its chart. */
export function FindingCard({ finding, chart, rank, compact }: { finding: TAiFinding; chart: TAiChart | null; rank?: number; compact?: boolean }) {
  const significant = finding.test ? finding.test.pValue < 0.05 : false;
  return (
    <article className={cx(styles.finding, compact && styles.findingCompact)} data-testid="ai-finding">
      <div className={styles.findingHead}>
        <span className={cx(styles.kindTag, styles[`kind_${finding.kind}`])}>{FINDING_KIND_LABEL[finding.kind]}</span>
        {rank ? <span className={styles.rank}>发现 {rank}</span> : null}
      </div>
      <h3 className={styles.findingTitle}>{finding.title}</h3>
      {finding.detail ? <p className={styles.findingDetail}>{finding.detail}</p> : null}
      {finding.test ? (
        <p className={styles.test} data-testid="ai-test">
          <span>卡方检验</span>
          <code>{testLine(finding.test)}</code>
          <span className={significant ? styles.significant : styles.notSignificant}>{significant ? '差异显著' : '差异不显著'}</span>
        </p>
      ) : null}
      {chart ? <FindingChart chart={chart} /> : null}
    </article>
  );
}

/** The charts a finding names, looked up in the list it came with. */
export const chartOf = (finding: TAiFinding, charts: TAiChart[]) => (finding.chartId ? (charts.find((c) => c.chartId === finding.chartId) ?? null) : null);
