import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { TResponseOf } from '../../../schemas/api/contract';
import { uploadCalls } from '../../../schemas/api/upload';
import { ok } from '../../../schemas/envelope';
import { badInput, unauthorized } from '../../services/errors';
import type { TMediaKind } from '../../services/uploads/media-formats';
import { chargeMediaUpload, MEDIA_MAX_BYTES, mediaProjectId, storeMedia } from '../../services/uploads/media-uploads.service';
import { takeAllowance, type TakeAllowance } from '../../services/uploads/upload-limits.service';

const field = (part: MultipartFile, name: string): string => {
  const value = (part.fields[name] as { value?: unknown } | undefined)?.value;
  return typeof value === 'string' ? value : '';
};

/**
 * upload/video and upload/audio (issue 49 item 6): multipart optional questionId, then the file. Registered inside
 * uploadRoutes (which registers the multipart plugin); each reads up to its own limit, streamed to disk.
 */
export function mediaUploadRoutes(app: FastifyInstance, take: TakeAllowance = takeAllowance): void {
  for (const kind of ['video', 'audio'] as const satisfies TMediaKind[]) {
    const contract = uploadCalls[kind];
    app.calls.push({ path: contract.path, auth: contract.auth, contract });
    app.post(`/api/${contract.path}`, async (request) => {
      const user = await request.authUser();
      if (!user) throw unauthorized();
      const noun = kind === 'video' ? '视频' : '音频';
      if (!request.isMultipart()) throw badInput(`file: 请使用表单上传${noun}`, 'file');
      const part = await request.file({ limits: { fileSize: MEDIA_MAX_BYTES[kind] + 1 }, throwFileSizeLimit: false });
      if (!part) throw badInput(`file: 请选择${noun}`, 'file');
      let projectId: number | null;
      try {
        projectId = await mediaProjectId(app.deps.database, user, field(part, 'questionId'));
      } catch (error) {
        part.file.resume();
        throw error;
      }
      const stored = await storeMedia(app.deps, {
        kind,
        userId: user.id,
        projectId,
        filename: part.filename,
        file: part.file,
        charge: (bytes) => chargeMediaUpload(app.deps.database, take, user.id, bytes),
      });
      return ok<TResponseOf<typeof contract>>(stored, contract.okMessage);
    });
  }
}
