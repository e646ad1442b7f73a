import { fileToBase64 } from '../../ui/base64-files';
import type { TTransferFormat } from '../../api/transfer';

/** The server reads at most this much content (schemas/api/transfer.ts: 3 MB of text or base64). */
const MAX_BYTES = 2_200_000;

export interface TPickedFile {
  name: string;
  format: TTransferFormat;
  content: string;
}

/** A picked file read for the transfer calls: .xlsx as base64; .json as text, ours or SurveyJS by its `format`. */
export async function readTransferFile(file: File): Promise<TPickedFile> {
  if (file.size > MAX_BYTES) throw new Error('文件过大，请控制在 2MB 以内');
  if (/\.xlsx$/i.test(file.name)) return { name: file.name, format: 'excel', content: await fileToBase64(file) };
  if (!/\.json$/i.test(file.name)) throw new Error('请选择 .json 或 .xlsx 文件');
  const content = await file.text();
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    throw new Error('文件不是有效的 JSON');
  }
  const ours = typeof data === 'object' && data !== null && (data as { format?: unknown }).format === 'wenjuan-project';
  return { name: file.name, format: ours ? 'wenjuan' : 'surveyjs', content };
}

export const FORMAT_LABELS: Record<TTransferFormat, string> = { wenjuan: '完整 JSON', surveyjs: 'SurveyJS JSON', excel: '题目 Excel' };

/** Save an export the server sent: JSON text or base64 bytes. */
export function saveExport(file: { fileName: string; content: string; encoding: 'utf8' | 'base64'; mediaType: string }): void {
  const body = file.encoding === 'base64' ? Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0)) : file.content;
  const url = URL.createObjectURL(new Blob([body], { type: file.mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
