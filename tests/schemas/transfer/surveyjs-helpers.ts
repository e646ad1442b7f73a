// Shared by the SurveyJS converter tests: a project holding every subject type, and survey-core's view of a JSON.
import { Model } from 'survey-core';
import { emptyLogic } from '../../../schemas/logic/ast';
import { createSubject, type TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE_NUMBERS } from '../../../schemas/subjects/subject-types';
import type { TransferProject } from '../../../schemas/transfer/project';

let n = 0;
export const nextId = () => `id${++n}`;

/** One default subject of every type, in type order, with the media blocks given addresses. */
export function everyTypeProject(): TransferProject {
  const subjects = SUBJECT_TYPE_NUMBERS.map((t, i) => {
    const s = createSubject(t, { uuid: `s${t}`, indexSort: i + 1, newId: nextId }) as TSubject;
    if (s.subjectType === 31 || s.subjectType === 32 || s.subjectType === 35)
      s.url = `https://example.com/media-${t}.${t === 31 ? 'png' : t === 32 ? 'mp4' : 'mp3'}`;
    if (s.subjectType === 5) s.options.forEach((o, k) => (o.image = `https://example.com/pic-${k}.png`));
    if (s.title === '') s.title = `块${t}`;
    return s;
  });
  return { title: '全部题型', subtitle: '<p>导出测试</p>', questionType: 1, subjects, logic: emptyLogic() };
}

/** What survey-core makes of a JSON: its load errors and the type of every question in order. */
export function load(json: Record<string, unknown>) {
  const model = new Model(json);
  return {
    model,
    errors: (model.jsonErrors ?? []).map((e) => e.message),
    types: model.getAllQuestions().map((q) => q.getType()),
  };
}
