import { timingSafeEqual } from 'node:crypto';
import { WRITE_MESSAGES } from '../../../schemas/api/write';
import { clientKey } from './client-key';
import { AppError, tooMany } from '../errors';
import { giveBack, hitAll, type Limiter } from './rate-limit.service';

/** Tries of a survey's answering password in 15 minutes: per client of a project, and per project from everyone. */
export const ANSWER_PASSWORD_TRIES_PER_CLIENT = 10;
export const ANSWER_PASSWORD_TRIES_PER_PROJECT = 300;
export const ANSWER_PASSWORD_WINDOW = 15 * 60;

export interface PasswordGuard extends Limiter {
  projectId: number;
  ip: string;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Check a given answering password. Every try is counted before it is compared (conditional statements, so
 * parallel guesses cannot overshoot); a right one gives its tries back, so only wrong ones use the allowance and
 * respondents who know the password are never slowed. Once a client (its address, IPv6 by /64) or the project as
 * a whole has used it up, every try is "429" until the window passes, the right password included.
 */
export async function checkAnswerPassword(guard: PasswordGuard, expected: string, given: string | undefined): Promise<void> {
  if (given === undefined || given === '') throw new AppError('403', WRITE_MESSAGES.wrongPassword);
  const keys = [`answer-pw:${guard.projectId}:${clientKey(guard.ip)}`, `answer-pw:${guard.projectId}`];
  const refused = await hitAll(guard, [
    { key: keys[0]!, limit: ANSWER_PASSWORD_TRIES_PER_CLIENT, windowSeconds: ANSWER_PASSWORD_WINDOW },
    { key: keys[1]!, limit: ANSWER_PASSWORD_TRIES_PER_PROJECT, windowSeconds: ANSWER_PASSWORD_WINDOW },
  ]);
  if (refused) throw tooMany(WRITE_MESSAGES.passwordLocked);
  if (!same(given, expected)) throw new AppError('403', WRITE_MESSAGES.wrongPassword);
  await giveBack(guard.database, keys);
}
