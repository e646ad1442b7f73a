import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { defaultSettings, defaultStyle } from '../../../schemas/api/settings';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp } from '../render-app';
import { createFakeApi, project } from '../projects/fake-api';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

beforeEach(() => markSession());
afterEach(() => forgetSession());

// Issue 16.16: the editor's 在线客服 said "已收到您的请求" and sent nothing, under a drawn (not real) QR code
// promising a WeChat agent. The help popover now only offers what exists: the help centre.
it('the editor help popover offers the help centre and promises no customer service', async () => {
  const P = 'activity/question';
  const questionId = 'q_editor_help_test';
  api.current = createFakeApi({
    [`${P}/getWxQuestion`]: () => project({ questionId, title: '员工满意度调查', powerType: 1, isTeamWork: 0, version: 1 }),
    [`${P}/getSubject`]: () => ({ subjects: [], logic: {}, version: 1 }),
    [`${P}/getWxQuestionSetting`]: () => ({ settings: defaultSettings(), style: defaultStyle(), version: 1 }),
    [`${P}/getConclusionList`]: () => [],
  });
  const user = userEvent.setup();
  await renderApp(`/questionnaire/edit/subject.html?questionId=${questionId}`);
  await screen.findByRole('link', { name: '逻辑' });
  await user.click(screen.getByRole('button', { name: '帮助' }));
  const panel = await screen.findByRole('dialog', { name: '帮助' });
  expect(within(panel).getByRole('link', { name: /帮助中心/ })).toHaveAttribute('href', '/help.html');
  // Issue 48 item 1: THE guide of the screen in use, by its slug (the same on every database).
  expect(within(panel).getByRole('link', { name: '题目帮助' })).toHaveAttribute('href', '/help.html?article=editor-add-subjects');
  expect(within(panel).queryAllByRole('button')).toEqual([]);
  expect(panel.textContent).not.toMatch(/客服|已收到/);
  await waitFor(() => expect(document.body.textContent).not.toMatch(/已收到您的请求/));
});
