import { FILE_UPLOAD_MAX_MB } from '../../schemas/subjects/types/file-upload';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { badInput } from '../http/errors';
import { randomToken } from './crypto';
import type { Deps } from './deps';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_FORMATS: Record<string, { ext: string; mime: string }> = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  gif: { ext: 'gif', mime: 'image/gif' },
  webp: { ext: 'webp', mime: 'image/webp' },
};

export const uploadsDir = (deps: Deps) => path.resolve(deps.env.DATA_DIR, 'uploads');

/**
 * Store an uploaded image: decoded by sharp (so a renamed script or an SVG is refused), optionally rotated
 * 90°, re-encoded without its metadata, saved under a random name.
 */
export async function storeImage(
  deps: Deps,
  userId: number | null,
  file: { buffer: Buffer; filename: string },
  rotate: number,
  /** Start of the stored name; a respondent's upload carries its project and subject there (answer-uploads.service.ts). */
  namePrefix = '',
): Promise<{ url: string; width: number; height: number; size: number }> {
  let meta;
  try {
    meta = await sharp(file.buffer, { animated: true }).metadata();
  } catch {
    throw badInput('file: 请上传 png、jpg、gif 或 webp 格式的图片', 'file');
  }
  const format = meta.format ? IMAGE_FORMATS[meta.format] : undefined;
  if (!format) throw badInput('file: 请上传 png、jpg、gif 或 webp 格式的图片', 'file');
  const image = sharp(file.buffer, { animated: format.ext === 'gif' }).rotate(rotate || undefined);
  const { data, info } = await image.toFormat(meta.format as 'png').toBuffer({ resolveWithObject: true });
  const name = `${namePrefix}${randomToken(18)}.${format.ext}`;
  await mkdir(uploadsDir(deps), { recursive: true });
  await writeFile(path.join(uploadsDir(deps), name), data);
  await deps.database.query('INSERT INTO uploads (name, user_id, original_name, mime, size) VALUES ($1, $2, $3, $4, $5)', [
    name, userId, file.filename.slice(0, 200), format.mime, data.length,
  ]);
  return { url: `/uploads/${name}`, width: info.width, height: info.height, size: data.length };
}

export const FILE_MAX_BYTES = FILE_UPLOAD_MAX_MB * 1024 * 1024;
/** Extensions a file subject accepts (spec §9 media, plus office documents, PDF and archives). */
export const FILE_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp',
  mp4: 'video/mp4', flv: 'video/x-flv', wmv: 'video/x-ms-wmv', '3gp': 'video/3gpp', avi: 'video/x-msvideo',
  mp3: 'audio/mpeg', wma: 'audio/x-ms-wma', wav: 'audio/wav', amr: 'audio/amr', m4a: 'audio/mp4', aac: 'audio/aac',
  pdf: 'application/pdf', doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain', zip: 'application/zip', rar: 'application/vnd.rar',
};

/**
 * Store a respondent's file; it is only ever served as an attachment (never rendered inline). Extensions of the
 * global list, or any the subject itself accepts (stored as application/octet-stream).
 */
export async function storeFile(
  deps: Deps,
  userId: number | null,
  file: { buffer: Buffer; filename: string },
  scope: { namePrefix: string; accept: readonly string[] },
): Promise<{ fileName: string; fileUrl: string; fileSize: number }> {
  const ext = /\.([a-z0-9]{1,10})$/i.exec(file.filename)?.[1]?.toLowerCase() ?? '';
  const mime = FILE_TYPES[ext] ?? (scope.accept.includes(ext) ? 'application/octet-stream' : undefined);
  if (!ext || !mime) throw badInput('file: 不支持的文件类型', 'file');
  if (!file.buffer.length) throw badInput('file: 文件为空', 'file');
  const name = `${scope.namePrefix}${randomToken(18)}.${ext}`;
  await mkdir(uploadsDir(deps), { recursive: true });
  await writeFile(path.join(uploadsDir(deps), name), file.buffer);
  // Only real raster images are served inline; everything else, bmp included, downloads.
  const servedAs = mime === 'image/png' || mime === 'image/jpeg' || mime === 'image/gif' ? 'application/octet-stream' : mime;
  await deps.database.query('INSERT INTO uploads (name, user_id, original_name, mime, size) VALUES ($1, $2, $3, $4, $5)', [
    name, userId, file.filename.slice(0, 200), servedAs, file.buffer.length,
  ]);
  return { fileName: file.filename.slice(0, 200), fileUrl: `/uploads/${name}`, fileSize: file.buffer.length };
}
