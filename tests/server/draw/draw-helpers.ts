import type { TSubmitResult } from '../../../schemas/api/write';
import type { TSubject } from '../../../schemas/subjects/registry';
import { makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import type { TestApp } from '../../helpers/test-app';

export const DRAW = 'activity/question/draw/';
export const CERT = 'activity/question/certificate/';

type Options = { options: { uuid: string; isCorrect?: boolean }[] };

/** A survey of one choice subject, published by `owner`. */
export async function publishSurvey(t: TestApp, headers: { token: string }) {
  const subject = makeSubject(1, 1, '您的满意度');
  const questionId = await publishProject(t, headers, { subjects: [subject] });
  return { questionId, subject };
}

/** An exam of two 5-point subjects: option 1 is right in each. */
export async function publishExam(t: TestApp, headers: { token: string }) {
  const subjects = [1, 2].map((n) => {
    const s = { ...makeSubject(1, n, `第${n}题`), score: 5 } as TSubject & Options;
    s.options = s.options.map((o, i) => ({ ...o, isCorrect: i === 1 }));
    return s as TSubject;
  });
  const questionId = await publishProject(t, headers, { subjects, questionType: 2 });
  return { questionId, subjects };
}

let device = 0;
/** One sheet from a device of its own; answers `index` in every subject. */
export async function submitSheet(t: TestApp, questionId: string, subjects: TSubject[], index = 1) {
  const answers = Object.fromEntries(subjects.map((s) => [s.uuid, pick(s, index)]));
  const sent = await t.call<TSubmitResult>('active/write/submit', {
    questionId,
    submissionId: submissionId(),
    answers,
    deviceId: `draw-device-${device++}-${Date.now()}`,
    durationSeconds: 20,
  });
  if (sent.resultCode !== '200') throw new Error(`${sent.resultCode} ${sent.resultMsg}`);
  return { questionId, sheetId: sent.data.sheetId, sheetProof: sent.data.sheetProof!, score: sent.data.score };
}
