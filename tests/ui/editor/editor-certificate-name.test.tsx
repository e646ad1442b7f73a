import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCertificateSetting } from '../../../schemas/api/certificate';
import { subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { forgetSession, markSession } from '../../../src/api/token';
import { P, fakeProject, openEditor } from './editor-fake';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

beforeEach(() => markSession());
afterEach(() => forgetSession());

let seq = 0;
const subject = (type: number, title: string): TSubject => {
  const s = subjectEntry(type).create({ uuid: `c${++seq}`, indexSort: seq, newId: () => `co${++seq}` });
  return { ...s, title } as TSubject;
};
const setting = (nameSubject = ''): TCertificateSetting => ({
  enabled: true,
  title: '结业证书',
  body: '{姓名}取得{分数}分。',
  issuer: '',
  passScore: 6,
  maxScore: 10,
  issued: 0,
  nameSubject,
});

async function open(subjects: TSubject[]) {
  await openEditor(
    fakeProject(api, {
      questionType: 2,
      subjects,
      handlers: {
        [`${P}/certificate/getCertificateSetting`]: () => setting(),
        [`${P}/certificate/saveCertificateSetting`]: (body) => setting((body as { nameSubject: string }).nameSubject),
      },
    }),
    'setting',
  );
}

describe('editor settings: 考试证书 — 证书姓名取自', () => {
  it('names the 姓名 subject it takes by default and saves another single-line text when chosen', async () => {
    const user = userEvent.setup();
    const choice = subject(1, '第1题');
    const name = subject(6, '考生姓名');
    const other = subject(6, '准考证上的名字');
    await open([choice, name, other]);
    const select = await screen.findByRole('combobox', { name: '证书姓名取自' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['自动：「考生姓名」题的答案', '「考生姓名」题的答案', '「准考证上的名字」题的答案']);
    await user.selectOptions(select, other.uuid);
    await user.click(screen.getByRole('button', { name: '保存证书设置' }));
    await waitFor(() => expect(api.current!.callsTo(`${P}/certificate/saveCertificateSetting`).at(-1)).toMatchObject({ nameSubject: other.uuid }));
  });

  it('says the name is typed when the exam has no 姓名 subject', async () => {
    await open([subject(1, '第1题'), subject(6, '工号')]);
    const select = await screen.findByRole('combobox', { name: '证书姓名取自' });
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent('自动：试卷中没有姓名题，领取时填写');
  });
});
