import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TGroupBuyManageView } from '../../../schemas/api/groupbuy';
import { PickupCopyButton } from '../../../src/features/chain/groupbuy-summary';
import { AppToaster } from '../../../src/ui/toast';

/** Issue 47 item 3: the organiser copies a group-buy's pick-up summary as text for the group, in one tap. */
const order = (seq: number, name: string, point: string, state: TGroupBuyManageView['orders'][number]['state']): TGroupBuyManageView['orders'][number] => ({
  seq,
  orderNo: `2026000000000000000${seq}`,
  name,
  phone: '13800005678',
  point,
  address: '',
  lines: [{ productId: 'p1', title: '草莓', spec: '1斤', quantity: seq, amountFen: 1000 * seq }],
  amountFen: 1000 * seq,
  state,
  createdAt: new Date().toISOString(),
  shipping: null,
});
const view = (orders: TGroupBuyManageView['orders']): Pick<TGroupBuyManageView, 'title' | 'shape' | 'orders'> => ({
  title: '周五草莓团',
  shape: {
    nameSubjectId: null,
    phoneSubjectId: null,
    pickupSubjectId: null,
    addressSubjectId: null,
    addressRegion: null,
    addressRequired: false,
    points: [
      { id: 'a', title: '南门', delivery: false },
      { id: 'b', title: '北门', delivery: false },
    ],
    unsupported: [],
  },
  orders,
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('复制自提汇总', () => {
  it('copies the orders per pick-up point with the totals, and says it did', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <>
        <AppToaster />
        <PickupCopyButton view={view([order(1, '张三', '北门', 'paid'), order(2, '李四', '南门', 'created'), order(3, '王五', '南门', 'closed')])} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: '复制自提汇总' }));
    expect(writeText).toHaveBeenCalledWith(
      [
        '#团购自提 周五草莓团',
        '共 2 单',
        '',
        '【南门】1 单',
        '1. 李四 尾号5678 草莓(1斤)×2 [未付]',
        '',
        '【北门】1 单',
        '1. 张三 尾号5678 草莓(1斤)×1',
        '',
        '合计',
        '草莓(1斤)×3',
      ].join('\n'),
    );
    expect(await screen.findByText('已复制自提汇总，可粘贴到群里')).toBeTruthy();
  });

  it('is off while there is no order', () => {
    render(<PickupCopyButton view={view([])} />);
    expect(screen.getByRole('button', { name: '复制自提汇总' })).toBeDisabled();
  });
});
