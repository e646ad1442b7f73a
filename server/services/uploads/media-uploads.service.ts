import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { ZQuestionId } from '../../../schemas/api/question';
import type { Database } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { randomToken } from '../crypto';
import type { Deps } from '../deps';
import { badInput, tooMany } from '../errors';
import { MEDIA_FORMATS, MEDIA_HEAD_BYTES, MEDIA_NAMES, mediaProblem, type TMediaKind } from './media-formats';
import { viewUrl } from './upload-access.service';
import type { TakeAllowance } from './upload-limits.service';
import { uploadsDir } from './uploads.service';

/** The largest video and audio a creator may upload (decisions: "Media uploads"). */
export const MEDIA_MAX_BYTES: Record<TMediaKind, number> = { video: 100 * 1024 * 1024, audio: 20 * 1024 * 1024 };

/** A creator's media in an hour: files and MB per account (on top of the body size limit of each file). */
export const MEDIA_LIMITS = { filesPerUserHour: 30, mbPerUserHour: 1_024 };

export const MEDIA_MESSAGES = {
  tooOften: '上传音视频太频繁，请稍后再试',
  tooLarge: (kind: TMediaKind) => `${MEDIA_NAMES[kind]}不能超过${MEDIA_MAX_BYTES[kind] / 1024 / 1024}MB`,
  empty: '文件为空',
};

/** The project a media file is for (edit power on it), or none (the uploader's own file). */
export async function mediaProjectId(database: Database, user: AuthUser, questionId: string): Promise<number | null> {
  if (!questionId) return null;
  if (!ZQuestionId.safeParse(questionId).success) throw badInput('questionId: 项目编号无效', 'questionId');
  const { project } = await accessProject(database.query, user, questionId, 'edit');
  return project.id;
}

/**
 * Write a stream to `target`, at most `max` bytes: the byte count, or null when there were more (the file is
 * removed; the rest of the body is read and dropped so the client gets the answer, as readLimited does).
 */
async function writeLimited(file: Readable, target: string, max: number): Promise<number | null> {
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      total += chunk.length;
      done(null, total <= max ? chunk : undefined);
    },
  });
  await pipeline(file, counter, createWriteStream(target));
  if (total > max) {
    await rm(target, { force: true });
    return null;
  }
  return total;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(MEDIA_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, MEDIA_HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface TMediaUpload {
  kind: TMediaKind;
  userId: number;
  projectId: number | null;
  filename: string;
  file: Readable;
  /** Takes the allowance for the file's bytes once they are known (throws 429). */
  charge: (bytes: number) => Promise<void>;
}

/**
 * Store a video or audio: streamed to a temporary file (never held in memory), refused when larger than its limit,
 * when its extension is not one of the kind's, or when its first bytes are not that format's; then recorded as
 * 'media' under a random name, private (its project's members, its uploader, or the signed address returned).
 */
export async function storeMedia(deps: Deps, upload: TMediaUpload) {
  const dir = uploadsDir(deps);
  await mkdir(dir, { recursive: true });
  const ext = /\.([a-z0-9]{1,10})$/i.exec(upload.filename)?.[1]?.toLowerCase() ?? '';
  const tmp = path.join(dir, `.tmp-${randomToken(12)}`);
  try {
    const size = await writeLimited(upload.file, tmp, MEDIA_MAX_BYTES[upload.kind]);
    if (size === null) throw badInput(`file: ${MEDIA_MESSAGES.tooLarge(upload.kind)}`, 'file');
    if (size === 0) throw badInput(`file: ${MEDIA_MESSAGES.empty}`, 'file');
    const problem = mediaProblem(upload.kind, upload.filename, await readHead(tmp));
    if (problem) throw badInput(`file: ${problem}`, 'file');
    await upload.charge(size);
    const name = `m${randomToken(18)}.${ext}`;
    await rename(tmp, path.join(dir, name));
    await deps.database.query(`INSERT INTO uploads (name, user_id, original_name, mime, size, kind, project_id) VALUES ($1, $2, $3, $4, $5, 'media', $6)`, [
      name,
      upload.userId,
      upload.filename.slice(0, 200),
      MEDIA_FORMATS[ext]!.mime,
      size,
      upload.projectId,
    ]);
    return { fileName: upload.filename.slice(0, 200), url: `/uploads/${name}`, fileSize: size, viewUrl: viewUrl(deps.secret, name, deps.now()) };
  } finally {
    await rm(tmp, { force: true });
  }
}

const HOUR = 3_600;

/** A creator's media: files and KiB per account and hour, each one conditional statement (takeAllowance). */
export async function chargeMediaUpload(database: Database, take: TakeAllowance, userId: number, bytes: number): Promise<void> {
  if (!(await take(database, `media:user:${userId}`, 1, MEDIA_LIMITS.filesPerUserHour, HOUR))) throw tooMany(MEDIA_MESSAGES.tooOften);
  const kib = Math.max(1, Math.ceil(bytes / 1024));
  if (!(await take(database, `media:user-kib:${userId}`, kib, MEDIA_LIMITS.mbPerUserHour * 1024, HOUR))) throw tooMany(MEDIA_MESSAGES.tooOften);
}

const MEDIA_URL = /^\/uploads\/(m[\w-]+\.[a-z0-9]{1,10})$/;

/**
 * A video or audio block as its respondent receives it: an uploaded file's address carries a signed view token
 * (valid two hours, like a respondent's own file), so the private file plays on the answering page.
 */
export function withSignedMedia<S extends { subjectType: number }>(deps: Pick<Deps, 'secret' | 'now'>, subject: S): S {
  const url = (subject as { url?: unknown }).url;
  return typeof url === 'string' && MEDIA_URL.test(url) ? { ...subject, url: signedMediaUrl(deps, url) } : subject;
}

/**
 * An uploaded video or audio's address as the public receives it (a vote's player on the voting page): signed for
 * two hours like the answering page's blocks; any other address (a link, empty) unchanged.
 */
export function signedMediaUrl(deps: Pick<Deps, 'secret' | 'now'>, url: string): string {
  const name = MEDIA_URL.exec(url)?.[1];
  return name ? viewUrl(deps.secret, name, deps.now()) : url;
}
