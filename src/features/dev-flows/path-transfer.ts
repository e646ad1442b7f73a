import { pathFileText, type TFlowPathFile } from '../../../machines/simulation/path-file';
import { toast } from '../../ui/toast';

const fileName = (file: TFlowPathFile): string => `${file.machine}-${(file.name ?? 'path').replace(/[^\p{L}\p{N}.-]+/gu, '_').slice(0, 60)}.flow.json`;

/** Saves a flow as a .flow.json file. */
export function downloadPath(file: TFlowPathFile): void {
  const url = URL.createObjectURL(new Blob([pathFileText(file)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(file);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Copies a flow's JSON; without clipboard access (plain http) it says so instead. */
export async function copyPath(file: TFlowPathFile): Promise<void> {
  try {
    await navigator.clipboard.writeText(pathFileText(file));
    toast.success('已复制路径 JSON');
  } catch {
    toast.error('浏览器不允许复制，请用“下载”');
  }
}
