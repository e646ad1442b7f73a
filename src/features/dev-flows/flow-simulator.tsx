import { TriangleAlert, X } from 'lucide-react';
import { useMemo } from 'react';
import type { TMachineEntry } from '../../../machines/registry';
import { activePaths, leafPaths } from '../../../machines/simulation/chart';
import { exportPath } from '../../../machines/simulation/path-file';
import { available, currentSnapshot, readableContext } from '../../../machines/simulation/simulate';
import { Button } from '../../ui/button';
import styles from './dev-flows-styles';
import { EventPanel } from './event-panel';
import { HistoryPanel } from './history-panel';
import { downloadPath } from './path-transfer';
import { PathsPanel } from './paths-panel';
import { PlayerBar } from './player-bar';
import { StateChart } from './state-chart';
import { useSimulator, type TLoadedPath } from './use-simulator';

/** One machine in the simulator: diagram, what can happen now, context, history and paths. */
export function FlowSimulator({ entry, initialPath }: { entry: TMachineEntry; initialPath: TLoadedPath | null }) {
  const simulator = useSimulator(entry, initialPath);
  const snapshot = currentSnapshot(simulator.simulation);
  const now = useMemo(() => available(entry, snapshot), [entry, snapshot]);
  const enabled = useMemo(
    () =>
      new Set([
        ...now.events.map((e) => e.type),
        ...now.timers.map((t) => t.type),
        ...now.calls.flatMap((c) => [`xstate.done.actor.${c.id}`, `xstate.error.actor.${c.id}`]),
      ]),
    [now],
  );
  const exportHistory = () => downloadPath(exportPath(entry, simulator.simulation.steps, `历史 ${simulator.simulation.steps.length} 步`));

  return (
    <div className={styles.workspace}>
      <PlayerBar simulator={simulator} />
      <div className={styles.top}>
        <section className={`${styles.card} ${styles.diagram}`} aria-labelledby="flows-chart">
          <header className={styles.cardHead}>
            <h2 id="flows-chart" className={styles.cardTitle}>
              状态图 <code className={styles.mono}>{entry.machine.id}</code>
            </h2>
          </header>
          <div className={styles.chartScroll}>
            <StateChart machine={entry.machine} active={activePaths(snapshot)} enabled={enabled} />
          </div>
        </section>
        <aside className={styles.side}>
          <section className={styles.card} aria-labelledby="flows-now">
            <header className={styles.cardHead}>
              <h2 id="flows-now" className={styles.cardTitle}>
                当前状态
              </h2>
              {snapshot.status === 'done' ? <span className={styles.doneBadge}>已结束</span> : null}
            </header>
            <p className={styles.stateChips} data-testid="current-state">
              {leafPaths(snapshot.value).map((leaf) => (
                <code key={leaf} className={styles.stateChip}>
                  {leaf}
                </code>
              ))}
            </p>
            {simulator.broken ? (
              <div className={styles.broken} role="alert">
                <TriangleAlert size={16} aria-hidden />
                <p>{simulator.broken.message}</p>
                <Button size="sm" variant="ghost" icon onClick={simulator.dismiss} aria-label="知道了">
                  <X size={14} aria-hidden />
                </Button>
              </div>
            ) : null}
            <EventPanel available={now} onSend={simulator.send} />
          </section>
          <section className={styles.card} aria-labelledby="flows-context">
            <header className={styles.cardHead}>
              <h2 id="flows-context" className={styles.cardTitle}>
                上下文
              </h2>
            </header>
            <pre className={styles.json} data-testid="context">
              {readableContext(snapshot)}
            </pre>
          </section>
        </aside>
      </div>
      <div className={styles.bottom}>
        <HistoryPanel simulation={simulator.simulation} onUndoTo={simulator.undoTo} onExport={exportHistory} />
        <PathsPanel entry={entry} loaded={simulator.path} onReplay={simulator.load} />
      </div>
    </div>
  );
}
