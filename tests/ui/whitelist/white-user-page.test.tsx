import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TWhiteEntry, TWhiteSetting } from '../../../schemas/api/whitelist';
import * as api from '../../../src/api/whitelist';
import * as question from '../../../src/api/question';
import { WhiteUserPage } from '../../../src/features/whitelist/white-user-page';
import { renderAuth } from '../auth/render-auth';

vi.mock('../../../src/api/whitelist', async (original) => {
  const real = await original<typeof import('../../../src/api/whitelist')>();
  return { ...real, whiteSettingQuery: vi.fn(), whitePageQuery: vi.fn(), batchAddWhite: vi.fn(), updateWhiteSetting: vi.fn() };
});
vi.mock('../../../src/api/question', async (original) => {
  const real = await original<typeof import('../../../src/api/question')>();
  return { ...real, questionInfoQuery: vi.fn() };
});

const SETTING: TWhiteSetting = { enabled: false, mode: 'phone', fieldLabel: '工号', answersPerEntry: 1, total: 0, answered: 0 };
const ENTRY: TWhiteEntry = {
  whiteId: '1',
  mode: 'phone',
  phone: '13800138000',
  name: '张三',
  field: '',
  code: '',
  answerCount: 1,
  answeredAt: '2026-06-01T02:00:00.000Z',
  sheetId: 'sheet01',
  createTime: '2026-05-01T02:00:00.000Z',
};

function serve(setting: TWhiteSetting, list: TWhiteEntry[]) {
  vi.mocked(question.questionInfoQuery).mockReturnValue({
    queryKey: ['info'],
    queryFn: () => Promise.resolve({ title: '岗前考试', powerType: 1 }),
  } as never);
  vi.mocked(api.whiteSettingQuery).mockReturnValue({
    queryKey: ['whitelist', 'q_12345678', 'setting'],
    queryFn: () => Promise.resolve(setting),
    retry: false,
  } as never);
  vi.mocked(api.whitePageQuery).mockImplementation(
    (body) => ({ queryKey: ['whitelist', 'q_12345678', 'page', body], queryFn: () => Promise.resolve({ list, total: list.length }), retry: false }) as never,
  );
}
const open = () => renderAuth('/whiteUser.html?questionId=q_12345678', { '/whiteUser.html': WhiteUserPage });

afterEach(() => vi.resetAllMocks());

describe('答题白名单 (/whiteUser.html)', () => {
  it('an empty list invites adding; pasted lines report the refused ones by line', async () => {
    serve(SETTING, []);
    vi.mocked(api.batchAddWhite).mockResolvedValue({ added: 1, duplicates: 0, invalid: [{ line: 2, text: '12345', message: '请输入正确的手机号' }], total: 1 });
    const user = userEvent.setup();
    await open();
    expect(await screen.findByText('还没有白名单')).toBeInTheDocument();
    expect(screen.getByTestId('white-state')).toHaveTextContent('未开启');
    await user.click(screen.getAllByRole('button', { name: '添加白名单' })[0]!);
    await user.type(screen.getByLabelText('粘贴名单'), '13800138000 张三{enter}12345');
    await user.click(screen.getByRole('button', { name: '添加' }));
    expect(api.batchAddWhite).toHaveBeenCalledWith('q_12345678', ['13800138000 张三', '12345']);
    expect(await screen.findByTestId('white-add-result')).toHaveTextContent('第 2 行「12345」：请输入正确的手机号');
  });

  it('each entry shows its answer status, time and a link to its sheet', async () => {
    serve({ ...SETTING, enabled: true, total: 1, answered: 1 }, [ENTRY]);
    await open();
    const table = await screen.findByTestId('white-table');
    expect(table).toHaveTextContent('13800138000');
    expect(table).toHaveTextContent('已作答');
    expect(screen.getByRole('link', { name: '查看答卷' })).toHaveAttribute(
      'href',
      '/questionnaire/answerSheetDetail.html?questionId=q_12345678&sheetId=sheet01',
    );
    expect(screen.getByTestId('white-state')).toHaveTextContent('已开启');
  });
});
