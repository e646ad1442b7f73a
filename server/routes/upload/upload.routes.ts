import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { TResponseOf } from '../../../schemas/api/contract';
import { uploadCalls } from '../../../schemas/api/upload';
import { ok } from '../../../schemas/envelope';
import { badInput, tooMany, unauthorized } from '../../services/errors';
import { storeAnswerUpload, uploadTarget } from '../../services/uploads/answer-uploads.service';
import {
  answerIpSpent,
  chargeAnswerUpload,
  chargeImageUpload,
  DEFAULT_UPLOAD_LIMITS,
  takeAllowance,
  UPLOAD_LIMIT_MESSAGES,
  type UploadAllowance,
  type UploadLimits,
} from '../../services/uploads/upload-limits.service';
import { FILE_MAX_BYTES, IMAGE_MAX_BYTES, readLimited, storeImage } from '../../services/uploads/uploads.service';
import { serveUpload } from './serve-upload';
import { mediaUploadRoutes } from './media-upload.routes';
import { checkInPhotoTarget } from '../../services/checkin/checkin-photo.service';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';

/** A text field of a multipart body (fields sent before the file). */
const field = (part: MultipartFile, name: string): string => {
  const value = (part.fields[name] as { value?: unknown } | undefined)?.value;
  return typeof value === 'string' ? value : '';
};

export interface UploadRouteOptions {
  /** Lower limits (tests); the defaults are DEFAULT_UPLOAD_LIMITS. */
  limits?: Partial<UploadLimits>;
  /** How an allowance is taken: the one conditional statement unless a test injects a naive variant. */
  take?: UploadAllowance['take'];
}

/** /upload/image (multipart image plus optional rotate=90 and voteId, spec §7), upload/file, and serving uploaded files. */
export async function uploadRoutes(app: FastifyInstance, options: UploadRouteOptions = {}): Promise<void> {
  const allowance: UploadAllowance = { limits: { ...DEFAULT_UPLOAD_LIMITS, ...options.limits }, take: options.take ?? takeAllowance };
  // One byte over each route's own limit is read, so "too large" is decided on the bytes counted (readLimited).
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1_000 }, throwFileSizeLimit: false });
  app.calls.push({ path: uploadCalls.image.path, auth: uploadCalls.image.auth, contract: uploadCalls.image });

  app.post('/api/upload/image', async (request) => {
    const user = await request.authUser();
    if (!user) throw unauthorized();
    if (!request.isMultipart()) throw badInput('file: 请使用表单上传图片', 'file');
    const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES + 1 }, throwFileSizeLimit: false });
    if (!part) throw badInput('file: 请选择图片', 'file');
    const buffer = await readLimited(part.file, IMAGE_MAX_BYTES);
    if (!buffer) throw badInput('file: 图片不能超过10MB', 'file');
    const rotate = Number(field(part, 'rotate') || 0);
    if (![0, 90, 180, 270].includes(rotate)) throw badInput('rotate: 只能旋转 90、180 或 270 度', 'rotate');
    await chargeImageUpload(app.deps.database, allowance, user.id, request.ip, buffer.length);
    const { url, width, height } = await storeImage(app.deps, user.id, { buffer, filename: part.filename }, rotate);
    return ok<TResponseOf<typeof uploadCalls.image>>({ url, width, height }, uploadCalls.image.okMessage);
  });

  app.calls.push({ path: uploadCalls.file.path, auth: uploadCalls.file.auth, contract: uploadCalls.file });
  // A respondent's file (type 13) or signature (type 33): multipart questionId, subjectId (the subject's uuid),
  // password when the project has one, then the file. Checked against that subject's own rules and recorded
  // as an upload of that subject, which is what the submit accepts as its answer.
  app.post('/api/upload/file', async (request) => {
    const user = await request.authUser();
    if (!request.isMultipart()) throw badInput('file: 请使用表单上传文件', 'file');
    const part = await request.file({ limits: { fileSize: FILE_MAX_BYTES + 1 }, throwFileSizeLimit: false });
    if (!part) throw badInput('file: 请选择文件', 'file');
    // An address that used up its files this hour is answered before its bytes are read.
    if (await answerIpSpent(app.deps.database, allowance, request.ip)) throw tooMany(UPLOAD_LIMIT_MESSAGES.tooOften);
    // The body is read first (at most 20 MB), so an answer never races an unread upload.
    const buffer = await readLimited(part.file, FILE_MAX_BYTES);
    const target = await uploadTarget(app.deps, user, {
      questionId: field(part, 'questionId'),
      subjectId: field(part, 'subjectId'),
      password: field(part, 'password') || undefined,
      ip: request.ip,
    });
    if (!buffer) {
      const { subject } = target;
      const mb = subject.subjectType === SUBJECT_TYPE.fileUpload ? Math.min(subject.maxSizeMb, FILE_MAX_BYTES / 1024 / 1024) : FILE_MAX_BYTES / 1024 / 1024;
      throw badInput(`file: 文件“${part.filename}”超过${mb}MB`, 'file');
    }
    const charge = (bytes: number) => chargeAnswerUpload(app.deps.database, allowance, request.ip, target.projectId, bytes);
    return ok<TResponseOf<typeof uploadCalls.file>>(
      await storeAnswerUpload(app.deps, user?.id ?? null, target, { buffer, filename: part.filename }, charge),
      uploadCalls.file.okMessage,
    );
  });

  app.calls.push({ path: uploadCalls.checkInPhoto.path, auth: uploadCalls.checkInPhoto.auth, contract: uploadCalls.checkInPhoto });
  // A photo of a daily check-in (issue 43 item 3): multipart questionId and deviceId, then the image. Anyone with the
  // link may send one, logged in or not, as for the check-in itself; it counts against the respondents' allowance
  // and is stored under the participant's scope, which the check-in requires of its photos.
  app.post('/api/upload/checkInPhoto', async (request) => {
    const user = await request.authUser();
    if (!request.isMultipart()) throw badInput('file: 请使用表单上传图片', 'file');
    const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES + 1 }, throwFileSizeLimit: false });
    if (!part) throw badInput('file: 请选择图片', 'file');
    if (await answerIpSpent(app.deps.database, allowance, request.ip)) throw tooMany(UPLOAD_LIMIT_MESSAGES.tooOften);
    const buffer = await readLimited(part.file, IMAGE_MAX_BYTES);
    const target = await checkInPhotoTarget(app.deps, user, {
      questionId: field(part, 'questionId'),
      deviceId: field(part, 'deviceId'),
      wechatToken: field(part, 'wechatToken').slice(0, 300) || undefined,
    });
    if (!buffer) throw badInput('file: 图片不能超过10MB', 'file');
    await chargeAnswerUpload(app.deps.database, allowance, request.ip, target.projectId, buffer.length);
    const { url, width, height } = await storeImage(app.deps, user?.id ?? null, { buffer, filename: part.filename }, 0, {
      kind: 'image',
      namePrefix: target.namePrefix,
    });
    return ok<TResponseOf<typeof uploadCalls.checkInPhoto>>({ url, width, height }, uploadCalls.checkInPhoto.okMessage);
  });

  // upload/video and upload/audio (issue 49 item 6).
  mediaUploadRoutes(app, options.take);

  app.get<{ Params: { name: string }; Querystring: Record<string, string | undefined> }>('/uploads/:name', (request, reply) =>
    serveUpload(app, request, reply),
  );
}
