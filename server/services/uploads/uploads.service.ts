import { FILE_UPLOAD_MAX_MB } from '../../../schemas/subjects/types/file-upload';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { badInput } from '../errors';
import { randomToken } from '../crypto';
import type { Deps } from '../deps';
import { IMAGE_FORMATS, imageHeader, rasterTypeOf, reencodeImage } from './upload-images';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_MAX_BYTES = FILE_UPLOAD_MAX_MB * 1024 * 1024;

export const uploadsDir = (deps: Pick<Deps, 'env'>) => path.resolve(deps.env.DATA_DIR, 'uploads');

/**
 * Whose an upload is: a public picture (a creator's, or a check-in photo, whose name starts with its participant's
 * scope), or a respondent's private file of one subject of a project.
 */
export type UploadOwner = { kind: 'image'; namePrefix?: string } | { kind: 'answer'; projectId: number; subjectUuid: string; namePrefix: string };

/**
 * Read an uploaded file's bytes, at most `max`: null when there are more, decided on the bytes counted here
 * (not on how the stream happened to be cut). The rest of an oversized body is read and dropped, so the
 * client, still sending, gets the answer instead of a reset connection.
 */
export async function readLimited(file: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total <= max) chunks.push(chunk);
    else chunks.length = 0;
  }
  return total > max ? null : Buffer.concat(chunks, total);
}

async function record(
  deps: Deps,
  owner: UploadOwner,
  userId: number | null,
  file: { name: string; originalName: string; mime: string; data: Buffer },
): Promise<void> {
  await mkdir(uploadsDir(deps), { recursive: true });
  await writeFile(path.join(uploadsDir(deps), file.name), file.data);
  const answer = owner.kind === 'answer' ? owner : null;
  await deps.database.query(
    'INSERT INTO uploads (name, user_id, original_name, mime, size, kind, project_id, subject_uuid) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [file.name, userId, file.originalName.slice(0, 200), file.mime, file.data.length, owner.kind, answer?.projectId ?? null, answer?.subjectUuid ?? null],
  );
}

/**
 * Store an uploaded image: its header checked first (format, and pixels: a decompression bomb is refused
 * before decoding), then decoded by sharp (so a renamed script or an SVG is refused), optionally rotated,
 * re-encoded without its metadata, saved under a random name.
 */
export async function storeImage(
  deps: Deps,
  userId: number | null,
  file: { buffer: Buffer; filename: string },
  rotate: number,
  owner: UploadOwner = { kind: 'image' },
): Promise<{ url: string; width: number; height: number; size: number }> {
  const header = await imageHeader(file.buffer);
  const format = IMAGE_FORMATS[header.format]!;
  const { data, width, height } = await reencodeImage(file.buffer, header.format, rotate);
  const name = `${owner.namePrefix ?? ''}${randomToken(18)}.${format.ext}`;
  await record(deps, owner, userId, { name, originalName: file.filename, mime: format.mime, data });
  return { url: `/uploads/${name}`, width, height, size: data.length };
}

/** Extensions a file subject accepts (spec §9 media, plus office documents, PDF and archives). */
export const FILE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  mp4: 'video/mp4',
  flv: 'video/x-flv',
  wmv: 'video/x-ms-wmv',
  '3gp': 'video/3gpp',
  avi: 'video/x-msvideo',
  mp3: 'audio/mpeg',
  wma: 'audio/x-ms-wma',
  wav: 'audio/wav',
  amr: 'audio/amr',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
};

/**
 * The type a respondent's file is stored (and served) with: its extension's, except that an image type is
 * kept only when the bytes really are that image — a page named .png is stored as a download, never shown.
 */
export function fileTypeOf(ext: string, buffer: Buffer, accept: readonly string[]): string | undefined {
  const mime = FILE_TYPES[ext] ?? (accept.includes(ext) ? 'application/octet-stream' : undefined);
  if (!mime?.startsWith('image/') || mime === 'image/bmp') return mime;
  return rasterTypeOf(buffer) === mime ? mime : 'application/octet-stream';
}

/**
 * Store a respondent's file as sent. Extensions of the global list, or any the subject itself accepts (stored
 * as application/octet-stream). Served to the project's members only; inline only when it is a real raster image.
 */
export async function storeFile(
  deps: Deps,
  userId: number | null,
  file: { buffer: Buffer; filename: string },
  owner: Extract<UploadOwner, { kind: 'answer' }>,
  accept: readonly string[],
): Promise<{ fileName: string; fileUrl: string; fileSize: number }> {
  const ext = /\.([a-z0-9]{1,10})$/i.exec(file.filename)?.[1]?.toLowerCase() ?? '';
  const mime = ext ? fileTypeOf(ext, file.buffer, accept) : undefined;
  if (!mime) throw badInput('file: 不支持的文件类型', 'file');
  if (!file.buffer.length) throw badInput('file: 文件为空', 'file');
  const name = `${owner.namePrefix}${randomToken(18)}.${ext}`;
  await record(deps, owner, userId, { name, originalName: file.filename, mime, data: file.buffer });
  return { fileName: file.filename.slice(0, 200), fileUrl: `/uploads/${name}`, fileSize: file.buffer.length };
}
