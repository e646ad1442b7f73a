import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { FileUp, Workflow } from 'lucide-react';
import { useState } from 'react';
import { findMachineEntry, machineRegistry } from '../../../machines/registry';
import type { TFlowPathFile } from '../../../machines/simulation/path-file';
import { devConfigQuery } from '../../api/dev';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { EmptyState, LoadingState } from '../../ui/states';
import styles from './dev-flows-styles';
import { FlowSimulator } from './flow-simulator';
import { ImportDialog } from './import-dialog';
import type { TLoadedPath } from './use-simulator';

/** Development builds always show the simulator; production builds ask the server (DEV_FLOWS). */
function useFlowsEnabled(): boolean | null {
  const dev = import.meta.env.DEV;
  const query = useQuery({ ...devConfigQuery(), enabled: !dev });
  if (dev) return true;
  if (query.isPending) return null;
  return query.data?.flows === true;
}

function MachineList({ current, onChoose }: { current: string; onChoose: (id: string) => void }) {
  return (
    <nav className={styles.machines} aria-label="状态机">
      <p className={styles.machinesTitle}>状态机 · {machineRegistry.length}</p>
      <ul>
        {machineRegistry.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className={cx(styles.machine, entry.id === current && styles.machineCurrent)}
              aria-current={entry.id === current ? 'true' : undefined}
              onClick={() => onChoose(entry.id)}
              title={entry.purpose.en}
            >
              <span className={styles.machineId}>{entry.id}</span>
              <span className={styles.machinePurpose}>{entry.purpose.zh}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Simulator() {
  const navigate = useNavigate();
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const entry = findMachineEntry(String(search.machine ?? '')) ?? machineRegistry[0]!;
  const [importing, setImporting] = useState(false);
  // Each import mounts a fresh simulator with the imported path loaded.
  const [imported, setImported] = useState<{ seq: number; machine: string; path: TLoadedPath } | null>(null);

  const show = (id: string) => void navigate({ to: '/dev/flows', search: { machine: id }, replace: true });
  const choose = (id: string) => {
    setImported(null);
    show(id);
  };
  const importFile = (file: TFlowPathFile): string | null => {
    if (!findMachineEntry(file.machine)) return `登记表中没有状态机「${file.machine}」`;
    setImported((last) => ({ seq: (last?.seq ?? 0) + 1, machine: file.machine, path: { name: file.name ?? '导入的路径', steps: file.steps } }));
    setImporting(false);
    if (file.machine !== entry.id) show(file.machine);
    return null;
  };
  const initialPath = imported?.machine === entry.id ? imported.path : null;

  return (
    <div className={styles.layout}>
      <MachineList current={entry.id} onChoose={choose} />
      <div className={styles.mainColumn}>
        <div className={styles.machineHead}>
          <div>
            <h2 className={styles.machineTitle}>{entry.id}</h2>
            <p className={styles.muted}>{entry.purpose.zh}</p>
          </div>
          <Button onClick={() => setImporting(true)}>
            <FileUp size={14} aria-hidden />
            导入路径
          </Button>
        </div>
        <FlowSimulator key={`${entry.id}:${initialPath ? imported!.seq : 0}`} entry={entry} initialPath={initialPath} />
      </div>
      <ImportDialog open={importing} onOpenChange={setImporting} onImport={importFile} />
    </div>
  );
}

/** /dev/flows: every registered machine as a diagram testers can drive, with stand-ins for server calls. */
export function DevFlowsPage() {
  const enabled = useFlowsEnabled();
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>
          <Workflow size={22} aria-hidden />
          流程模拟器
        </h1>
        <p className={styles.subtitle}>登记表中的每台状态机：看状态图，发送事件，为服务器调用选择结果，撤销与重放路径。模型测试读取同一份登记表。</p>
      </header>
      {enabled === null ? <LoadingState /> : null}
      {enabled === false ? <EmptyState icon={<Workflow size={32} />} title="流程模拟器未开启" description="生产环境中需在服务器上设置 DEV_FLOWS=1。" /> : null}
      {enabled ? <Simulator /> : null}
    </div>
  );
}

export default DevFlowsPage;
