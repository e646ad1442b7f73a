import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption } from './echarts-setup';
import styles from './report.module.css';

type Setup = typeof import('./echarts-setup');
let loading: Promise<Setup> | null = null;
/** echarts arrives in its own chunk, asked for as soon as the report's code runs (beside its data, not after it). */
const loadEcharts = () => (loading ??= import('./echarts-setup'));
if (typeof window !== 'undefined') void loadEcharts();

export interface TChartProps {
  option: EChartsCoreOption;
  height?: number;
  label: string;
}

/** One echarts instance (SVG renderer, aria on), resized with its box and disposed on unmount. */
export function Chart({ option, height = 280, label }: TChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<Setup['init']> | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let alive = true;
    let observer: ResizeObserver | null = null;
    void loadEcharts().then(({ init }) => {
      if (!alive || !box.current) return;
      chart.current = init(box.current, undefined, { renderer: 'svg' });
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(box.current);
      }
      setReady(true);
    });
    return () => {
      alive = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption({ aria: { enabled: true, decal: { show: false } }, ...option }, true);
  }, [ready, option]);

  return <div ref={box} className={styles.chart} style={{ height }} role="img" aria-label={label} data-chart-ready={ready ? 'true' : 'false'} />;
}
