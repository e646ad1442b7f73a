import type { checkInCalls } from '../../../schemas/api/checkin';
import type { TRequestOf, TResponseOf } from '../../../schemas/api/contract';
import type { uploadCalls } from '../../../schemas/api/upload';
import { post, upload } from '../api';

type C = typeof checkInCalls;
const S = 'activity/question/solitaire/';

export const getCheckIn = (body: TRequestOf<C['getCheckIn']>) => post<TResponseOf<C['getCheckIn']>>(`${S}getCheckIn`, body);
export const checkIn = (body: TRequestOf<C['checkIn']>) => post<TResponseOf<C['checkIn']>>(`${S}checkIn`, body);

/** A photo of a check-in, bound to its participant (the login, else this device), logged in or not. */
export function uploadPhoto(target: { questionId: string; deviceId: string }, file: Blob, name: string) {
  const form = new FormData();
  form.append('questionId', target.questionId);
  form.append('deviceId', target.deviceId);
  form.append('file', file, name);
  return upload<TResponseOf<typeof uploadCalls.checkInPhoto>>('upload/checkInPhoto', form);
}
