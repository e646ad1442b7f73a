import { describe, expect, it } from 'vitest';
import { PUBLISH_NEEDS_SUBJECTS } from '../../schemas/api/editor';
import { emptyLogic } from '../../schemas/logic/ast';
import { publishBlocker } from '../../machines/editor/editor.rules';
import { SAMPLE_LOADED } from '../../machines/editor/editor.stand-ins';

/** 发布 in the editor follows the server: a sign-up chain's page asks its own fields, other projects need a question. */
const empty = { title: '周六羽毛球', subtitle: '', subjects: [], logic: emptyLogic() };
const project = (questionType: number, solitaireType: number | null) => ({ ...SAMPLE_LOADED.project, questionType, solitaireType });

describe('publishBlocker by kind', () => {
  it('lets a sign-up chain without questions publish', () => {
    expect(publishBlocker({ document: empty, project: project(5, 4) })).toBeNull();
  });

  it('still asks a question of surveys and feedback chains', () => {
    for (const [questionType, solitaireType] of [
      [1, null],
      [5, null],
      [5, 3],
    ] as const) {
      expect(publishBlocker({ document: empty, project: project(questionType, solitaireType) }), `${questionType}/${solitaireType}`).toBe(
        PUBLISH_NEEDS_SUBJECTS,
      );
    }
  });

  it('keeps the power check first', () => {
    expect(publishBlocker({ document: empty, project: { ...project(5, 4), powerType: 3 } })).toBe('没有发布权限');
  });
});
