import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption, init as echartsInit } from 'echarts/core';

/** A feature's echarts module: the charts it registered and `init`, loaded in its own chunk. */
export interface EchartsSetup {
  init: typeof echartsInit;
}

export interface TChartBoxProps {
  /** Loads the feature's echarts module (memoised by the caller, so it is asked for once). */
  load: () => Promise<EchartsSetup>;
  option: EChartsCoreOption;
  height: number;
  label: string;
  className?: string;
}

/**
 * One echarts instance (SVG renderer, aria on), resized with its box and disposed on unmount. The box clips: until the
 * ResizeObserver's next frame redraws the chart, a chart drawn at the old width would otherwise widen the page.
 */
export function ChartBox({ load, option, height, label, className }: TChartBoxProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<EchartsSetup['init']> | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let alive = true;
    let observer: ResizeObserver | null = null;
    void load().then(({ init }) => {
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
  }, [load]);

  useEffect(() => {
    if (ready) chart.current?.setOption({ aria: { enabled: true, decal: { show: false } }, ...option }, true);
  }, [ready, option]);

  return (
    <div
      ref={box}
      className={className}
      style={{ height, width: '100%', minWidth: 0, overflow: 'hidden' }}
      role="img"
      aria-label={label}
      data-chart-ready={ready ? 'true' : 'false'}
    />
  );
}
