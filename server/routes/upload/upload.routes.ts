import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../schemas/envelope';
import { badInput, tooMany, unauthorized } from '../../http/errors';
import { hit } from '../../services/rate-limit.service';
import { FILE_MAX_BYTES, IMAGE_MAX_BYTES, storeFile, storeImage, uploadsDir } from '../../services/uploads.service';

/** /upload/image (multipart image plus optional rotate=90 and voteId, spec §7) and serving uploaded files. */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1_000 } });
  app.calls.push({ path: 'upload/image', auth: 'optional' });

  app.post('/api/upload/image', async (request) => {
    const user = await request.authUser();
    if (!request.isMultipart()) throw badInput('file: 请使用表单上传图片', 'file');
    const part = await request.file();
    if (!part) throw badInput('file: 请选择图片', 'file');
    const buffer = await part.toBuffer();
    // A respondent's signature (type 33) may come without a login, for a project that is collecting now.
    if (!user) {
      const questionId = String((part.fields.questionId as { value?: unknown } | undefined)?.value ?? '');
      const open = /^[\w-]{8,64}$/.test(questionId)
        ? await app.deps.database.query('SELECT 1 FROM projects WHERE public_id = $1 AND status = 1 AND deleted_at IS NULL', [questionId])
        : [];
      if (!open.length) throw unauthorized();
      if (!(await hit(app.deps.database, `upload:ip:${request.ip}`, 200, 3600))) throw tooMany('上传太频繁，请稍后再试');
    }
    const rotateField = part.fields.rotate as { value?: unknown } | undefined;
    const rotate = Number(rotateField?.value ?? 0);
    if (![0, 90, 180, 270].includes(rotate)) throw badInput('rotate: 只能旋转 90、180 或 270 度', 'rotate');
    return ok(await storeImage(app.deps, user?.id ?? null, { buffer, filename: part.filename }, rotate), '上传成功');
  });

  app.calls.push({ path: 'upload/file', auth: 'optional' });
  // Files answered to a file subject (type 13): any respondent may upload, type and size are checked.
  app.post('/api/upload/file', async (request) => {
    const user = await request.authUser();
    if (!request.isMultipart()) throw badInput('file: 请使用表单上传文件', 'file');
    const part = await request.file({ limits: { fileSize: FILE_MAX_BYTES } });
    if (!part) throw badInput('file: 请选择文件', 'file');
    const buffer = await part.toBuffer();
    if (!(await hit(app.deps.database, `upload:ip:${request.ip}`, 200, 3600))) throw tooMany('上传太频繁，请稍后再试');
    return ok(await storeFile(app.deps, user?.id ?? null, { buffer, filename: part.filename }), '上传成功');
  });

  // Served with their stored type and nosniff; anything but an image goes out as an attachment.
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    if (!/^[\w-]+\.[a-z0-9]{2,5}$/.test(name)) return reply.code(404).send('Not found');
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
