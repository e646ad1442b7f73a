import { describe, expect, it } from 'vitest';
import { findInlineRowTypes, INLINE_ROW_TYPE_LIMIT, inlineRowTypeLines } from '../../scripts/inline-row-types';

// Row types come from the tables or from statements declared once and checked against the database (issue 45
// item 3). Recount by hand: `npx tsx -e "import {findInlineRowTypes as f} from './scripts/inline-row-types'; console.log(f('.').length)"`.
describe('inline row types on SQL calls (scripts/inline-row-types.ts)', () => {
  it('finds a type literal as the type argument of query, prepared or execute, on one line or several, not in comments', () => {
    const source = [
      "const a = await query<{ id: number }>('SELECT id FROM t');",
      'const b = await database.query<',
      '  {',
      '    n: string;',
      '  }',
      ">('SELECT count(*) AS n FROM t');",
      "const c = await database.prepared<{ x: number }>('s', 'SELECT 1 AS x', []);",
      "const d = await query<ProjectRow>('SELECT * FROM projects');",
      "const e = await query<Pick<ProjectRow, 'id'> & { n: number }>('SELECT id, 1 AS n FROM projects');",
      'const f = await countSql.run(query, [1]);',
      "// const g = await query<{ id: number }>('in a comment');",
      "const h = myquery<{ id: number }>('not a SQL call');",
    ].join('\n');
    expect(inlineRowTypeLines(source)).toEqual([1, 2, 7]);
  });

  it(`leave at most ${INLINE_ROW_TYPE_LIMIT} in server/`, () => {
    const found = findInlineRowTypes('.');
    expect(found.length, found.join('\n')).toBeLessThanOrEqual(INLINE_ROW_TYPE_LIMIT);
  });
});
