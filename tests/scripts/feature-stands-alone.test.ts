import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { featureStandsAlone, foreignFeature } from '../../scripts/eslint/feature-stands-alone.js';

RuleTester.describe = describe;
RuleTester.it = it;
// The TypeScript parser, as in the project's config: type-only imports are TypeScript syntax.
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });

const EDITOR = '/repo/src/features/editor/subject/property-panel.tsx';
const VOTING = '/repo/src/features/voting/vote-basic-form.tsx';

/** Issue 45 item 5: no src/features folder imports another; what two share lives in src/ui, src/app or a shared folder. */
tester.run('wenjuan/feature-stands-alone', featureStandsAlone, {
  valid: [
    // Inside its own feature, at any depth.
    { filename: EDITOR, code: "import { Section } from './property-fields'; import styles from '../editor.module.css';" },
    { filename: EDITOR, code: "import { useEditor } from '../use-editor';" },
    // Down to the shared rooms.
    { filename: EDITOR, code: "import { subjectLook } from '../../../subjects/subject-looks'; import { Button } from '../../../ui/button';" },
    { filename: VOTING, code: "import { RichText } from '../../ui/rich-text/rich-text'; import { useSession } from '../../app/session';" },
    { filename: VOTING, code: "import { z } from 'zod'; import type { TVote } from '../../../schemas/api/vote';" },
    // A feature whose name starts like another's is still itself.
    { filename: '/repo/src/features/pay/orders-page.tsx', code: "import { yuan } from '../pay/pay-format';" },
    // Files outside src/features are not this rule's business (the app shell loads every feature's screens).
    { filename: '/repo/src/app/route-table.ts', code: "const page = () => import('../features/editor/add-page');" },
    // A different project's src/features is another root.
    { filename: '/repo/tests/fixtures/x/src/features/a/a.ts', code: "import { b } from '../../../../../../src/features/b/b';" },
  ],
  invalid: [
    {
      // The import that ran from subjects into editor before the move (issue 45's count).
      filename: '/repo/src/features/subjects/fields.tsx',
      code: "import { newId } from '../editor/editor-session';",
      errors: [{ messageId: 'foreign', data: { from: 'subjects', to: 'editor', specifier: '../editor/editor-session' } }],
    },
    { filename: VOTING, code: "import { RichText } from '../editor/rich-text/rich-text';", errors: [{ messageId: 'foreign' }] },
    // Type-only, a CSS module, a re-export, an export-all and a lazy import all tie two features together.
    { filename: EDITOR, code: "import type { TLook } from '../../subjects/subject-look';", errors: [{ messageId: 'foreign' }] },
    { filename: EDITOR, code: "import panel from '../../report/report.module.css';", errors: [{ messageId: 'foreign' }] },
    { filename: EDITOR, code: "export { Chart } from '../../report/chart';", errors: [{ messageId: 'foreign' }] },
    { filename: EDITOR, code: "export * from '../../pay/pay-format';", errors: [{ messageId: 'foreign' }] },
    { filename: EDITOR, code: "const page = () => import('../../report/report-page');", errors: [{ messageId: 'foreign' }] },
    // The long way round, out of src and back in.
    { filename: VOTING, code: "import { useSession } from '../../../src/features/auth/session';", errors: [{ messageId: 'foreign' }] },
  ],
});

describe('foreignFeature', () => {
  it('names both features of an import that crosses, and nothing for one that stays or leaves', () => {
    expect(foreignFeature(EDITOR, '../../report/chart')).toEqual({ from: 'editor', to: 'report' });
    expect(foreignFeature(EDITOR, '../../editor/use-editor')).toBeNull();
    expect(foreignFeature(EDITOR, '../../../ui/button')).toBeNull();
    expect(foreignFeature(EDITOR, 'react')).toBeNull();
    expect(foreignFeature('/repo/src/ui/button.tsx', '../features/editor/add-page')).toBeNull();
  });
});
