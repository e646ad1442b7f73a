import { describe, expect, it } from 'vitest';
import { KINDS } from '../../../src/app/kinds';
import { sidebarEntries } from '../../../src/app/layout/work-sidebar';
import { routeByPath } from '../../../src/app/route-table';

/** Spec §2 "Workbench and sidebar" table. */
const TABLE = {
  questionnaire: ['/questionnaire/create.html', '/questionnaire/templateLibrarySurvey.html', '/questionnaire/delete.html'],
  voting: ['/voting/create.html', '/voting/templateLibrary.html', '/voting/delete.html'],
  exam: [undefined, '/questionnaire/templateLibraryExam.html', '/questionnaire/deleteExam.html'],
  form: [undefined, '/questionnaire/templateLibraryForm.html', '/questionnaire/deleteForm.html'],
  solitaire: [undefined, '/questionnaire/templateLibrarySolitaire.html', '/questionnaire/deleteSolitaire.html'],
  online: [undefined, '/questionnaire/templateLibraryOnline.html', '/questionnaire/deleteOnline.html'],
  appoint: [undefined, '/questionnaire/templateLibraryAppoint.html', '/questionnaire/deleteAppoint.html'],
} as const;

describe('work sidebar menus', () => {
  it.each(KINDS.map((kind) => [kind.kind, kind] as const))('%s has the spec paths', (name, kind) => {
    const entries = sidebarEntries(kind);
    const byType = Object.fromEntries(entries.map((entry) => [entry.type, entry.to]));
    const [create, templates, recycle] = TABLE[name];
    if (create) expect(byType[2]).toBe(create);
    expect(byType[3]).toBe(templates);
    expect(byType[4]).toBe(recycle);
    expect(byType[5]).toBe(name === 'voting' ? undefined : '/questionnaire/writeRecord.html');
    expect(entries.map((entry) => entry.type)).toEqual(name === 'voting' ? [1, 2, 3, 4] : [1, 2, 3, 5, 4]);
    for (const entry of entries) expect(routeByPath(entry.to), entry.to).toBeDefined();
  });
});
