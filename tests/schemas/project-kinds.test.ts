import { describe, expect, expectTypeOf, it } from 'vitest';
import { PROJECT_KINDS, QUESTION_TYPES, WORK_KINDS, kindOfType, type TProjectKind, type TWorkKind } from '../../schemas/project-kinds';

describe('the one project-kinds table', () => {
  it('has exactly one kind for every questionType, and voting with none', () => {
    const kinds: Record<TWorkKind, TProjectKind> = PROJECT_KINDS;
    for (const questionType of QUESTION_TYPES) expect(WORK_KINDS.filter((k) => kinds[k].questionType === questionType)).toHaveLength(1);
    expect(kinds.voting.questionType).toBeUndefined();
    expect(kindOfType(undefined)).toBeUndefined();
    expect(kindOfType(2)?.name).toBe('考试');
    expectTypeOf<TWorkKind>().toEqualTypeOf<'questionnaire' | 'exam' | 'form' | 'voting' | 'solitaire' | 'online' | 'appoint'>();
  });
});
