import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findUpload, memberMayView, viewAllowed, type StoredUpload } from '../../services/uploads/upload-access.service';
import { INLINE_TYPES, thumbnail } from '../../services/uploads/upload-images';
import { uploadsDir } from '../../services/uploads/uploads.service';
import { byteRangeOf, ifRangeHolds, isRangeServed } from '../../services/uploads/byte-range';

type UploadRequest = FastifyRequest<{ Params: { name: string }; Querystring: Record<string, string | undefined> }>;

const NAME = /^[\w-]+\.[a-z0-9]{1,10}$/;

/** A small page instead of the file: a browser shows it, a script reads its status. */
function refuse(reply: FastifyReply, status: 401 | 404): FastifyReply {
  const text =
    status === 401
      ? '<h1>请登录后查看</h1><p>答卷中的文件只有项目的创建者和协作者可以查看。请先<a href="/login">登录</a>，再从统计报告或答卷详情中打开。</p>'
      : '<h1>文件不存在</h1><p>文件不存在、已删除，或您没有查看它的权限。</p>';
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(
      `<!doctype html><meta charset="utf-8"><title>${status === 401 ? '请登录后查看' : '文件不存在'}</title><body style="font:15px/1.7 system-ui,sans-serif;margin:48px auto;max-width:32em;padding:0 16px;color:#1f2329">${text}</body>`,
    );
}

/** `attachment` (or `inline`) with the original name, an ASCII fallback and RFC 5987's UTF-8 form. */
export function disposition(type: 'inline' | 'attachment', originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Who may open it: anyone for a creator's image; for a respondent's file, the project's members or a valid view link. */
async function allowed(app: FastifyInstance, request: UploadRequest, row: StoredUpload): Promise<'yes' | 401 | 404> {
  if (row.kind === 'image') return 'yes';
  const token = request.query.t;
  if (token && viewAllowed(app.deps.secret, row.name, token, app.deps.now())) return 'yes';
  const user = await request.authUser();
  if (!user) return 401;
  // A creator's video or audio: its uploader too (one not yet placed in a project).
  if (row.kind === 'media' && row.user_id === user.id) return 'yes';
  return row.project_id !== null && (await memberMayView(app.deps.database.query, user, row.project_id)) ? 'yes' : 404;
}

/**
 * GET /uploads/:name[?t=…][&thumb=1][&download=1]: the stored type, nosniff, a sandbox CSP; inline only for a
 * real raster image (png, jpeg, gif, webp), everything else as an attachment; a respondent's file privately.
 */
export async function serveUpload(app: FastifyInstance, request: UploadRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { name } = request.params;
  if (!NAME.test(name)) return refuse(reply, 404);
  const row = await findUpload(app.deps.database.query, name);
  const dir = uploadsDir(app.deps);
  const file = row ? await stat(path.join(dir, name)).catch(() => null) : null;
  if (!row || !file) return refuse(reply, 404);
  const verdict = await allowed(app, request, row);
  if (verdict !== 'yes') return refuse(reply, verdict);

  const isPublic = row.kind === 'image';
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', isPublic ? 'public, max-age=31536000, immutable' : 'private, max-age=3600');
  // A respondent's file is never embedded by another site.
  if (!isPublic) reply.header('cross-origin-resource-policy', 'same-origin');
  if (request.query.thumb) {
    const thumb = await thumbnail(dir, name);
    if (!thumb) return refuse(reply, 404);
    return reply
      .header('content-type', 'image/jpeg')
      .header('content-disposition', disposition('inline', `${row.original_name}.jpg`))
      .send(createReadStream(thumb));
  }
  const inline = INLINE_TYPES.has(row.mime) && !request.query.download;
  reply.header('content-type', row.mime).header('content-disposition', disposition(inline ? 'inline' : 'attachment', row.original_name));
  if (isRangeServed(row.mime)) return sendRanged(request, reply, path.join(dir, name), file);
  return reply.send(createReadStream(path.join(dir, name)));
}

/**
 * Video and audio by ranges (players seek): Accept-Ranges and Last-Modified always; a satisfiable single range is
 * 206 with Content-Range and just those bytes; a range past the end is 416 with `Content-Range: bytes *\/size`;
 * anything else (no range, several, a changed file under If-Range) the whole file.
 */
function sendRanged(request: UploadRequest, reply: FastifyReply, filePath: string, file: { size: number; mtime: Date }): FastifyReply {
  const lastModified = file.mtime.toUTCString();
  reply.header('accept-ranges', 'bytes').header('last-modified', lastModified);
  const header = request.headers.range;
  const ifRange = request.headers['if-range'];
  const range = ifRangeHolds(typeof ifRange === 'string' ? ifRange : undefined, lastModified) ? byteRangeOf(header, file.size) : null;
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).header('content-type', 'text/plain; charset=utf-8').send('请求的范围无效');
  }
  if (!range) return reply.header('content-length', String(file.size)).send(createReadStream(filePath));
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', String(range.end - range.start + 1))
    .send(createReadStream(filePath, { start: range.start, end: range.end }));
}
