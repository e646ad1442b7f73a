import { ZQuestionId } from '../../../schemas/api/question';
import { own } from '../../../schemas/subjects/base';
import { msg, type SubjectMessage } from '../../../schemas/subjects/messages';
import { subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import { extensionOf, type TFileUploadSubject } from '../../../schemas/subjects/types/file-upload';
import type { TSignatureSubject } from '../../../schemas/subjects/types/signature';
import type { Query } from '../../db/client';
import { badInput } from '../errors';
import { sha256 } from '../crypto';
import type { Deps } from '../deps';
import type { AuthUser } from '../access/sessions.service';
import { answerableProject, checkEntry } from '../access/answer-entry.service';
import { viewUrl } from './upload-access.service';
import { storeFile, storeImage, type UploadOwner } from './uploads.service';
import { col, defineSql } from '../../db/sql';

/** A signature is a small drawing: a phone's canvas PNG is tens of KB. */
export const SIGNATURE_MAX_BYTES = 2 * 1024 * 1024;

type TUploadSubject = TFileUploadSubject | TSignatureSubject;

export interface TUploadTarget {
  questionId: string;
  projectId: number;
  subject: TUploadSubject;
}

/**
 * The start of the stored name of every upload made for one subject of one project. The uploads table has no
 * project or subject column, so the scope travels in the name: a fixed-length digest, then "-", then the
 * random part — unambiguous, and it tells nothing about the project to whoever sees the address.
 */
export const uploadScope = (questionId: string, subjectUuid: string): string => `a${sha256(`${questionId}\u0001${subjectUuid}`).slice(0, 24)}-`;

const isUploadSubject = (s: TSubject): s is TUploadSubject => subjectEntry(s.subjectType).uploads;

const uploadTargetSql = defineSql(
  'answer-uploads.uploadTarget',
  { config: col.json.as<TSubject>() },
  'SELECT config FROM subjects WHERE project_id = $1 AND uuid = $2 AND deleted_at IS NULL',
);

/**
 * Who may upload for a subject: the project is collecting now (not paused, inside its window), the caller may
 * answer it (login, whitelist, password as for submitting), and the subject is a file or signature subject.
 */
export async function uploadTarget(
  deps: Deps,
  user: AuthUser | null,
  fields: { questionId: string; subjectId: string; password: string | undefined; ip: string },
): Promise<TUploadTarget> {
  if (!ZQuestionId.safeParse(fields.questionId).success) throw badInput('questionId: 项目编号无效', 'questionId');
  if (!fields.subjectId || fields.subjectId.length > 64) throw badInput('subjectId: 缺少题目编号', 'subjectId');
  const { query } = deps.database;
  const { project, settings } = await answerableProject(query, fields.questionId, deps.now());
  await checkEntry(query, settings, user, fields.password, { database: deps.database, limits: deps.limits, projectId: project.id, ip: fields.ip });
  const rows = await uploadTargetSql.run(query, [project.id, fields.subjectId]);
  const subject = rows[0]?.config;
  if (!subject || !isUploadSubject(subject)) throw badInput('subjectId: 该题不是文件上传或签名题', 'subjectId');
  return { questionId: project.public_id, projectId: project.id, subject };
}

/**
 * Store one upload under its subject's rules: a file subject's own extensions and size limit, a signature as a
 * decoded image of at most 2 MB. (The number of files is a property of the answer: the submit checks it.)
 * `charge` takes the upload allowance once the file passed those checks, before anything is written.
 */
export async function storeAnswerUpload(
  deps: Deps,
  userId: number | null,
  target: TUploadTarget,
  file: { buffer: Buffer; filename: string },
  charge: (bytes: number) => Promise<void>,
): Promise<{ fileName: string; fileUrl: string; fileSize: number; viewUrl: string }> {
  const { subject } = target;
  const owner: UploadOwner = {
    kind: 'answer',
    projectId: target.projectId,
    subjectUuid: subject.uuid,
    namePrefix: uploadScope(target.questionId, subject.uuid),
  };
  const withView = (stored: { fileName: string; fileUrl: string; fileSize: number }) => ({
    ...stored,
    viewUrl: viewUrl(deps.secret, stored.fileUrl.slice('/uploads/'.length), deps.now()),
  });
  if (subject.subjectType === SUBJECT_TYPE.signature) {
    if (file.buffer.length > SIGNATURE_MAX_BYTES) throw badInput('file: 签名图片不能超过2MB', 'file');
    await charge(file.buffer.length);
    const image = await storeImage(deps, userId, file, 0, owner);
    return withView({ fileName: file.filename.slice(0, 200), fileUrl: image.url, fileSize: image.size });
  }
  if (subject.accept.length && !subject.accept.includes(extensionOf(file.filename))) {
    throw badInput(`file: ${msg.fileType(file.filename, subject.accept, '0').message}`, 'file');
  }
  if (file.buffer.length > subject.maxSizeMb * 1024 * 1024) throw badInput(`file: ${msg.fileSize(file.filename, subject.maxSizeMb, '0').message}`, 'file');
  await charge(file.buffer.length);
  return withView(await storeFile(deps, userId, file, owner, subject.accept));
}

interface TFileRef {
  fileUrl: string;
  fileName?: unknown;
}

const fileRefs = (subject: TUploadSubject, raw: unknown): TFileRef[] => {
  const isRef = (x: unknown): x is TFileRef => typeof x === 'object' && x !== null && typeof (x as TFileRef).fileUrl === 'string';
  if (subject.subjectType === SUBJECT_TYPE.fileUpload) return Array.isArray(raw) ? raw.filter(isRef) : [];
  return isRef(raw) ? [raw] : [];
};

const UPLOAD_URL = /^\/uploads\/([\w-]+\.[a-z0-9]{1,10})$/;

const withStoredUploadsSql = defineSql(
  'answer-uploads.withStoredUploads',
  { name: col.text, original_name: col.text, size: col.int },
  `UPDATE uploads SET used_at = now(), submission_id = CASE WHEN sheet_id IS NULL THEN $2 ELSE submission_id END
         WHERE name = ANY($1::text[]) AND kind = 'answer' RETURNING name, original_name, size`,
);

/**
 * File and signature answers must point at uploads made for that subject of that project; a file's size and
 * name are the stored ones, never what the client says. Returns the answers to validate, or the first subject
 * (in the given order) whose files are not its own, with the message for the respondent.
 *
 * The uploads found are marked as offered by this submission now (`submission_id`, `used_at`): the cleanup job
 * links them to the sheet once it is stored, and leaves a file a submit is using alone (upload-cleanup.ts).
 */
export async function withStoredUploads(
  query: Query,
  questionId: string,
  subjects: readonly TSubject[],
  answers: Readonly<Record<string, unknown>>,
  submissionId: string,
): Promise<{ answers: Readonly<Record<string, unknown>>; problem: { uuid: string; message: SubjectMessage } | null }> {
  const wanted = subjects
    .filter(isUploadSubject)
    .map((s) => ({ subject: s, refs: fileRefs(s, own(answers, s.uuid)) }))
    .filter((w) => w.refs.length);
  if (!wanted.length) return { answers, problem: null };
  const names = wanted.flatMap((w) => w.refs.map((r) => UPLOAD_URL.exec(r.fileUrl)?.[1] ?? '')).filter(Boolean);
  // A file already held by a sheet keeps that sheet's submission (a retried submit of that sheet is the same one).
  const rows = names.length ? await withStoredUploadsSql.run(query, [names, submissionId]) : [];
  const stored = new Map(rows.map((r) => [r.name, r]));
  const out: Record<string, unknown> = { ...answers };
  for (const { subject, refs } of wanted) {
    const scope = uploadScope(questionId, subject.uuid);
    const seen = new Set<string>();
    for (const [i, ref] of refs.entries()) {
      const name = UPLOAD_URL.exec(ref.fileUrl)?.[1];
      const upload = name?.startsWith(scope) ? stored.get(name) : undefined;
      const shown = typeof ref.fileName === 'string' && ref.fileName ? ref.fileName : (upload?.original_name ?? ref.fileUrl.slice(-40));
      const part = String((ref as { fileIndex?: unknown }).fileIndex ?? i);
      if (!upload)
        return {
          answers: out,
          problem: { uuid: subject.uuid, message: subject.subjectType === SUBJECT_TYPE.signature ? msg.signature() : msg.fileNotUploaded(shown, part) },
        };
      if (seen.has(upload.name)) return { answers: out, problem: { uuid: subject.uuid, message: msg.fileDuplicate(upload.original_name, part) } };
      seen.add(upload.name);
    }
    // Only the answer's own fields are kept (not, say, the short-lived view address the upload handed out).
    if (subject.subjectType === SUBJECT_TYPE.fileUpload) {
      const raw = own(answers, subject.uuid) as unknown[];
      out[subject.uuid] = raw.map((f) => {
        const upload = typeof f === 'object' && f !== null ? stored.get(UPLOAD_URL.exec(String((f as TFileRef).fileUrl))?.[1] ?? '') : undefined;
        return upload
          ? { fileName: upload.original_name, fileUrl: (f as TFileRef).fileUrl, fileIndex: (f as { fileIndex?: unknown }).fileIndex, fileSize: upload.size }
          : f;
      });
    } else {
      const ref = own(answers, subject.uuid) as TFileRef;
      out[subject.uuid] = typeof ref.fileName === 'string' ? { fileUrl: ref.fileUrl, fileName: ref.fileName } : { fileUrl: ref.fileUrl };
    }
  }
  return { answers: out, problem: null };
}

/**
 * 清空数据: the project's sheets are about to be deleted, so its uploads are held by none (linked_at stays):
 * the cleanup job removes them at its next run. One statement in the clear's transaction (no foreign key from
 * uploads to sheets: its per-row trigger made deleting many sheets several times slower).
 */
export async function releaseProjectUploads(query: Query, projectId: number): Promise<void> {
  await query('UPDATE uploads SET sheet_id = NULL WHERE project_id = $1 AND sheet_id IS NOT NULL', [projectId]);
}
