import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths';

/**
 * The first start's database (issue 54 item 5). Creating a PGlite database runs initdb in WebAssembly (3.7 s of a
 * 7–8.5 s first start), then every migration and the catalogues' seed. `npm run build` does that once
 * (scripts/pglite-template.ts) and keeps the data directory as a tar beside dist/server.mjs, with a manifest naming
 * the migrations it holds. A start whose data directory holds no database unpacks that tar instead — but only when
 * the manifest's migrations are exactly the journal's (same tags, same file contents) and its PGlite version is
 * this one's: a template built before a migration was added or changed is ignored, never trusted, and the start
 * creates the database as before. Later starts never look at it.
 */
export const TEMPLATE_TAR = path.join(ROOT, 'dist', 'pglite-template.tar');
export const TEMPLATE_MANIFEST = path.join(ROOT, 'dist', 'pglite-template.json');

export interface TemplateManifest {
  pglite: string;
  /** The journal's migrations, in order, each with the sha-256 of its SQL file (16 hex digits). */
  migrations: string[];
}

/** What this code's database is: the PGlite version and the journal's migrations with their contents. */
export function currentManifest(migrationsDir: string): TemplateManifest {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const migrations = journal.entries.map((entry) => {
    const sql = readFileSync(path.join(migrationsDir, `${entry.tag}.sql`));
    return `${entry.tag} ${createHash('sha256').update(sql).digest('hex').slice(0, 16)}`;
  });
  return { pglite: pgliteVersion(), migrations };
}

function pgliteVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** Why the template cannot serve this code, or null when it can. */
export function templateMismatch(template: TemplateManifest, current: TemplateManifest): string | null {
  if (template.pglite !== current.pglite) return `it was made by PGlite ${template.pglite}, this is ${current.pglite}`;
  const length = Math.max(template.migrations.length, current.migrations.length);
  for (let i = 0; i < length; i++) {
    const made = template.migrations[i];
    const wanted = current.migrations[i];
    if (made === wanted) continue;
    if (!made) return `it was built before migration ${wanted!.split(' ')[0]}`;
    if (!wanted) return `it holds migration ${made.split(' ')[0]}, which this code does not have`;
    return `its migration ${made.split(' ')[0]} differs from this code's ${wanted.split(' ')[0]}`;
  }
  return null;
}

/** The template a start takes (PGLITE_TEMPLATE): the build's, another tar with its manifest beside it, or none ('0'). */
export function templateFiles(setting: string | undefined, migrationsDir: string): TemplateFiles | undefined {
  if (setting === '0') return undefined;
  if (!setting || setting === '1') return { tar: TEMPLATE_TAR, manifest: TEMPLATE_MANIFEST, migrationsDir };
  const tar = path.resolve(setting);
  return { tar, manifest: tar.replace(/(\.tar)?$/, '.json'), migrationsDir };
}

export type TemplateOutcome = { loaded: true } | { loaded: false; reason: string };

export interface TemplateFiles {
  tar: string;
  manifest: string;
  migrationsDir: string;
}

/**
 * Puts the template's database in `dataDir` when that holds none yet (absent or an empty directory) and the
 * template fits this code. Unpacked beside it and renamed into place, so a start stopped half-way leaves no
 * half database that the next start would take for a real one.
 */
export function placeTemplate(dataDir: string, files: TemplateFiles): TemplateOutcome | null {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return null;
  if (!existsSync(files.tar) || !existsSync(files.manifest)) return { loaded: false, reason: 'the build has no template' };
  let made: TemplateManifest;
  try {
    made = JSON.parse(readFileSync(files.manifest, 'utf8')) as TemplateManifest;
  } catch {
    return { loaded: false, reason: 'its manifest is unreadable' };
  }
  const mismatch = templateMismatch(made, currentManifest(files.migrationsDir));
  if (mismatch) return { loaded: false, reason: mismatch };
  const unpacking = `${dataDir}.unpacking-${process.pid}`;
  rmSync(unpacking, { recursive: true, force: true });
  try {
    untar(readFileSync(files.tar), unpacking);
    if (!existsSync(path.join(unpacking, 'PG_VERSION'))) return { loaded: false, reason: 'its tar holds no database' };
    rmSync(dataDir, { recursive: true, force: true }); // an empty directory, checked above
    mkdirSync(path.dirname(dataDir), { recursive: true });
    renameSync(unpacking, dataDir);
    return { loaded: true };
  } finally {
    rmSync(unpacking, { recursive: true, force: true });
  }
}

interface TarEntry {
  name: string;
  /** '0' a regular file, '5' a directory (others are skipped). */
  type: string;
  /** The entry as it stands in the archive: its header and its data blocks. */
  whole: Buffer;
  data: Buffer;
}

/** The entries of a ustar archive (PGlite's dumpDataDir('none')), in order. */
function* tarEntries(tar: Buffer): Generator<TarEntry> {
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) return; // the archive's end
    const field = (start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    yield {
      name: (prefix ? `${prefix}/` : '') + field(0, 100),
      type: field(156, 1) || '0',
      whole: tar.subarray(at, end),
      data: tar.subarray(at + 512, at + 512 + size),
    };
    at = end;
  }
}

const WAL_SEGMENT = /(^|\/)pg_wal\/([0-9A-F]{24})$/;

/**
 * The template's archive without the WAL segments a start of it never reads: after the build's CHECKPOINT only the
 * segments from the checkpoint's redo point to the current insert position matter; the others are finished ones
 * and recycled ones (old segments renamed ahead for later use, 16 MB each, full of old records), which PostgreSQL
 * makes again when it needs them. The current segment's unwritten end is zeros, which untar writes as a hole.
 */
export function withoutSpareWal(tar: Buffer, redo: string, current: string): Buffer {
  const kept: Buffer[] = [];
  for (const entry of tarEntries(tar)) {
    const segment = WAL_SEGMENT.exec(entry.name)?.[2];
    if (segment && (segment < redo || segment > current)) continue;
    kept.push(entry.whole);
  }
  return Buffer.concat([...kept, Buffer.alloc(1024)]);
}

const ZEROS = Buffer.alloc(64 * 1024);

/** Where the trailing zeros of `blocks` (an entry's data blocks, whole 512-byte blocks) begin. */
function zeroTail(blocks: Buffer): number {
  let end = blocks.length;
  while (end >= ZEROS.length && blocks.subarray(end - ZEROS.length, end).equals(ZEROS)) end -= ZEROS.length;
  while (end >= 512 && blocks.subarray(end - 512, end).equals(ZEROS.subarray(0, 512))) end -= 512;
  return end;
}

/**
 * Unpacks a ustar archive (PGlite's dumpDataDir('none')) into `dir`: regular files and directories, nothing else;
 * a name leaving `dir` is refused. A file's trailing zeros (the current WAL segment's unwritten end, empty pages)
 * are not written: the file is cut to its size, which reads as zeros (a hole), 30 % fewer bytes written.
 */
export function untar(tar: Buffer, dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const root = path.resolve(dir);
  for (const entry of tarEntries(tar)) {
    const target = path.resolve(root, entry.name.replace(/^\/+/, ''));
    if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`template tar: ${entry.name} is outside the data directory`);
    if (entry.type === '5') mkdirSync(target, { recursive: true, mode: 0o700 });
    else if (entry.type === '0') {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      const written = Math.min(zeroTail(entry.whole.subarray(512)), entry.data.length);
      writeFileSync(target, entry.data.subarray(0, written), { mode: 0o600 });
      if (written < entry.data.length) truncateSync(target, entry.data.length);
    }
  }
}
