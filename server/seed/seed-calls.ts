import type { FastifyInstance } from 'fastify';
import { addDays, shanghaiDay } from '../../schemas/checkin/days';
import type { TBrandId } from '../../schemas/brands';
import { DEMO_PASSWORD } from './seed';

/**
 * The demo seeds write through the app's own calls, so every rule a user meets (limits, stock, caps, states)
 * holds for them too, and counts, reports and feeds are what real use makes.
 */
export async function call<T>(app: FastifyInstance, path: string, body: object, token?: string, ip = '127.0.0.1', brand?: TBrandId): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.token = token;
  if (brand && brand !== 'wenjuan') headers.host = `${brand}.localhost`;
  const response = await app.inject({ method: 'POST', url: `/api/${path}`, payload: body, headers, remoteAddress: ip });
  const answer = response.json() as { resultCode: string; resultMsg: string; data: T };
  if (answer.resultCode !== '200') throw new Error(`demo seed: ${path} ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data;
}

export const login = async (app: FastifyInstance, phone: string): Promise<string> =>
  (await call<{ token: string }>(app, 'activity/user/userNameLogin', { userName: phone, password: DEMO_PASSWORD })).token;

/** A creator's picture through /upload/image, as the editor sends it (multipart); answers its /uploads/ address. */
export async function uploadImage(app: FastifyInstance, token: string, png: Buffer, fileName: string): Promise<string> {
  const boundary = `----wenjuan-seed-${fileName.replace(/\W/g, '')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/upload/image',
    payload,
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const answer = response.json() as { resultCode: string; resultMsg: string; data: { url: string } };
  if (answer.resultCode !== '200') throw new Error(`demo seed: upload/image ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data.url;
}

/**
 * The days of a demo story, relative to the services' clock when the seed starts (Deps.now): `at(-2, '09:30')` is
 * 09:30 Shanghai time two days before today. Never a fixed calendar date, so the demo looks current on any day.
 */
export interface Story {
  /** The real moment the seed started. */
  now: Date;
  /** 'YYYY-MM-DD' of today + offset, Shanghai. */
  day(offset: number): string;
  at(offset: number, hhmm: string): Date;
  /** `minutes` before now. */
  ago(minutes: number): Date;
}

export function storyOf(now: Date): Story {
  const today = shanghaiDay(now);
  return {
    now,
    day: (offset) => addDays(today, offset),
    at: (offset, hhmm) => new Date(`${addDays(today, offset)}T${hhmm}:00+08:00`),
    ago: (minutes) => new Date(now.getTime() - minutes * 60_000),
  };
}

/**
 * Runs `step` with the app's clock (Deps.now, which every service reads) set to `when`, then gives the real clock
 * back: what the step does is stamped and judged as of then (a ballot's day, a check-in's window, a slot still
 * ahead). `when` may be a function, called at each reading (e.g. to give a burst of ballots their own seconds).
 * Only the seed does this, before the server listens.
 */
export async function atTime<T>(app: FastifyInstance, when: Date | (() => Date), step: () => Promise<T>): Promise<T> {
  const real = app.deps.now;
  app.deps.now = typeof when === 'function' ? when : () => new Date(when);
  try {
    return await step();
  } finally {
    app.deps.now = real;
  }
}
