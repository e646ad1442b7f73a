import { ChevronsRight, Pause, Play, RotateCcw, SkipForward, X } from 'lucide-react';
import { stepSummary } from '../../../machines/simulation/simulate';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import styles from './dev-flows-styles';
import type { TSimulator } from './use-simulator';

/** Replays a loaded path: one step, play (a step every half second), to the end; the steps as chips. */
export function PlayerBar({ simulator }: { simulator: TSimulator }) {
  const { path, cursor, playing, broken } = simulator;
  if (!path) return null;
  const total = path.steps.length;
  const atEnd = cursor === total;
  const stuck = cursor === null || atEnd || (broken !== null && broken.index === cursor);
  let status: string;
  if (cursor === null) status = '历史已偏离这条路径';
  else if (broken && broken.index === cursor) status = `停在第 ${cursor + 1} 步`;
  else if (atEnd) status = `已到结尾（${total} 步）`;
  else status = `第 ${cursor} / ${total} 步`;

  return (
    <section className={styles.player} aria-label="路径重放">
      <div className={styles.playerHead}>
        <p className={styles.playerTitle}>
          重放：<strong>{path.name}</strong>
          <span className={styles.playerStatus} role="status">
            {status}
          </span>
        </p>
        <div className={styles.buttons}>
          <Button size="sm" variant="ghost" onClick={() => simulator.load(path)}>
            <RotateCcw size={14} aria-hidden />
            从头
          </Button>
          <Button size="sm" onClick={simulator.next} disabled={stuck || playing}>
            <SkipForward size={14} aria-hidden />
            下一步
          </Button>
          <Button size="sm" variant="primary" onClick={() => simulator.play(!playing)} disabled={!playing && stuck}>
            {playing ? <Pause size={14} aria-hidden /> : <Play size={14} aria-hidden />}
            {playing ? '暂停' : '播放'}
          </Button>
          <Button size="sm" onClick={simulator.toEnd} disabled={stuck || playing}>
            <ChevronsRight size={14} aria-hidden />
            到结尾
          </Button>
          <Button size="sm" variant="ghost" icon onClick={simulator.close} aria-label="关闭重放">
            <X size={14} aria-hidden />
          </Button>
        </div>
      </div>
      <ol className={styles.chips}>
        {path.steps.map((step, i) => (
          <li
            key={i}
            className={cx(
              styles.chip,
              cursor !== null && i < cursor && styles.chipDone,
              i === cursor && !atEnd && styles.chipNext,
              broken && broken.index === i && cursor === i && styles.chipBroken,
            )}
          >
            <span className={styles.chipIndex}>{i + 1}</span>
            {stepSummary(step)}
          </li>
        ))}
      </ol>
    </section>
  );
}
