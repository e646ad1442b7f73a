import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
import { KINDS } from '../../../src/app/kinds';
import { sidebarEntries } from '../../../src/app/layout/work-sidebar';
import { routeByPath } from '../../../src/app/route-table';
import { createFakeApi, FREE, listOf, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

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

describe('the one-time recycle-bin hint', () => {
  afterEach(() => {
    forgetSession();
    localStorage.clear();
  });

  const hint = () => screen.queryByRole('note');

  it('shows under the bin at first, 知道了 hides it, and it stays hidden after a reload', async () => {
    localStorage.clear();
    markSession();
    api.current = createFakeApi({ 'activity/question/getWxQuestionList': listOf([]), 'activity/question/getQuestionCount': () => FREE });
    const user = userEvent.setup();
    const first = await renderApp('/questionnaire/list.html');
    const sidebar = await screen.findByRole('complementary', { name: '工作台菜单' });
    const note = await within(sidebar).findByRole('note');
    expect(note).toHaveTextContent('删除的项目会永久保留在回收站，你可以随时恢复，或将其彻底删除。');
    // It sits under the survey kind's 回收站 entry.
    expect(note.closest('li')!.querySelector('a')).toHaveAttribute('href', '/questionnaire/delete.html');

    await user.click(within(note).getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(hint()).toBeNull());
    expect(localStorage.getItem('hint.recycleBin')).toBe('1');

    first.unmount();
    await renderApp('/questionnaire/exam.html');
    await screen.findByRole('complementary', { name: '工作台菜单' });
    expect(screen.getAllByRole('link', { name: '回收站' }).length).toBeGreaterThan(0);
    expect(hint()).toBeNull();
  });
});
