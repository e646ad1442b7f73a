import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption } from './vote-echarts';

type Setup = typeof import('./vote-echarts');
let loading: Promise<Setup> | null = null;
const loadEcharts = () => (loading ??= import('./vote-echarts'));

/** One echarts instance (SVG renderer, aria on), resized with its box and disposed on unmount. */
export function VoteChart({ option, height = 300, label }: { option: EChartsCoreOption; height?: number; label: string }) {
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

  return <div ref={box} style={{ height, width: '100%' }} role="img" aria-label={label} data-chart-ready={ready ? 'true' : 'false'} />;
}
