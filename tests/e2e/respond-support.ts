import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { TLogic } from '../../schemas/logic/ast';
import { codeFor, newPhone } from './support';
import { subjectEntry, type TSubject } from '../../schemas/subjects/registry';

export const SHOTS = '/tmp/shots-respond';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

let seq = 0;
/** A subject as the editor drops it, with readable ids and the given fields. */
export function subject<N extends TSubject['subjectType']>(type: N, fields: Record<string, unknown> = {}): TSubject {
  seq += 1;
  const base = subjectEntry(type).create({ uuid: `e2e-${type}-${seq}`, indexSort: seq, newId: () => `opt-${++seq}` });
  return { ...base, indexSort: seq, ...fields } as TSubject;
}

export const options = (...titles: string[]) => titles.map((title, i) => ({ uuid: `o${++seq}-${i}`, title }));

async function call<T>(request: APIRequestContext, path: string, body: unknown, token?: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data: body, headers: token ? { token } : {} })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

/** The demo user of the seed (server/seed/seed.ts). */
export async function loginDemo(request: APIRequestContext): Promise<string> {
  const data = await call<{ token: string }>(request, 'activity/user/userNameLogin', { userName: '13800138000', password: 'demo1234' });
  return data.token;
}

/**
 * A creator of its own, registered through the SMS outbox: the free level creates 20 projects a day, and the
 * suite publishes more than that, so projects are not all made by the demo user.
 */
export async function loginCreator(request: APIRequestContext): Promise<string> {
  const phone = newPhone();
  await call(request, 'activity/user/sendSms', { phone, type: 'register' });
  const data = await call<{ token: string }>(request, 'activity/user/register', { phone, code: await codeFor(request, phone), password: 'creator1234' });
  return data.token;
}

export interface TPublishInput {
  title: string;
  questionType: 1 | 2;
  subjects: TSubject[];
  logic?: Partial<TLogic>;
  settings?: Record<string, unknown>;
}

/** Creates, configures and publishes a project through the editor's calls; returns its questionId. */
export async function publish(request: APIRequestContext, token: string, input: TPublishInput): Promise<string> {
  const created = await call<{ questionId: string; isCreate: number }>(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { title: input.title, questionType: input.questionType, subjects: input.subjects },
    token,
  );
  expect(created.isCreate).toBe(1);
  const { questionId } = created;
  if (input.logic)
    await call(
      request,
      'activity/question/saveLogic',
      { questionId, logic: { jumps: [], display: [], optionLinkage: [], quotas: [], random: [], ...input.logic } },
      token,
    );
  if (input.settings) await call(request, 'activity/question/updateWxQuestionSetting', { questionId, settings: input.settings }, token);
  await call(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  return questionId;
}

/** Logs the browser in as the token's user (the app keeps the token in a cookie). */
export async function useToken(page: Page, token: string, baseURL: string): Promise<void> {
  await page.context().addCookies([{ name: 'token', value: token, url: baseURL }]);
}

/** Page model of the respondent page. */
export const Respondent = (page: Page) => ({
  subject: (title: string | RegExp) => page.getByRole('group', { name: title }),
  async pick(subjectTitle: string | RegExp, option: string) {
    await this.subject(subjectTitle).getByText(option, { exact: true }).click();
  },
  async type(subjectTitle: string | RegExp, text: string) {
    await this.subject(subjectTitle).getByRole('textbox').first().fill(text);
  },
  async next() {
    await page.getByRole('button', { name: '下一页' }).click();
  },
  async submit() {
    await page.getByRole('button', { name: '提交', exact: true }).click();
  },
  async seePage(n: number, of: number) {
    await expect(page.getByText(`第 ${n}/${of} 页`)).toBeVisible();
  },
});

/** Whether this device's stored answering draft (src/respond/draft.ts) holds the text: a reload offers it back then. */
export const draftHolds = (page: Page, text: string) =>
  page.evaluate((t) => Object.entries(localStorage).some(([key, value]) => key.startsWith('wj.respond.draft.') && value.includes(t)), text);
