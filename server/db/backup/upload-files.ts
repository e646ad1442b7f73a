import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface UploadFile {
  name: string;
  path: string;
  bytes: number;
  mtime: Date;
}

/** The upload files (DATA_DIR/uploads holds them flat, server/services/uploads), by name; [] when there is none. */
export function uploadFiles(dir: string): UploadFile[] {
  if (!existsSync(dir)) return [];
  const files: UploadFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(dir, entry.name);
    const stat = statSync(full);
    files.push({ name: entry.name, path: full, bytes: stat.size, mtime: stat.mtime });
  }
  return files.sort((a, b) => a.name.localeCompare(b.name));
}
