import type { Database } from '../../db/client';
import { tooMany } from '../errors';

/**
 * How much may be uploaded, in fixed windows kept in the database (every process sees the same counts).
 * Respondents upload without an account, so their allowance is bounded per client address and per project,
 * in files and in bytes; creators' images per account and per address.
 */
export interface UploadLimits {
  /** Respondents' files from one address in an hour. */
  answerFilesPerIpHour: number;
  answerMbPerIpHour: number;
  /** Respondents' files of one project in a day (every address together). */
  answerFilesPerProjectDay: number;
  answerMbPerProjectDay: number;
  /** Creators' images (/upload/image). */
  imagesPerUserHour: number;
  imageMbPerUserHour: number;
  imagesPerIpHour: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  answerFilesPerIpHour: 60,
  answerMbPerIpHour: 300,
  answerFilesPerProjectDay: 5_000,
  answerMbPerProjectDay: 10_240,
  imagesPerUserHour: 120,
  imageMbPerUserHour: 300,
  imagesPerIpHour: 240,
};

export const UPLOAD_LIMIT_MESSAGES = {
  tooOften: '上传太频繁，请稍后再试',
  ipBytes: (mb: number) => `一小时内上传的文件已超过${mb}MB，请稍后再试`,
  projectFull: '该问卷今日接收的文件已达上限，请稍后再试或联系发布者',
  imagesTooOften: '上传图片太频繁，请稍后再试',
  imageBytes: (mb: number) => `一小时内上传的图片已超过${mb}MB，请稍后再试`,
};

/**
 * Take `amount` from the allowance `key` (capacity `cap` per window): true when it fitted. One conditional
 * upsert on rate_limits — `count + amount <= cap` is checked by the statement that adds it, so concurrent
 * takes never pass the cap on either engine (reliability rule 1).
 */
export type TakeAllowance = (database: Database, key: string, amount: number, cap: number, windowSeconds: number) => Promise<boolean>;

export const takeAllowance: TakeAllowance = async (database, key, amount, cap, windowSeconds) => {
  if (amount > cap) return false;
  const rows = await database.query(
    `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, now(), $4)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.window_start <= now() - make_interval(secs => $3) THEN $4 ELSE r.count + $4 END,
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $3) THEN now() ELSE r.window_start END
     WHERE r.window_start <= now() - make_interval(secs => $3) OR r.count + $4 <= $2
     RETURNING count`,
    [key, cap, windowSeconds, amount],
  );
  return rows.length === 1;
};

/** True when `key` has no room left for even `amount` in its current window (a read, taking nothing). */
export async function allowanceSpent(database: Database, key: string, amount: number, cap: number, windowSeconds: number): Promise<boolean> {
  const rows = await database.query(`SELECT 1 FROM rate_limits WHERE key = $1 AND count + $2 > $3 AND window_start > now() - make_interval(secs => $4)`, [
    key,
    amount,
    cap,
    windowSeconds,
  ]);
  return rows.length > 0;
}

const HOUR = 3_600;
const DAY = 86_400;
/** Bytes are counted in KiB (a day of a busy project would not fit a 32-bit count of bytes). */
const kib = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

export const answerKeys = (ip: string, projectId: number) => ({
  ipFiles: `upload:ip:${ip}`,
  ipBytes: `upload:ip-kib:${ip}`,
  projectFiles: `upload:project:${projectId}`,
  projectBytes: `upload:project-kib:${projectId}`,
});

export interface UploadAllowance {
  limits: UploadLimits;
  take: TakeAllowance;
}

/** A respondent's file of `bytes` from `ip` for a project: one more file and its bytes, or "429" naming which limit. */
export async function chargeAnswerUpload(database: Database, a: UploadAllowance, ip: string, projectId: number, bytes: number): Promise<void> {
  const keys = answerKeys(ip, projectId);
  const { limits: l, take } = a;
  if (!(await take(database, keys.ipFiles, 1, l.answerFilesPerIpHour, HOUR))) throw tooMany(UPLOAD_LIMIT_MESSAGES.tooOften);
  if (!(await take(database, keys.ipBytes, kib(bytes), l.answerMbPerIpHour * 1024, HOUR))) throw tooMany(UPLOAD_LIMIT_MESSAGES.ipBytes(l.answerMbPerIpHour));
  if (!(await take(database, keys.projectFiles, 1, l.answerFilesPerProjectDay, DAY))) throw tooMany(UPLOAD_LIMIT_MESSAGES.projectFull);
  if (!(await take(database, keys.projectBytes, kib(bytes), l.answerMbPerProjectDay * 1024, DAY))) throw tooMany(UPLOAD_LIMIT_MESSAGES.projectFull);
}

/** Before reading a respondent's body: an address that has used up its files this hour is refused at once. */
export const answerIpSpent = (database: Database, a: UploadAllowance, ip: string) =>
  allowanceSpent(database, `upload:ip:${ip}`, 1, a.limits.answerFilesPerIpHour, HOUR);

/** A creator's image: per account (files and bytes) and per address. */
export async function chargeImageUpload(database: Database, a: UploadAllowance, userId: number, ip: string, bytes: number): Promise<void> {
  const { limits: l, take } = a;
  if (!(await take(database, `image:ip:${ip}`, 1, l.imagesPerIpHour, HOUR))) throw tooMany(UPLOAD_LIMIT_MESSAGES.imagesTooOften);
  if (!(await take(database, `image:user:${userId}`, 1, l.imagesPerUserHour, HOUR))) throw tooMany(UPLOAD_LIMIT_MESSAGES.imagesTooOften);
  if (!(await take(database, `image:user-kib:${userId}`, kib(bytes), l.imageMbPerUserHour * 1024, HOUR)))
    throw tooMany(UPLOAD_LIMIT_MESSAGES.imageBytes(l.imageMbPerUserHour));
}
