// Issue 18's acceptance, the report half (the palette and the respondent page are in
// tests/ui/subjects/throwaway-type.test.tsx): a type registered in the schema registry alone, with the traits
// `hasOptions` and `reportKind: 'choice'`, has its answers counted by the server's report with no report code
// knowing it. Saving checks subjects against the union of the built-in types, so the project is saved with a
// single choice and its stored subject is then turned into the new type, as a newer release would have saved it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import type { TStatement } from '../../../schemas/api/report';
import { ZSubjectBase, baseDefaults, defaultOptions, defineSubjectType } from '../../../schemas/subjects/base';
import { ZChoiceAnswer, ZOptionList, choiceFacts, choiceRules, formatChoice, isChoiceEmpty } from '../../../schemas/subjects/choice';
import { subjectRegistry, type AnySubjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE_NAMES, type SubjectTypeNumber } from '../../../schemas/subjects/subject-types';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const THUMBS = 99;
(SUBJECT_TYPE_NAMES as Record<number, { zh: string; en: string }>)[THUMBS] = { zh: '点赞', en: 'thumbs' };
const ZThumbsSubject = z.extend(ZSubjectBase, { subjectType: z.literal(THUMBS), options: ZOptionList });
const thumbsEntry = defineSubjectType(
  ZThumbsSubject,
  ZChoiceAnswer,
)({
  subjectType: THUMBS as SubjectTypeNumber,
  hasOptions: true,
  reportKind: 'choice',
  create: (init) => ({ ...baseDefaults(init, '点赞题'), subjectType: THUMBS, options: defaultOptions(init, ['赞', '踩']) }),
  isEmpty: isChoiceEmpty,
  rules: (s, a) => choiceRules(s.options, a, { single: true }),
  format: (s, a) => formatChoice(s.options, a),
  facts: (_s, a) => choiceFacts(a),
  logic: (s) => ({ choices: s.options.map((o) => o.uuid), single: true }),
});
const registry = subjectRegistry as Map<number, AnySubjectEntry>;

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  registry.set(THUMBS, thumbsEntry as unknown as AnySubjectEntry);
  t = await createTestApp();
  owner = await loginNewUser(t);
});
afterAll(async () => {
  registry.delete(THUMBS);
  delete (SUBJECT_TYPE_NAMES as Record<number, unknown>)[THUMBS];
  await t.close();
});

describe('a throwaway subject type with reportKind choice', () => {
  it('has its answers counted by the report', async () => {
    const subject = {
      ...makeSubject(1, 1, '喜欢吗'),
      options: [
        { uuid: 'up', title: '赞' },
        { uuid: 'down', title: '踩' },
      ],
    } as TSubject;
    const questionId = await publishProject(t, owner.headers, { subjects: [subject] });
    await t.database.query(`UPDATE subjects SET subject_type = $1, config = jsonb_set(config, '{subjectType}', to_jsonb($1::int)) WHERE uuid = $2`, [
      THUMBS,
      subject.uuid,
    ]);
    for (const pick of ['up', 'up', 'down']) {
      const answer = await t.call('active/write/submit', {
        questionId,
        submissionId: submissionId(),
        answers: { [subject.uuid]: { optionIds: [pick] } },
        deviceId: `dev-${pick}`,
        durationSeconds: 20,
        source: 'link',
      });
      expect(answer.resultCode, answer.resultMsg).toBe('200');
    }
    const report = await t.call<TStatement>('question/statement/getStatement', { questionId }, owner.headers);
    expect(report.resultCode, report.resultMsg).toBe('200');
    const stat = report.data.subjects.find((s) => s.uuid === subject.uuid)!;
    expect(stat).toMatchObject({ subjectType: THUMBS, kind: 'choice', base: 3, index: 1 });
    expect(stat.options!.map((o) => [o.title, o.count])).toEqual([
      ['赞', 2],
      ['踩', 1],
    ]);
  });
});
