import type { TCreateResult } from '../../schemas/api/question';
import type { TSubject } from '../../schemas/subjects/registry';
import type { TestApp } from './test-app';

/**
 * Create, configure and publish a project as its owner; returns the questionId. `prepare` runs before publishing
 * (a kind's own settings that publishing asks for, e.g. a sign-up chain's cap).
 */
export async function publishProject(
  t: TestApp,
  headers: { token: string },
  input: {
    subjects: TSubject[];
    questionType?: number;
    solitaireType?: number;
    logic?: object;
    settings?: object;
    prepare?: (questionId: string) => Promise<unknown>;
  },
): Promise<string> {
  const created = await t.call<TCreateResult>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: input.questionType ?? 1, solitaireType: input.solitaireType, title: '发布测试', subjects: input.subjects },
    headers,
  );
  const questionId = created.data.questionId!;
  if (input.logic) expectOk(await t.call('activity/question/saveLogic', { questionId, logic: input.logic }, headers));
  if (input.settings) expectOk(await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: input.settings }, headers));
  await input.prepare?.(questionId);
  expectOk(await t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, headers));
  return questionId;
}

function expectOk(answer: { resultCode: string; resultMsg: string }) {
  if (answer.resultCode !== '200') throw new Error(`${answer.resultCode} ${answer.resultMsg}`);
}

let n = 0;
export const submissionId = () => `sub-${Date.now().toString(36)}-${(n++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
export const pick = (subject: TSubject, index: number) => ({ optionIds: [(subject as { options: { uuid: string }[] }).options[index]!.uuid] });
