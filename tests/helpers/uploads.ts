import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { TestApp } from './test-app';

export interface TUploaded {
  fileName: string;
  fileUrl: string;
  fileSize: number;
  viewUrl: string;
}

/** A multipart body as browsers send it: text fields first, then the file. */
export function multipartBody(fields: Record<string, string>, file: { name: string; data: Buffer; type?: string }) {
  const boundary = `----wenjuan${Date.now()}${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST upload/file (a respondent's file or signature) and return the envelope. */
export async function uploadAnswerFile(
  t: TestApp,
  fields: { questionId: string; subjectId: string; password?: string },
  file: { name: string; data: Buffer; type?: string },
  headers: Record<string, string> = {},
) {
  const body = multipartBody(fields as Record<string, string>, file);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload/file',
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...headers },
  });
  return response.json() as { resultCode: string; resultMsg: string; data: TUploaded };
}

/** POST /upload/image (a creator's picture). */
export async function uploadImage(
  t: TestApp,
  file: { name: string; data: Buffer; type?: string },
  headers: Record<string, string>,
  fields: Record<string, string> = {},
) {
  const body = multipartBody(fields, file);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload/image',
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...headers },
  });
  return response.json() as { resultCode: string; resultMsg: string; data: { url: string; width: number; height: number } };
}

export const pngOf = (width: number, height: number, background = '#1f6feb') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * A decompression bomb: a valid PNG header of width×height, 1-bit grey, whose rows are all zero — a few KB on
 * the wire (16000×16000 is ~32 KB), hundreds of MB once decoded.
 */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of exactly `total` bytes: `png` with a private ancillary chunk (skipped by decoders) before IEND. */
export function padPng(png: Buffer, total: number): Buffer {
  const iend = png.length - 12;
  const filler = total - png.length - 12;
  if (filler < 0) throw new Error('the PNG is already larger');
  const data = Buffer.alloc(filler, 0x20);
  const body = Buffer.concat([Buffer.from('prVt', 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(filler);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(body));
  return Buffer.concat([png.subarray(0, iend), head, body, tail, png.subarray(iend)]);
}
