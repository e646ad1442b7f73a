import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES, type TWebhookItem } from '../../../schemas/api/webhooks';
import * as api from '../../../src/api/webhooks';
import { WebhookDialog } from '../../../src/features/webhooks/webhook-dialog';

vi.mock('../../../src/api/webhooks', async (original) => {
  const real = await original<typeof import('../../../src/api/webhooks')>();
  return { ...real, saveWebhook: vi.fn() };
});

const SAVED: TWebhookItem = {
  webhookId: 'wh1',
  url: 'https://example.com/hook',
  secret: 'whsec_abc',
  events: ['sheet.accepted'],
  enabled: true,
  disabledReason: null,
  consecutiveFailures: 0,
  createTime: '2026-06-01T02:00:00.000Z',
  lastDelivery: null,
};

function open(
  offered: TWebhookItem['events'] = ['sheet.accepted', 'order.paid'],
  webhook: TWebhookItem | null = null,
  owner: api.TWebhookOwner = { questionId: 'q_1' },
) {
  const onSaved = vi.fn();
  render(<WebhookDialog owner={owner} offered={offered} webhook={webhook} open onClose={() => {}} onSaved={onSaved} />);
  return { onSaved };
}

afterEach(() => vi.resetAllMocks());

describe('添加推送地址', () => {
  it('offers only the events of the project kind, the first one ticked', () => {
    open();
    expect(screen.getByRole('checkbox', { name: /收到答卷/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /订单支付成功/ })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /新预约/ })).toBeNull();
    expect(screen.getByRole('switch', { name: '启用' })).toBeChecked();
  });

  it('says what is wrong before asking the server: no URL, not http(s), no event', async () => {
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByText(WEBHOOK_MESSAGES.urlRequired)).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText(/example\.com/), 'ftp://example.com');
    expect(screen.getByText(WEBHOOK_MESSAGES.urlInvalid)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /收到答卷/ }));
    expect(screen.getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(api.saveWebhook).not.toHaveBeenCalled();
  });

  it('saves a valid webhook with the ticked events and the switch', async () => {
    const user = userEvent.setup();
    vi.mocked(api.saveWebhook).mockResolvedValue(SAVED);
    const { onSaved } = open();
    await user.type(screen.getByPlaceholderText(/example\.com/), '  https://example.com/hook ');
    await user.click(screen.getByRole('checkbox', { name: /订单支付成功/ }));
    await user.click(screen.getByRole('switch', { name: '启用' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(SAVED));
    expect(api.saveWebhook).toHaveBeenCalledWith({
      questionId: 'q_1',
      webhookId: undefined,
      url: 'https://example.com/hook',
      events: ['sheet.accepted', 'order.paid'],
      enabled: false,
    });
  });

  it("shows the server's refusal (a private address) in the dialog", async () => {
    const user = userEvent.setup();
    vi.mocked(api.saveWebhook).mockRejectedValue(new Error(WEBHOOK_MESSAGES.urlBlocked));
    open(['sheet.accepted'], SAVED);
    expect(screen.getByRole('heading', { name: '编辑推送地址' })).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText(/example\.com/));
    await user.type(screen.getByPlaceholderText(/example\.com/), 'http://192.168.1.2/hook');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WEBHOOK_MESSAGES.urlBlocked);
  });
});

describe("a vote's 添加推送地址", () => {
  it('offers 新投票 only and saves the webhook for the vote', async () => {
    const user = userEvent.setup();
    vi.mocked(api.saveWebhook).mockResolvedValue({ ...SAVED, events: ['ballot.cast'] });
    const { onSaved } = open(['ballot.cast'], null, { voteId: 'v_12345678' });
    expect(screen.getByRole('checkbox', { name: /新投票/ })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /收到答卷/ })).toBeNull();
    await user.type(screen.getByPlaceholderText(/example\.com/), 'https://example.com/votes');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.saveWebhook).toHaveBeenCalledWith({
      voteId: 'v_12345678',
      webhookId: undefined,
      url: 'https://example.com/votes',
      events: ['ballot.cast'],
      enabled: true,
    });
  });
});
