import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultSettings, defaultStyle } from '../../../schemas/api/settings';
import type { TTeamMember } from '../../../schemas/api/team';
import { CollaboratePanel, LINKS_CLOSED_HINT } from '../../../src/features/editor/collaborate-popover';
import { TeamMembers } from '../../../src/features/editor/team-members';
import { createFakeApi } from '../projects/fake-api';
import { SAMPLE_USER } from '../render-app';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

const questionId = 'q_collab_0001';
const member = (userId: string, username: string, powerType: number, isOwner = false): TTeamMember => ({
  userId,
  username,
  headImg: '',
  powerType,
  isOwner,
  joinTime: '2025-05-01T08:00:00.000Z',
});
const TEAM = [
  member('owner-1', '韩梅梅', 1, true),
  member(SAMPLE_USER.userId, SAMPLE_USER.username, 1),
  member('u-edit', '王小明', 2),
  member('u-view', '赵敏', 3),
];

function fakeTeam(options: { linksOpen?: boolean } = {}) {
  let open = options.linksOpen ?? true;
  let n = 0;
  const code = (body: Record<string, unknown>) => ({
    teamWorkCodeId: `id-${++n}`,
    workCode: `code-${n}`,
    powerType: body.powerType,
    validFrom: '2025-05-01',
    validTo: '2025-05-08',
  });
  api.current = createFakeApi({
    'activity/question/getWxQuestionSetting': () => ({
      settings: { ...defaultSettings(), isFriendAddTeamWork: open ? 1 : 0 },
      style: defaultStyle(),
      version: 1,
    }),
    'code/setFriendAddTeamWork': (body) => {
      open = body.isFriendAddTeamWork === 1;
      return { isFriendAddTeamWork: body.isFriendAddTeamWork };
    },
    'activity/question/getTeamWorkCode': code,
    'code/resetTeamWorkCode': (body) => ({ ...code(body), revoked: 2 }),
    'code/getTeamMemberList': () => TEAM,
    'code/updateMemberPower': () => null,
    'code/removeMember': () => null,
  });
}

function renderPanel(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('协作 popover (spec §6, §9)', () => {
  it('copies the invitation with the chosen power: link, title, validity and the computer-browser instruction', async () => {
    const user = userEvent.setup();
    fakeTeam();
    renderPanel(<CollaboratePanel questionId={questionId} title="员工满意度调查" powerType={1} isOwner />);
    await user.click(screen.getByRole('radio', { name: '可编辑' }));
    await user.click(screen.getByRole('button', { name: '复制邀请链接' }));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    expect(api.current!.callsTo('activity/question/getTeamWorkCode')).toEqual([{ questionId, powerType: 2 }]);
    const text = await navigator.clipboard.readText();
    expect(text).toContain(`${location.origin}/cooperation.html?work_code=code-1`);
    expect(text).toContain('员工满意度调查');
    expect(text).toContain('有效期：2025-05-01 至 2025-05-08');
    expect(text).toContain('请在电脑浏览器中打开链接');
    expect(screen.getByText('有效期：2025-05-01 至 2025-05-08')).toBeInTheDocument();
  });

  it('with 允许通过邀请链接加入 off the copy button is disabled with the reason; the owner turns it on', async () => {
    const user = userEvent.setup();
    fakeTeam({ linksOpen: false });
    renderPanel(<CollaboratePanel questionId={questionId} title="员工满意度调查" powerType={1} isOwner />);
    const copy = screen.getByRole('button', { name: '复制邀请链接' });
    expect(await screen.findByText(LINKS_CLOSED_HINT)).toBeInTheDocument();
    expect(copy).toBeDisabled();
    expect(copy).toHaveAccessibleDescription(LINKS_CLOSED_HINT);
    expect(screen.getByRole('button', { name: '重置链接' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '可管理' })).toBeDisabled();
    const toggle = screen.getByRole('switch', { name: '允许通过邀请链接加入' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(api.current!.callsTo('code/setFriendAddTeamWork')).toEqual([{ questionId, isFriendAddTeamWork: 1 }]);
    await waitFor(() => expect(copy).toBeEnabled());
    expect(toggle).toBeChecked();
    expect(screen.queryByText(LINKS_CLOSED_HINT)).not.toBeInTheDocument();
  });

  it('重置链接 asks first, then revokes the earlier links and copies a fresh one', async () => {
    const user = userEvent.setup();
    fakeTeam();
    renderPanel(<CollaboratePanel questionId={questionId} title="员工满意度调查" powerType={1} isOwner />);
    await user.click(screen.getByRole('button', { name: '重置链接' }));
    const confirm = screen.getByRole('group', { name: '确认重置链接' });
    expect(confirm).toHaveTextContent('之前发出的邀请链接将全部失效');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(api.current!.callsTo('code/resetTeamWorkCode')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '重置链接' }));
    await user.click(screen.getByRole('button', { name: '确认重置' }));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    expect(api.current!.callsTo('code/resetTeamWorkCode')).toEqual([{ questionId, powerType: 3 }]);
    expect(await navigator.clipboard.readText()).toContain('work_code=code-1');
    expect(screen.getByTestId('invite-link')).toHaveTextContent('work_code=code-1');
  });

  it('only the creator holds the switch', async () => {
    fakeTeam();
    renderPanel(<CollaboratePanel questionId={questionId} title="员工满意度调查" powerType={1} isOwner={false} />);
    expect(screen.getByRole('switch', { name: '允许通过邀请链接加入' })).toBeDisabled();
    expect(screen.getByText('只有项目创建者可以修改此设置')).toBeInTheDocument();
  });
});

describe('协作成员', () => {
  it('a manager collaborator changes and removes other members, but not the creator nor themselves', async () => {
    const user = userEvent.setup();
    fakeTeam();
    renderPanel(<TeamMembers questionId={questionId} powerType={1} />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText('创建者')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('我')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('可管理')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: '赵敏的权限' }), '可编辑');
    expect(api.current!.callsTo('code/updateMemberPower')).toEqual([{ questionId, userId: 'u-view', powerType: 2 }]);
    await user.click(screen.getByRole('button', { name: '移除王小明' }));
    await user.click(screen.getByRole('button', { name: '确认移除' }));
    await waitFor(() => expect(api.current!.callsTo('code/removeMember')).toEqual([{ questionId, userId: 'u-edit' }]));
  });

  it('an edit or view collaborator only sees who is in, with their powers', async () => {
    fakeTeam();
    renderPanel(<TeamMembers questionId={questionId} powerType={2} />);
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /移除/ })).not.toBeInTheDocument();
    expect(screen.getByText('可编辑')).toBeInTheDocument();
    expect(screen.getByText('可查看')).toBeInTheDocument();
  });
});
