import * as CALL_PATHS from '../../../schemas/api/paths/calls';
import type { TBodyOf } from '../../../schemas/api/call-path-types';
import { callOf, uploadTo } from '../api';

export const getCheckIn = (body: TBodyOf<typeof CALL_PATHS.checkIn.getCheckIn>) => callOf(CALL_PATHS.checkIn.getCheckIn, body);
export const checkIn = (body: TBodyOf<typeof CALL_PATHS.checkIn.checkIn>) => callOf(CALL_PATHS.checkIn.checkIn, body);

/**
 * A photo of a check-in, bound to its participant (the login, else this device; the WeChat user on a 仅限微信授权参与
 * check-in), logged in or not.
 */
export function uploadPhoto(target: { questionId: string; deviceId: string; wechatToken?: string }, file: Blob, name: string) {
  const form = new FormData();
  form.append('questionId', target.questionId);
  form.append('deviceId', target.deviceId);
  if (target.wechatToken) form.append('wechatToken', target.wechatToken);
  form.append('file', file, name);
  return uploadTo(CALL_PATHS.upload.checkInPhoto, form);
}
