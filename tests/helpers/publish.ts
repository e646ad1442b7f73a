import type { TCreateResult } from '../../schemas/api/question';
import type { TSubject } from '../../schemas/subjects/registry';
import type { TestApp } from './test-app';

/** Create, configure and publish a project as its owner; returns the questionId. */
export async function publishProject(
  t: TestApp,
  headers: { token: string },
  input: { subjects: TSubject[]; questionType?: number; solitaireType?: number; logic?: object; settings?: object },
): Promise<string> {
  const created = await t.call<TCreateResult>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: input.questionType ?? 1, solitaireType: input.solitaireType, title: '发布测试', subjects: input.subjects },
    headers,
  );
  const questionId = created.data.questionId!;
  if (input.logic) expectOk(await t.call('activity/question/saveLogic', { questionId, logic: input.logic }, headers));
  if (input.settings) expectOk(await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: input.settings }, headers));
  expectOk(await t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, headers));
  return questionId;
}

function expectOk(answer: { resultCode: string; resultMsg: string }) {
  if (answer.resultCode !== '200') throw new Error(`${answer.resultCode} ${answer.resultMsg}`);
}

let n = 0;
export const submissionId = () => `sub-${Date.now().toString(36)}-${(n++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
export const pick = (subject: TSubject, index: number) => ({ optionIds: [(subject as { options: { uuid: string }[] }).options[index]!.uuid] });
