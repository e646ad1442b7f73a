import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { devCalls } from '../../../schemas/api/dev';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { machineRegistry } from '../../../machines/registry';
import { call } from '../../../src/api/client';
import { DevFlowsPage } from '../../../src/features/dev-flows/dev-flows-page';

vi.mock('../../../src/api/client', async (importOriginal) => ({ ...(await importOriginal()), call: vi.fn() }));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetAllMocks();
});

async function renderFlows(href: string) {
  const root = createRootRoute({ component: Outlet });
  const flows = createRoute({ getParentRoute: () => root, path: '/dev/flows', component: DevFlowsPage });
  const router = createRouter({ routeTree: root.addChildren([flows]), history: createMemoryHistory({ initialEntries: [href] }) });
  await act(() => router.load());
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const currentState = () => screen.getByTestId('current-state');

describe('flow simulator page', () => {
  it('lists every registered machine with its purpose and drives the chosen one', async () => {
    const user = userEvent.setup();
    const router = await renderFlows('/dev/flows?machine=session');
    const list = await screen.findByRole('navigation', { name: '状态机' });
    for (const entry of machineRegistry)
      expect(within(list).getByRole('button', { name: new RegExp(`^${entry.id}(?![a-z0-9-])`) })).toHaveTextContent(entry.purpose.zh);
    expect(currentState()).toHaveTextContent('checking');

    // A running stand-in: the tester picks its outcome; the history shows the state after each step.
    await user.click(within(screen.getByRole('group', { name: 'loadUser 的结果' })).getByRole('button', { name: 'user' }));
    expect(currentState()).toHaveTextContent('authenticated');
    await user.click(screen.getByRole('button', { name: 'session.logout' }));
    expect(currentState()).toHaveTextContent('loggingOut');
    expect(screen.getByTestId('context')).toHaveTextContent('"username": "问卷用户8000"');

    await user.click(screen.getByRole('button', { name: '回到第 1 步' }));
    expect(currentState()).toHaveTextContent('authenticated');
    expect(within(screen.getByRole('region', { name: /^历史/ })).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: /^qr-login\b/ }));
    expect(router.state.location.search).toEqual({ machine: 'qr-login' });
    expect(currentState()).toHaveTextContent('loading');
    expect(call).not.toHaveBeenCalled();
  });

  it('sends an event edited as JSON', async () => {
    const user = userEvent.setup();
    await renderFlows('/dev/flows?machine=session');
    await user.click(within(await screen.findByRole('group', { name: 'loadUser 的结果' })).getByRole('button', { name: 'guest' }));
    expect(currentState()).toHaveTextContent('anonymous');

    await user.click(screen.getByRole('button', { name: '编辑 session.login 的数据' }));
    const editor = screen.getByLabelText('事件 JSON');
    await user.clear(editor);
    await user.type(editor, '{{"type": "session.login", "token": "t", "user": null}');
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(currentState()).toHaveTextContent('authenticated');
    expect(screen.getByTestId('context')).toHaveTextContent('"user": null');
  });

  it('lists paths and replays one to its end', async () => {
    const user = userEvent.setup();
    await renderFlows('/dev/flows?machine=creation');
    const paths = await screen.findByRole('list', { name: '最短路径' }, { timeout: 10_000 });
    const toCreated = within(paths)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText('created', { exact: true }))!;
    await user.click(within(toCreated).getByRole('button', { name: /^重放/ }));
    const player = screen.getByRole('region', { name: '路径重放' });
    expect(within(player).getByRole('status')).toHaveTextContent('第 0 / 3 步');
    await user.click(within(player).getByRole('button', { name: '到结尾' }));
    expect(within(player).getByRole('status')).toHaveTextContent('已到结尾（3 步）');
    expect(currentState()).toHaveTextContent('created');
  });

  it('in a production build shows nothing unless the server allows it', async () => {
    vi.stubEnv('DEV', false);
    vi.mocked(call).mockResolvedValue({ flows: false } as never);
    await renderFlows('/dev/flows');
    expect(await screen.findByText('流程模拟器未开启')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(devCalls.config, {});
    expect(screen.queryByRole('navigation', { name: '状态机' })).not.toBeInTheDocument();
  });
});
