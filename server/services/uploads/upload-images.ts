import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sharpImage } from '../../lazy-packages';
import { badInput } from '../errors';
import { randomToken } from '../crypto';

/**
 * The most pixels an image may have (all frames of an animation together): 50 million, a 48 MP phone photo
 * passes, a 16000×16000 "decompression bomb" of a few KB (1 GB once decoded) does not. Checked on the header
 * before anything is decoded, and again by sharp's own limit while decoding.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
const sharpOptions = { limitInputPixels: IMAGE_MAX_PIXELS } as const;

export const IMAGE_FORMATS: Record<string, { ext: string; mime: string }> = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  gif: { ext: 'gif', mime: 'image/gif' },
  webp: { ext: 'webp', mime: 'image/webp' },
};

const NOT_AN_IMAGE = '请上传 png、jpg、gif 或 webp 格式的图片';

/** Header facts of an image (sharp reads only the header here); refuses a non-image and a bomb, naming its size. */
export async function imageHeader(buffer: Buffer): Promise<{ format: string; width: number; height: number; pages: number }> {
  const sharp = await sharpImage();
  let meta;
  try {
    // Only the header is read here; sharp's own pixel limit would refuse a bomb as "not an image".
    meta = await sharp(buffer, { limitInputPixels: false, animated: true }).metadata();
  } catch {
    throw badInput(`file: ${NOT_AN_IMAGE}`, 'file');
  }
  if (!meta.format || !IMAGE_FORMATS[meta.format] || !meta.width || !meta.height) throw badInput(`file: ${NOT_AN_IMAGE}`, 'file');
  // An animation's height is the frames stacked; pageHeight is one frame.
  const frameHeight = meta.pageHeight ?? meta.height;
  const pages = meta.pages ?? 1;
  if (meta.width * frameHeight * pages > IMAGE_MAX_PIXELS) {
    throw badInput(`file: 图片尺寸过大（${meta.width}×${frameHeight}${pages > 1 ? `，${pages}帧` : ''}），请上传不超过5000万像素的图片`, 'file');
  }
  return { format: meta.format, width: meta.width, height: frameHeight, pages };
}

/** Decode and encode again in the same format (metadata dropped), optionally turned by 90° steps. */
export async function reencodeImage(buffer: Buffer, format: string, rotate: number): Promise<{ data: Buffer; width: number; height: number }> {
  const sharp = await sharpImage();
  try {
    const image = sharp(buffer, { ...sharpOptions, animated: format === 'gif' }).rotate(rotate || undefined);
    const { data, info } = await image.toFormat(format as 'png').toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    throw badInput(`file: 图片无法读取，${NOT_AN_IMAGE}`, 'file');
  }
}

/** First bytes of the raster formats a browser may show inline. */
const SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))],
  ['image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
];

/** The raster type a file's bytes really are (png, jpeg, gif, webp), or null. */
export const rasterTypeOf = (buffer: Buffer): string | null => SIGNATURES.find(([, test]) => test(buffer))?.[0] ?? null;

/** Types served inline (shown in the page); anything else is an attachment. */
export const INLINE_TYPES = new Set(SIGNATURES.map(([mime]) => mime));

export const THUMB_SIZE = 320;

/**
 * A small JPEG of an uploaded image for lists (the report, the sheet detail), made on first request and kept
 * beside the uploads (`.thumbs/`); null when the file is no image sharp can read within the pixel limit.
 */
export async function thumbnail(dir: string, name: string): Promise<string | null> {
  const target = path.join(dir, '.thumbs', `${name}.jpg`);
  if (
    await readFile(target).then(
      () => true,
      () => false,
    )
  )
    return target;
  try {
    const source = await readFile(path.join(dir, name));
    await imageHeader(source);
    const sharp = await sharpImage();
    const data = await sharp(source, sharpOptions)
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer();
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomToken(4)}`;
    await writeFile(tmp, data);
    await rename(tmp, target);
    return target;
  } catch {
    return null;
  }
}

export const thumbPath = (dir: string, name: string) => path.join(dir, '.thumbs', `${name}.jpg`);
