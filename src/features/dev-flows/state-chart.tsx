import { CircleDot, Cog, Timer } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { chartOf, type TChartNode, type TChartTransition } from '../../../machines/simulation/chart';
import { cx } from '../../ui/cx';
import styles from './state-chart.module.css';

interface TChartProps {
  machine: AnyStateMachine;
  /** State paths the current snapshot is in (ancestors included). */
  active: Set<string>;
  /** Event types the current state accepts. */
  enabled: Set<string>;
}

/** How a target reads from its source: a child by its relative path, a sibling by its key, else the full path. */
function targetText(source: TChartNode, target: string): string {
  if (target === source.path) return '↻ 自身';
  if (source.path && target.startsWith(`${source.path}.`)) return `.${target.slice(source.path.length + 1)}`;
  const parent = source.path.split('.').slice(0, -1).join('.');
  if (parent && target.startsWith(`${parent}.`)) return target.slice(parent.length + 1);
  return target || '(根)';
}

function TransitionRow({
  node,
  transition,
  enabled,
  onHover,
}: {
  node: TChartNode;
  transition: TChartTransition;
  enabled: boolean;
  onHover: (targets: string[]) => void;
}) {
  return (
    <li
      className={cx(styles.transition, enabled && styles.enabled)}
      onMouseEnter={() => onHover(transition.targets)}
      onMouseLeave={() => onHover([])}
      title={transition.eventType}
    >
      <span className={styles.event}>{transition.label}</span>
      {transition.guard ? <span className={styles.guard}>[{transition.guard}]</span> : null}
      <span className={styles.arrow} aria-hidden>
        →
      </span>
      <span className={styles.target}>{transition.targets.length ? transition.targets.map((t) => targetText(node, t)).join(', ') : '（仅动作）'}</span>
    </li>
  );
}

interface TBoxProps {
  node: TChartNode;
  active: Set<string>;
  enabled: Set<string>;
  hovered: Set<string>;
  onHover: (targets: string[]) => void;
  isInitial: boolean;
}

function StateBox({ node, active, enabled, hovered, onHover, isInitial }: TBoxProps) {
  const isRoot = node.path === '';
  const isActive = isRoot || active.has(node.path);
  const isLeaf = node.children.length === 0;
  return (
    <section
      className={cx(
        styles.box,
        isRoot && styles.root,
        !isRoot && isActive && styles.active,
        !isRoot && isActive && isLeaf && styles.current,
        node.type === 'final' && styles.final,
        node.type === 'parallel' && styles.parallel,
        hovered.has(node.path) && styles.hovered,
      )}
      data-state-path={node.path}
      data-active={(!isRoot && isActive) || undefined}
      aria-label={isRoot ? `状态机 ${node.key}` : `状态 ${node.path}`}
    >
      <header className={styles.head}>
        {isInitial ? <CircleDot size={12} className={styles.initial} aria-label="初始" /> : null}
        <span className={styles.name}>{node.key}</span>
        {node.type === 'parallel' ? <span className={styles.badge}>并行</span> : null}
        {node.type === 'final' ? <span className={styles.badge}>终态</span> : null}
      </header>
      {node.invokes.length ? (
        <p className={styles.invoke}>
          <Cog size={12} aria-hidden /> {node.invokes.join(', ')}
        </p>
      ) : null}
      {node.transitions.length ? (
        <ul className={styles.transitions}>
          {node.transitions.map((transition, i) => (
            <TransitionRow
              key={`${transition.eventType}-${i}`}
              node={node}
              transition={transition}
              enabled={isActive && enabled.has(transition.eventType)}
              onHover={onHover}
            />
          ))}
        </ul>
      ) : null}
      {node.children.length ? (
        <div className={node.type === 'parallel' ? styles.regions : styles.children}>
          {node.children.map((child) => (
            <StateBox
              key={child.path}
              node={child}
              active={active}
              enabled={enabled}
              hovered={hovered}
              onHover={onHover}
              isInitial={node.initial === child.key}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** The state chart as nested boxes: compound states hold their children, parallel regions sit side by side. */
export function StateChart({ machine, active, enabled }: TChartProps) {
  const chart = useMemo(() => chartOf(machine), [machine]);
  const [hovered, setHovered] = useState<string[]>([]);
  const hoveredSet = useMemo(() => new Set(hovered), [hovered]);
  return (
    <div className={styles.chart}>
      <div className={styles.legend} aria-hidden>
        <span className={cx(styles.swatch, styles.swatchCurrent)} /> 当前状态
        <span className={cx(styles.swatch, styles.swatchEnabled)} /> 现在可触发的转换
        <Timer size={12} /> after = 定时器
        <Cog size={12} /> = 调用（替身）
      </div>
      <StateBox node={{ ...chart, key: machine.id }} active={active} enabled={enabled} hovered={hoveredSet} onHover={setHovered} isInitial={false} />
    </div>
  );
}
