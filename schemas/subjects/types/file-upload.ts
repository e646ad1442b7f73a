import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { msg, type SubjectMessage } from '../messages';
import { isSafeUrl } from '../../rich-text/allow-list';

export const ZUploadedFile = z.object({
  fileName: z.string().check(z.minLength(1), z.maxLength(255)),
  fileIndex: z.number().check(z.int(), z.gte(0), z.lte(10_000)),
  fileUrl: z.string().check(z.minLength(1), z.maxLength(2_000)),
  /** Bytes, as reported by the upload; checked against maxSizeMb. */
  fileSize: z.optional(z.number().check(z.int(), z.gte(0))),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

/** The largest file a respondent may upload (the upload call's ceiling too). */
export const FILE_UPLOAD_MAX_MB = 20;

export const ZFileUploadSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(13),
    /** Lower-case extensions without the dot; empty means any type. */
    accept: z.array(z.string().check(z.regex(/^[a-z0-9]{1,10}$/))).check(z.maxLength(50)),
    maxSizeMb: z.number().check(z.gte(0.01), z.lte(FILE_UPLOAD_MAX_MB, `单个文件上限不能超过 ${FILE_UPLOAD_MAX_MB}MB`)),
    minCount: z.optional(z.number().check(z.int(), z.gte(1), z.lte(50))),
    maxCount: z.number().check(z.int(), z.gte(1), z.lte(50)),
  })
  .check(
    z.refine((c) => c.minCount === undefined || c.minCount <= c.maxCount, {
      message: '最少文件数不能大于最多文件数',
      path: ['minCount'],
    }),
  );
export type TFileUploadSubject = z.infer<typeof ZFileUploadSubject>;

export const extensionOf = (fileName: string) => /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

export function fileRules(s: TFileUploadSubject, files: TUploadedFile[]): SubjectMessage[] {
  if (files.length > s.maxCount) return [msg.fileMaxCount(s.maxCount)];
  if (s.minCount !== undefined && files.length < s.minCount) return [msg.fileMinCount(s.minCount)];
  return files.flatMap((f) => {
    const ref = String(f.fileIndex);
    if (s.accept.length && !s.accept.includes(extensionOf(f.fileName))) return [msg.fileType(f.fileName, s.accept, ref)];
    if (f.fileSize !== undefined && f.fileSize > s.maxSizeMb * 1024 * 1024) return [msg.fileSize(f.fileName, s.maxSizeMb, ref)];
    if (!isSafeUrl(f.fileUrl)) return [msg.fileUrl(f.fileName, ref)];
    return [];
  });
}

export const fileUpload = defineSubjectType(
  ZFileUploadSubject,
  z.array(ZUploadedFile).check(z.maxLength(100)),
)({
  subjectType: 13,
  uploads: true,
  create: (init) => ({ ...baseDefaults(init, '文件上传'), subjectType: 13, accept: [], maxSizeMb: 20, maxCount: 1 }),
  rules: fileRules,
  // Files as links: "name（url）" joined with ", ".
  format: (_s, a) => a.map((f) => `${f.fileName}（${f.fileUrl}）`).join(', '),
});
