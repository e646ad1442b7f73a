import type { checkInCalls } from '../../../schemas/api/checkin';
import type { TRequestOf, TResponseOf } from '../../../schemas/api/contract';
import type { uploadCalls } from '../../../schemas/api/upload';
import { post, upload } from '../api';

type C = typeof checkInCalls;
const S = 'activity/question/solitaire/';

export const getCheckIn = (body: TRequestOf<C['getCheckIn']>) => post<TResponseOf<C['getCheckIn']>>(`${S}getCheckIn`, body);
export const checkIn = (body: TRequestOf<C['checkIn']>) => post<TResponseOf<C['checkIn']>>(`${S}checkIn`, body);

/** A photo of a check-in, through the image upload (logged-in participants). */
export function uploadPhoto(file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  return upload<TResponseOf<typeof uploadCalls.image>>('upload/image', form);
}
