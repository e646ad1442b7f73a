import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Debian's fonts-noto-cjk: a collection whose Simplified Chinese face is this PostScript name. */
export const CJK_FONT_FILE = 'NotoSansCJK-Regular.ttc';
export const CJK_FONT_FACE = 'NotoSansCJKsc-Regular';
export const FONT_DIRS = ['/usr/share/fonts'];
export const FONT_MISSING_MESSAGE = '服务器未安装中文字体（Debian 软件包 fonts-noto-cjk），无法生成 PDF，请联系管理员安装后重试';

const KNOWN = ['opentype/noto', 'truetype/noto', 'noto-cjk', 'google-noto-cjk'];

/** The .ttc path: the usual Debian places first, then a walk (four levels deep) under each font folder. */
export function findCjkFont(dirs: readonly string[] = FONT_DIRS): string | null {
  for (const dir of dirs) {
    for (const sub of KNOWN) {
      const file = path.join(dir, sub, CJK_FONT_FILE);
      if (existsSync(file)) return file;
    }
  }
  for (const dir of dirs) {
    const found = walk(dir, 4);
    if (found) return found;
  }
  return null;
}

function walk(dir: string, depth: number): string | null {
  if (depth < 0) return null;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return null;
  }
  for (const e of entries) if (e.isFile() && e.name === CJK_FONT_FILE) return path.join(dir, e.name);
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const found = walk(path.join(dir, e.name), depth - 1);
    if (found) return found;
  }
  return null;
}
