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
export async function storeImage(deps: Deps, userId: number, file: { buffer: Buffer; filename: string }, rotate: number): Promise<{ url: string; width: number; height: number }> {
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
  const name = `${randomToken(18)}.${format.ext}`;
  await mkdir(uploadsDir(deps), { recursive: true });
  await writeFile(path.join(uploadsDir(deps), name), data);
  await deps.database.query('INSERT INTO uploads (name, user_id, original_name, mime, size) VALUES ($1, $2, $3, $4, $5)', [
    name, userId, file.filename.slice(0, 200), format.mime, data.length,
  ]);
  return { url: `/uploads/${name}`, width: info.width, height: info.height };
}
