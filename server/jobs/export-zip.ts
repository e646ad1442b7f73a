import path from 'node:path';
import type { Writable } from 'node:stream';
import type { TReportFilter } from '../../schemas/api/report';
import { subjectEntry } from '../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../schemas/subjects/subject-types';
import type { Query } from '../db/client';
import { AppError } from '../services/errors';
import type { ProjectRow } from '../db/rows';
import { Params, compileFilter } from '../services/report/report-filter';
import { reportSubjects } from '../services/report/report-subjects';
import { safeEntryName, uploadedFile, zipStream } from './zip-stream';
import { col, defineSql } from '../db/sql';

const BATCH = 500;

interface FileRef {
  fileName: string;
  fileUrl: string;
}

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

/** Each sheet's answers to the upload subjects `keys` (a text[] parameter), by id after `after`, `limit` at a time. */
const filesSql = defineSql(
  'export-zip.files',
  { id: col.int, files: col.json.as<Record<string, unknown>>().orNull() },
  (where: string, keys: string, after: string, limit: string) =>
    `SELECT a.id, (SELECT jsonb_object_agg(k, a.answers -> k) FROM unnest(${keys}::text[]) AS k WHERE a.answers ? k) AS files
       FROM answer_sheets a WHERE ${where} AND a.id > ${after} ORDER BY a.id LIMIT ${limit}`,
  [['a.project_id = $1', '$2', '$3', '$4']],
);

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
  const zip = zipStream(out);
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
    const rows = await filesSql.run(query, p.values, where, keys, after, limit);
    if (!rows.length) break;
    for (const row of rows) {
      n += 1;
      for (const [uuid, answer] of Object.entries(row.files ?? {})) {
        for (const ref of filesOf(typeOf.get(uuid) ?? 0, answer)) {
          const name = unique(`${n}_${numberOf.get(uuid)}_${safeEntryName(ref.fileName)}`, used);
          const found = await uploadedFile(uploadsDir, ref.fileUrl);
          if ('missing' in found) {
            missing.push(`第${n}份答卷 第${numberOf.get(uuid)}题 ${ref.fileName}：${found.missing === 'gone' ? '文件已不存在' : '文件不在本站'}`);
            continue;
          }
          await zip.addFile(name, found.file);
          files += 1;
        }
      }
    }
    last = rows[rows.length - 1]!.id;
    await progress(n);
  }
  if (!files) throw new AppError('404', '所选答卷中没有上传的文件或签名');
  if (missing.length) zip.addNote('未能打包的文件.txt', missing);
  // The last chunk ends `out`; a full buffer no longer emits 'drain' then: the caller waits for 'finish'.
  zip.end();
  return { files };
}
