import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { fakeMailFile, type FakeMail } from './fake-mail';

/** The e-mail the first lane's local SMTP server received (tests/e2e/fake-mail.ts), to one address. */
export async function mailsTo(request: APIRequestContext, baseURL: string, to: string): Promise<FakeMail[]> {
  const { origin } = JSON.parse(readFileSync(fakeMailFile(new URL(baseURL).port), 'utf8')) as { origin: string };
  const answer = await request.get(`${origin}/fake/mails?to=${encodeURIComponent(to)}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { mails: FakeMail[] }).mails;
}

/** Wait until `to` has received `count` messages; all of them, oldest first. */
export async function waitForMails(request: APIRequestContext, baseURL: string, to: string, count: number, timeout = 30_000): Promise<FakeMail[]> {
  await expect.poll(async () => (await mailsTo(request, baseURL, to)).length, { timeout, message: `mail to ${to}` }).toBeGreaterThanOrEqual(count);
  return mailsTo(request, baseURL, to);
}
