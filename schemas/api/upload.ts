import { z } from 'zod';
import { contract } from './contract';

/** A file part of a multipart body (described as binary in the API reference). */
const ZFilePart = z.string().meta({ format: 'binary', description: '文件' });

/** upload/image (spec §7): multipart `file` (an image, at most 10 MB), optional `rotate` and `voteId`. */
export const ZUploadImageForm = z.object({
  file: ZFilePart,
  rotate: z.enum(['0', '90', '180', '270']).optional(),
  voteId: z.string().optional(),
});
export const ZUploadedImage = z.object({ url: z.string(), width: z.number(), height: z.number() });

/** upload/file: a respondent's file (type 13) or signature (type 33), for one subject of one project. */
export const ZUploadFileForm = z.object({
  questionId: z.string(),
  /** The subject's uuid. */
  subjectId: z.string(),
  password: z.string().optional(),
  file: ZFilePart,
});
export const ZUploadedFile = z.object({
  fileName: z.string(),
  fileUrl: z.string(),
  fileSize: z.number(),
  /** Opens this file for a while, so the respondent's page can show it. */
  viewUrl: z.string(),
});

/**
 * upload/checkInPhoto: a photo of a daily check-in (打卡接龙) by its participant, logged in or not (issue 43 item 3):
 * bound to the participant (the login, else the page's device key), public like the board that shows it.
 */
export const ZUploadCheckInPhotoForm = z.object({
  questionId: z.string(),
  deviceId: z.string(),
  file: ZFilePart,
});

/**
 * upload/video and upload/audio (issue 49 item 6): a creator's media for a video or audio block or a player, checked
 * by its bytes; optional questionId (edit power) so the project's members may open it. Private like answer files.
 */
export const ZUploadMediaForm = z.object({ questionId: z.string().optional(), file: ZFilePart });
export const ZUploadedMedia = z.object({
  fileName: z.string(),
  /** The file's address (its project's members and its uploader open it; stored in the subject). */
  url: z.string(),
  fileSize: z.number(),
  /** Opens it for two hours for whoever holds it (the editor's preview). */
  viewUrl: z.string(),
});

/** The multipart uploads: registered by hand on the server (server/routes/upload/upload.routes.ts). */
export const uploadCalls = {
  image: contract({
    path: 'upload/image',
    summary: '上传图片',
    request: ZUploadImageForm,
    response: ZUploadedImage,
    auth: 'required',
    okMessage: '上传成功',
    multipart: true,
  }),
  file: contract({
    path: 'upload/file',
    summary: '答题上传文件或签名',
    request: ZUploadFileForm,
    response: ZUploadedFile,
    auth: 'optional',
    okMessage: '上传成功',
    multipart: true,
  }),
  checkInPhoto: contract({
    path: 'upload/checkInPhoto',
    summary: '打卡接龙：上传打卡照片（无需登录，绑定设备）',
    request: ZUploadCheckInPhotoForm,
    response: ZUploadedImage,
    auth: 'optional',
    okMessage: '上传成功',
    multipart: true,
  }),
  video: contract({
    path: 'upload/video',
    summary: '上传视频（mp4、flv、wmv、3gp、avi，不超过100MB）',
    request: ZUploadMediaForm,
    response: ZUploadedMedia,
    auth: 'required',
    okMessage: '上传成功',
    multipart: true,
  }),
  audio: contract({
    path: 'upload/audio',
    summary: '上传音频（mp3、wma、wav、amr、m4a、aac，不超过20MB）',
    request: ZUploadMediaForm,
    response: ZUploadedMedia,
    auth: 'required',
    okMessage: '上传成功',
    multipart: true,
  }),
};
