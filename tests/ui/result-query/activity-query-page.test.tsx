import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUERY_MESSAGES, type TQueryForm } from '../../../schemas/api/result-query';
import { ApiError } from '../../../src/api/client';
import * as api from '../../../src/api/result-query';
import { ActivityQueryPage } from '../../../src/features/result-query/activity-query-page';
import { renderAuth } from '../auth/render-auth';

vi.mock('../../../src/api/result-query', async (original) => {
  const real = await original<typeof import('../../../src/api/result-query')>();
  return { ...real, sendQuerySms: vi.fn(), queryResult: vi.fn(), queryFormQuery: vi.fn() };
});

const FORM: TQueryForm = { questionId: 'q_12345678', title: '期末考试', questionType: 2, queryKey: 'field', nameLabel: '姓名', fieldLabel: '学号' };
const withForm = (form: TQueryForm | Error) =>
  vi.mocked(api.queryFormQuery).mockReturnValue({
    queryKey: ['result-query', 'form', form instanceof Error ? 'x' : form.questionId],
    queryFn: () => (form instanceof Error ? Promise.reject(form) : Promise.resolve(form)),
    retry: false,
  } as never);
const open = (href = '/activityquery.html?questionId=q_12345678') => renderAuth(href, { '/activityquery.html': ActivityQueryPage });

afterEach(() => vi.resetAllMocks());

describe('结果查询 page (/activityquery.html)', () => {
  it('asks for the name and the field the creator picked, then shows the score and the own answers', async () => {
    withForm(FORM);
    vi.mocked(api.queryResult).mockResolvedValue({
      title: '期末考试',
      list: [
        {
          submitTime: '2026-06-01T02:00:00.000Z',
          score: { total: 90, max: 100 },
          place: null,
          entry: null,
          booking: null,
          order: null,
          answers: [{ index: 1, title: '1+1=?', text: '2' }],
        },
      ],
    });
    const user = userEvent.setup();
    await open();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('期末考试');
    await user.type(screen.getByLabelText('姓名'), '张三');
    await user.type(screen.getByLabelText('学号'), '2026001');
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(api.queryResult).toHaveBeenCalledWith({ questionId: 'q_12345678', name: '张三', value: '2026001' });
    const sheet = await screen.findByRole('article', { name: '第1份提交' });
    expect(within(sheet).getByText('得分').parentElement).toHaveTextContent('90 / 100 分');
    expect(within(sheet).getByText('2026-06-01 10:00:00', { exact: false })).toBeInTheDocument();
    expect(within(sheet).getByText('1. 1+1=?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重新查询' }));
    expect(screen.getByLabelText('姓名')).toHaveValue('');
  });

  it('shows 未查询到结果 in place and keeps what was typed', async () => {
    withForm(FORM);
    vi.mocked(api.queryResult).mockRejectedValue(new ApiError('404', QUERY_MESSAGES.none));
    const user = userEvent.setup();
    await open();
    await user.type(await screen.findByLabelText('姓名'), '李四');
    await user.type(screen.getByLabelText('学号'), '2026001');
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(QUERY_MESSAGES.none);
    expect(screen.getByLabelText('姓名')).toHaveValue('李四');
  });

  it('by phone: sends the code to the number typed and queries with it', async () => {
    withForm({ ...FORM, queryKey: 'phone', nameLabel: '手机号', fieldLabel: '短信验证码' });
    vi.mocked(api.sendQuerySms).mockResolvedValue(null);
    vi.mocked(api.queryResult).mockResolvedValue({ title: '期末考试', list: [] });
    const user = userEvent.setup();
    await open();
    await user.type(await screen.findByLabelText('手机号'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(api.sendQuerySms).toHaveBeenCalledWith('q_12345678', '13800138000');
    expect(await screen.findByRole('status')).toHaveTextContent('验证码已发送');
    expect(screen.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
    await user.type(screen.getByLabelText('短信验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(api.queryResult).toHaveBeenCalledWith({ questionId: 'q_12345678', phone: '13800138000', code: '123456' });
  });

  it('a chain entry, a booking and a group-buy order: each shows what its own person wants to know', async () => {
    withForm({ ...FORM, title: '周六羽毛球报名', queryKey: 'phone', nameLabel: '手机号', fieldLabel: '短信验证码' });
    const none = { score: null, place: null, entry: null, booking: null, order: null, answers: null };
    vi.mocked(api.sendQuerySms).mockResolvedValue(null);
    vi.mocked(api.queryResult).mockResolvedValue({
      title: '周六羽毛球报名',
      list: [
        { ...none, submitTime: '2026-06-01T02:00:00.000Z', entry: { name: '李四', people: 2, state: 'joined', place: 3 } },
        { ...none, submitTime: '2026-05-30T02:00:00.000Z', entry: { name: '李四', people: 1, state: 'waitlisted', place: 1 } },
        { ...none, submitTime: '2026-05-29T02:00:00.000Z', entry: { name: '李四', people: 1, state: 'withdrawn', place: null } },
      ],
    });
    const user = userEvent.setup();
    await open();
    await user.type(await screen.findByLabelText('手机号'), '13800138000');
    await user.type(screen.getByLabelText('短信验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByRole('heading', { name: '查询结果（3 条）' })).toBeInTheDocument();
    const first = screen.getByRole('article', { name: '第1条接龙' });
    expect(within(first).getByText('第 3 位')).toBeInTheDocument();
    expect(within(first).getByText('李四 · 2 人')).toBeInTheDocument();
    expect(within(first).getByText(/接龙时间 2026-06-01 10:00/)).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: '第2条接龙' })).getByText('候补第 1 位')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: '第3条接龙' })).getByText('已退出')).toBeInTheDocument();
  });

  it('a booking shows its date, time, item and state; an order its items, amount, state, 自提点 and 序号', async () => {
    withForm(FORM);
    const none = { score: null, place: null, entry: null, booking: null, order: null, answers: null };
    vi.mocked(api.queryResult).mockResolvedValue({
      title: '期末考试',
      list: [
        {
          ...none,
          submitTime: '2026-06-01T02:00:00.000Z',
          booking: { date: '2026-12-08', start: '09:00', end: '10:00', item: '2 号诊室', partySize: 2, stateName: '已预约' },
        },
        {
          ...none,
          submitTime: '2026-06-01T03:00:00.000Z',
          order: { orderNo: 'WJ20260601001', items: '四川丑橘（5斤装） ×2', amountFen: 9000, stateName: '已支付', point: '3号楼大堂', pickupNo: 12 },
        },
      ],
    });
    const user = userEvent.setup();
    await open();
    await user.type(await screen.findByLabelText('姓名'), '王小明');
    await user.type(screen.getByLabelText('学号'), '1');
    await user.click(screen.getByRole('button', { name: '查询' }));
    const booking = await screen.findByRole('article', { name: '第1份提交' });
    expect(within(booking).getByText('预约').parentElement).toHaveTextContent('2026-12-08 09:00–10:00（已预约）2 号诊室 · 2 人');
    const order = screen.getByRole('article', { name: '第2份提交' });
    expect(within(order).getByText('订单').parentElement).toHaveTextContent('¥90.00（已支付）');
    expect(within(order).getByText('四川丑橘（5斤装） ×2')).toBeInTheDocument();
    expect(within(order).getByText('取货序号 12 · 自提点：3号楼大堂')).toBeInTheDocument();
    expect(within(order).getByText('订单号 WJ20260601001')).toBeInTheDocument();
  });

  it('a project without query says so; a link without its project says so', async () => {
    withForm(new ApiError('404', QUERY_MESSAGES.closed));
    const first = await open();
    expect(await screen.findByRole('alert')).toHaveTextContent(QUERY_MESSAGES.closed);
    first.unmount();
    await open('/activityquery.html');
    expect(await screen.findByText('查询链接不完整')).toBeInTheDocument();
  });
});
