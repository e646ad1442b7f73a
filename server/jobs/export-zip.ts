import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { TReportFilter } from '../../schemas/api/report';
import { subjectEntry } from '../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../schemas/subjects/subject-types';
import type { Query } from '../db/client';
import { AppError } from '../http/errors';
import type { ProjectRow } from '../db/rows';
import { Params, compileFilter } from '../services/report/report-filter';
import { reportSubjects } from '../services/report/report-subjects';

/** Formats that are compressed already: stored as they are, so zipping never re-deflates a video. */
const STORED = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'mp4',
  'flv',
  'wmv',
  '3gp',
  'avi',
  'mp3',
  'wma',
  'amr',
  'm4a',
  'aac',
  'zip',
  'rar',
  'docx',
  'xlsx',
  'pptx',
  'pdf',
]);
const LOCAL = /^\/uploads\/([\w-]+\.[a-z0-9]{1,10})$/;
const BATCH = 500;

interface FileRef {
  fileName: string;
  fileUrl: string;
}

/** An entry name without folders or characters file systems refuse; the extension is kept. */
export const safeEntryName = (name: string): string =>
  [...name]
    .map((ch) => (ch.charCodeAt(0) < 0x20 ? '_' : ch))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(-120) || '文件';

function filesOf(subjectType: number, answer: unknown): FileRef[] {
  if (subjectType === SUBJECT_TYPE.fileUpload && Array.isArray(answer)) {
    return answer
      .filter((f): f is FileRef => typeof f?.fileUrl === 'string')
      .map((f) => ({ fileUrl: f.fileUrl, fileName: typeof f.fileName === 'string' && f.fileName ? f.fileName : path.basename(f.fileUrl) }));
  }
  const one = answer as Partial<FileRef> | null;
  if (subjectType === SUBJECT_TYPE.signature && typeof one?.fileUrl === 'string') {
    const ext = path.extname(one.fileUrl) || '.png';
    return [{ fileUrl: one.fileUrl, fileName: one.fileName || `签名${ext}` }];
  }
  return [];
}

/** "name.ext" → "name (2).ext" until unused. */
function unique(name: string, used: Set<string>): string {
  let candidate = name;
  const ext = path.extname(name);
  for (let i = 2; used.has(candidate); i += 1) candidate = `${name.slice(0, name.length - ext.length)} (${i})${ext}`;
  used.add(candidate);
  return candidate;
}

/**
 * Every uploaded file and signature (types with the `uploads` trait) of the sheets in the filter, named
 * `<sheet number>_<subject number>_<original name>` with UTF-8 names (fflate sets the language flag). The
 * sheet number is the row number of the Excel export of the same filter. Files that are gone or live
 * elsewhere are listed in 未能打包的文件.txt. Reads sheets in keyset batches; streams each file.
 */
export async function writeUploadsZip(
  query: Query,
  uploadsDir: string,
  project: ProjectRow,
  filter: TReportFilter | undefined,
  out: Writable,
  progress: (sheetsDone: number) => Promise<void>,
): Promise<{ files: number }> {
  const subjects = (await reportSubjects(query, project.id)).filter(({ subject }) => subjectEntry(subject.subjectType).uploads);
  const numberOf = new Map(subjects.map(({ subject, index }, i) => [subject.uuid, index ?? i + 1]));
  const typeOf = new Map(subjects.map(({ subject }) => [subject.uuid, subject.subjectType]));
  const zip = new Zip();
  let failure: Error | null = null;
  let draining = false;
  zip.ondata = (error, chunk, final) => {
    if (error) failure = error;
    else if (!out.write(chunk)) draining = true;
    if (final) out.end();
  };
  const flush = async () => {
    if (failure) throw failure;
    if (draining) {
      draining = false;
      await once(out, 'drain');
    }
  };
  const used = new Set<string>();
  const missing: string[] = [];
  let files = 0;

  const p = new Params();
  const where = await compileFilter(query, project.id, filter, p);
  const keys = p.add(subjects.map(({ subject }) => subject.uuid));
  const after = p.add(0);
  const limit = p.add(BATCH);
  let last = 0;
  let n = 0;
  for (;;) {
    p.values[Number(after.slice(1)) - 1] = last;
    const rows = await query<{ id: number; files: Record<string, unknown> | null }>(
      `SELECT a.id, (SELECT jsonb_object_agg(k, a.answers -> k) FROM unnest(${keys}::text[]) AS k WHERE a.answers ? k) AS files
       FROM answer_sheets a WHERE ${where} AND a.id > ${after} ORDER BY a.id LIMIT ${limit}`,
      p.values,
    );
    if (!rows.length) break;
    for (const row of rows) {
      n += 1;
      for (const [uuid, answer] of Object.entries(row.files ?? {})) {
        for (const ref of filesOf(typeOf.get(uuid) ?? 0, answer)) {
          const name = unique(`${n}_${numberOf.get(uuid)}_${safeEntryName(ref.fileName)}`, used);
          const local = LOCAL.exec(ref.fileUrl)?.[1];
          const file = local ? path.join(uploadsDir, local) : null;
          if (!file || !(await stat(file).catch(() => null))?.isFile()) {
            missing.push(`第${n}份答卷 第${numberOf.get(uuid)}题 ${ref.fileName}：${local ? '文件已不存在' : '文件不在本站'}`);
            continue;
          }
          const ext = path.extname(name).slice(1).toLowerCase();
          const entry = STORED.has(ext) ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
          zip.add(entry);
          for await (const chunk of createReadStream(file)) {
            entry.push(chunk as Uint8Array);
            await flush();
          }
          entry.push(new Uint8Array(0), true);
          await flush();
          files += 1;
        }
      }
    }
    last = rows[rows.length - 1]!.id;
    await progress(n);
  }
  if (!files) throw new AppError('404', '所选答卷中没有上传的文件或签名');
  if (missing.length) {
    const note = new ZipDeflate('未能打包的文件.txt', { level: 6 });
    zip.add(note);
    note.push(new TextEncoder().encode(`\uFEFF${missing.join('\r\n')}\r\n`), true);
  }
  zip.end();
  // The last chunk ended `out`; a full buffer no longer emits 'drain' then: the caller waits for 'finish'.
  if (failure) throw failure;
  return { files };
}
