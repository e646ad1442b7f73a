import { describe, expect, expectTypeOf, it } from 'vitest';
import { POWER, PROJECT_KINDS, QUESTION_TYPES, WORK_KINDS, hasPower, kindOfType, type TProjectKind, type TWorkKind } from '../../schemas/project-kinds';

describe('the one project-kinds table', () => {
  it('has exactly one kind for every questionType, and voting with none', () => {
    const kinds: Record<TWorkKind, TProjectKind> = PROJECT_KINDS;
    for (const questionType of QUESTION_TYPES) expect(WORK_KINDS.filter((k) => kinds[k].questionType === questionType)).toHaveLength(1);
    expect(kinds.voting.questionType).toBeUndefined();
    expect(kindOfType(undefined)).toBeUndefined();
    expect(kindOfType(2)?.name).toBe('考试');
    expectTypeOf<TWorkKind>().toEqualTypeOf<'questionnaire' | 'exam' | 'form' | 'voting' | 'solitaire' | 'online' | 'appoint'>();
  });

  it('hasPower follows spec §6: edit for 1 or 2, report for 1 or 3, manage for 1', () => {
    const table = [POWER.manage, POWER.edit, POWER.view, null, undefined, 0].map((p) => [
      hasPower(p, 'read'),
      hasPower(p, 'edit'),
      hasPower(p, 'report'),
      hasPower(p, 'manage'),
    ]);
    expect(table).toEqual([
      [true, true, true, true],
      [true, true, false, false],
      [true, false, true, false],
      [false, false, false, false],
      [false, false, false, false],
      [false, false, false, false],
    ]);
  });
});
