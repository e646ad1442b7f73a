import { useQuery } from '@tanstack/react-query';
import { Copy, Download, Play } from 'lucide-react';
import { useId, useState } from 'react';
import type { TMachineEntry } from '../../../machines/registry';
import { exportPath } from '../../../machines/simulation/path-file';
import type { TFlowPath, TPathLists } from '../../../machines/simulation/paths';
import { stepSummary } from '../../../machines/simulation/simulate';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { ErrorState, LoadingState } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import styles from './dev-flows-styles';
import { fetchPathLists, fetchSimplePaths } from './paths-client';
import { copyPath, downloadPath } from './path-transfer';
import type { TLoadedPath } from './use-simulator';

/** Simple paths listed per target; the search stops there (login alone has thousands). */
export const SIMPLE_PATH_LIMIT = 50;

// Walking a machine takes up to seconds (the editor), in a worker, once per machine and page visit.
const listsQuery = (machine: string) => ({
  queryKey: ['dev-flows', 'lists', machine],
  queryFn: () => fetchPathLists(machine),
  staleTime: Infinity,
  retry: false,
});
const simpleQuery = (machine: string, target: string) => ({
  queryKey: ['dev-flows', 'simple', machine, target],
  queryFn: () => fetchSimplePaths(machine, target, SIMPLE_PATH_LIMIT),
  staleTime: Infinity,
  retry: false,
});

interface TRowsProps {
  entry: TMachineEntry;
  kind: string;
  paths: TFlowPath[];
  loaded: TLoadedPath | null;
  onReplay: (path: TLoadedPath) => void;
}

function PathRows({ entry, kind, paths, loaded, onReplay }: TRowsProps) {
  if (!paths.length) return <p className={styles.muted}>没有路径。</p>;
  return (
    <ol className={styles.paths} aria-label={kind}>
      {paths.map((path) => {
        const name = `${kind} → ${path.target}`;
        const file = () => exportPath(entry, path.steps, name);
        return (
          <li key={path.id} className={cx(styles.pathRow, loaded?.name === name && styles.pathLoaded)} data-path-id={path.id}>
            <div className={styles.pathMain}>
              <p className={styles.pathHead}>
                <code className={styles.mono}>{path.target}</code>
                <span className={styles.count}>{path.steps.length} 步</span>
              </p>
              <p className={styles.pathSteps} title={path.steps.map(stepSummary).join(' → ')}>
                {path.steps.map(stepSummary).join(' → ') || '（初始状态）'}
              </p>
            </div>
            <div className={styles.pathActions}>
              <Button size="sm" variant="soft" onClick={() => onReplay({ name, steps: path.steps })} aria-label={`重放 ${name}`}>
                <Play size={12} aria-hidden />
                重放
              </Button>
              <Button size="sm" variant="ghost" icon onClick={() => downloadPath(file())} aria-label={`下载 ${name}`} title="下载 JSON">
                <Download size={14} aria-hidden />
              </Button>
              <Button size="sm" variant="ghost" icon onClick={() => void copyPath(file())} aria-label={`复制 ${name}`} title="复制 JSON">
                <Copy size={14} aria-hidden />
              </Button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function SimplePaths({
  entry,
  lists,
  loaded,
  onReplay,
}: {
  entry: TMachineEntry;
  lists: TPathLists;
  loaded: TLoadedPath | null;
  onReplay: (path: TLoadedPath) => void;
}) {
  const id = useId();
  const [target, setTarget] = useState(lists.target);
  const query = useQuery(simpleQuery(entry.id, target));
  let body;
  if (query.isPending) body = <LoadingState compact label="正在查找路径…" />;
  else if (query.isError) body = <ErrorState compact title="路径计算失败" description={query.error.message} />;
  else
    body = (
      <>
        <p className={styles.note}>
          {query.data.truncated
            ? `不经过重复状态的路径很多，只列出最短的 ${query.data.paths.length} 条。`
            : `共 ${query.data.paths.length} 条不经过重复状态的路径。`}
        </p>
        <PathRows entry={entry} kind="简单路径" paths={query.data.paths} loaded={loaded} onReplay={onReplay} />
      </>
    );
  return (
    <>
      <div className={styles.targetRow}>
        <label htmlFor={id} className={styles.editorLabel}>
          终点状态
        </label>
        <select id={id} className={styles.select} value={target} onChange={(event) => setTarget(event.target.value)}>
          {lists.targets.map((label) => (
            <option key={label} value={label}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {body}
    </>
  );
}

/** Paths from @xstate/graph: the model tests' own paths, the shortest to every state, simple paths to a chosen one. */
export function PathsPanel({ entry, loaded, onReplay }: { entry: TMachineEntry; loaded: TLoadedPath | null; onReplay: (path: TLoadedPath) => void }) {
  const query = useQuery(listsQuery(entry.id));
  const listed = query.data;
  return (
    <section className={styles.card} aria-labelledby="flows-paths">
      <header className={styles.cardHead}>
        <h2 id="flows-paths" className={styles.cardTitle}>
          路径
        </h2>
        <span className={styles.muted}>由 @xstate/graph 按登记表的示例事件与调用结果生成</span>
      </header>
      {listed ? (
        <Tabs
          label="路径种类"
          defaultValue="shortest"
          tabs={[
            {
              value: 'shortest',
              label: `最短路径 ${listed.shortest.length}`,
              content: <PathRows entry={entry} kind="最短路径" paths={listed.shortest} loaded={loaded} onReplay={onReplay} />,
            },
            {
              value: 'test',
              label: `测试路径 ${listed.test.length}`,
              content: (
                <>
                  <p className={styles.note}>tests/machines/model.test.ts 在真实 actor 上逐条重放的路径，合起来走过每个转换。</p>
                  <PathRows entry={entry} kind="测试路径" paths={listed.test} loaded={loaded} onReplay={onReplay} />
                </>
              ),
            },
            { value: 'simple', label: '简单路径', content: <SimplePaths entry={entry} lists={listed} loaded={loaded} onReplay={onReplay} /> },
          ]}
        />
      ) : query.isError ? (
        <ErrorState compact title="路径计算失败" description={query.error.message} />
      ) : (
        <LoadingState compact label="正在遍历状态机…" />
      )}
    </section>
  );
}
