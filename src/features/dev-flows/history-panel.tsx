import { Download, RotateCcw, Undo2 } from 'lucide-react';
import { stateLabel } from '../../../machines/simulation/chart';
import { isOutcomeStep, stepLabel, type TSimulation, type TStep } from '../../../machines/simulation/simulate';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import styles from './dev-flows-styles';
import { payloadText } from './event-panel';

const detailOf = (step: TStep): string => (isOutcomeStep(step) ? '调用结果' : payloadText(step.event));

/** Events taken so far with the state after each; any row can be returned to (replayed from the start). */
export function HistoryPanel({ simulation, onUndoTo, onExport }: { simulation: TSimulation; onUndoTo: (count: number) => void; onExport: () => void }) {
  const { steps, snapshots } = simulation;
  return (
    <section className={styles.card} aria-labelledby="flows-history">
      <header className={styles.cardHead}>
        <h2 id="flows-history" className={styles.cardTitle}>
          历史 <span className={styles.count}>{steps.length} 步</span>
        </h2>
        <div className={styles.buttons}>
          <Button size="sm" variant="ghost" disabled={!steps.length} onClick={() => onUndoTo(steps.length - 1)}>
            <Undo2 size={14} aria-hidden />
            撤销
          </Button>
          <Button size="sm" variant="ghost" disabled={!steps.length} onClick={() => onUndoTo(0)}>
            <RotateCcw size={14} aria-hidden />
            重新开始
          </Button>
          <Button size="sm" variant="ghost" disabled={!steps.length} onClick={onExport} title="把当前历史导出为路径 JSON">
            <Download size={14} aria-hidden />
            导出
          </Button>
        </div>
      </header>
      <ol className={styles.history}>
        {snapshots.map((snapshot, i) => {
          const step = i === 0 ? null : steps[i - 1]!;
          const current = i === snapshots.length - 1;
          return (
            <li key={i} className={cx(styles.historyRow, current && styles.historyCurrent)} aria-current={current ? 'step' : undefined}>
              <span className={styles.historyIndex}>{i}</span>
              <div className={styles.historyMain}>
                <p className={styles.historyStep}>
                  {step ? <code className={styles.mono}>{stepLabel(step)}</code> : <span>初始状态</span>}
                  {step && detailOf(step) ? <span className={styles.payload}>{detailOf(step)}</span> : null}
                </p>
                <p className={styles.historyState}>→ {stateLabel(snapshot)}</p>
              </div>
              {current ? null : (
                <Button size="sm" variant="ghost" onClick={() => onUndoTo(i)} aria-label={`回到第 ${i} 步`}>
                  回到这里
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
