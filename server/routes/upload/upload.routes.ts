import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../schemas/envelope';
import { badInput, tooMany, unauthorized } from '../../http/errors';
import { storeAnswerUpload, uploadTarget } from '../../services/answer-uploads.service';
import { hit } from '../../services/rate-limit.service';
import { FILE_MAX_BYTES, IMAGE_MAX_BYTES, storeImage, uploadsDir } from '../../services/uploads.service';

/** A text field of a multipart body (fields sent before the file). */
const field = (part: MultipartFile, name: string): string => {
  const value = (part.fields[name] as { value?: unknown } | undefined)?.value;
  return typeof value === 'string' ? value : '';
};

/** /upload/image (multipart image plus optional rotate=90 and voteId, spec §7) and serving uploaded files. */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1_000 } });
  app.calls.push({ path: 'upload/image', auth: 'required' });

  app.post('/api/upload/image', async (request) => {
    const user = await request.authUser();
    if (!user) throw unauthorized();
    if (!request.isMultipart()) throw badInput('file: 请使用表单上传图片', 'file');
    const part = await request.file();
    if (!part) throw badInput('file: 请选择图片', 'file');
    const buffer = await part.toBuffer();
    const rotate = Number(field(part, 'rotate') || 0);
    if (![0, 90, 180, 270].includes(rotate)) throw badInput('rotate: 只能旋转 90、180 或 270 度', 'rotate');
    const { url, width, height } = await storeImage(app.deps, user.id, { buffer, filename: part.filename }, rotate);
    return ok({ url, width, height }, '上传成功');
  });

  app.calls.push({ path: 'upload/file', auth: 'optional' });
  // A respondent's file (type 13) or signature (type 33): multipart questionId, subjectId (the subject's uuid),
  // password when the project has one, then the file. Checked against that subject's own rules and recorded
  // as an upload of that subject, which is what the submit accepts as its answer.
  app.post('/api/upload/file', async (request) => {
    const user = await request.authUser();
    if (!request.isMultipart()) throw badInput('file: 请使用表单上传文件', 'file');
    const part = await request.file({ limits: { fileSize: FILE_MAX_BYTES } });
    if (!part) throw badInput('file: 请选择文件', 'file');
    // The body is read first (at most 20 MB), so an answer never races an unread upload.
    const buffer = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') return null;
      throw error;
    });
    const target = await uploadTarget(app.deps, user, { questionId: field(part, 'questionId'), subjectId: field(part, 'subjectId'), password: field(part, 'password') || undefined });
    if (!buffer) {
      const { subject } = target;
      const mb = subject.subjectType === 13 ? Math.min(subject.maxSizeMb, FILE_MAX_BYTES / 1024 / 1024) : FILE_MAX_BYTES / 1024 / 1024;
      throw badInput(`file: 文件“${part.filename}”超过${mb}MB`, 'file');
    }
    if (!(await hit(app.deps.database, `upload:ip:${request.ip}`, 200, 3600))) throw tooMany('上传太频繁，请稍后再试');
    return ok(await storeAnswerUpload(app.deps, user?.id ?? null, target, { buffer, filename: part.filename }), '上传成功');
  });

  // Served with their stored type and nosniff; anything but an image goes out as an attachment.
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    if (!/^[\w-]+\.[a-z0-9]{1,10}$/.test(name)) return reply.code(404).send('Not found');
    const rows = await app.deps.database.query<{ mime: string; original_name: string }>('SELECT mime, original_name FROM uploads WHERE name = $1', [name]);
    const file = path.join(uploadsDir(app.deps), name);
    if (!rows[0] || !(await stat(file).catch(() => null))) return reply.code(404).send('Not found');
    const inline = rows[0].mime.startsWith('image/');
    reply
      .header('content-type', rows[0].mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(rows[0].original_name)}`);
    return reply.send(createReadStream(file));
  });
}
