import { describe, expect, it } from 'vitest';
import { KINDS } from '../../../src/app/kinds';
import { PROJECT_KINDS, WORK_KINDS } from '../../../schemas/project-kinds';

describe('the client kinds', () => {
  it('are the table of schemas/project-kinds.ts, in its order, each with its look', () => {
    expect(KINDS.map((k) => k.kind)).toEqual(WORK_KINDS);
    for (const kind of KINDS) {
      expect(kind).toMatchObject(PROJECT_KINDS[kind.kind]);
      expect(kind.icon).toBeDefined();
      expect(kind.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
