import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TGroupBuyManageOrder } from '../../../schemas/api/groupbuy';
import { LOGISTICS_MESSAGES } from '../../../schemas/logistics/carriers';
import { GroupBuyOrderTable } from '../../../src/features/chain/groupbuy-order-table';
import { AppToaster } from '../../../src/ui/toast';

// Issue 49: the group-buy manage table ships a paid order with the orders screen's dialog (carrier + number).
const shipOrderWith = vi.fn();
/** The server's refusal of the next shipping, if any (a rejected promise the dialog catches). */
let refuse = '';
vi.mock('../../../src/api/logistics', () => ({
  shipOrderWith: (body: unknown) => (refuse ? Promise.reject(new Error(refuse)) : Promise.resolve(shipOrderWith(body))),
  batchShip: vi.fn(),
}));

const order = (seq: number, state: TGroupBuyManageOrder['state'], shipping: TGroupBuyManageOrder['shipping'] = null): TGroupBuyManageOrder => ({
  seq,
  orderNo: `2026120400000000000${seq}`,
  name: `买家${seq}`,
  phone: '13800005678',
  point: '南门',
  address: '',
  lines: [{ productId: 'p1', title: '草莓', spec: '1斤', quantity: 1, amountFen: 1000 }],
  amountFen: 1000,
  state,
  createdAt: new Date().toISOString(),
  shipping,
});
const SHIPPED = { carrier: 'SF', carrierName: '顺丰速运', trackingNo: 'SF1234567890', shippedAt: new Date().toISOString() };

beforeEach(() => {
  shipOrderWith.mockReset();
  refuse = '';
});

function table(orders: TGroupBuyManageOrder[], canEdit = true) {
  const onShipped = vi.fn();
  render(
    <>
      <AppToaster />
      <GroupBuyOrderTable questionId="gb-q1" orders={orders} canEdit={canEdit} onCollect={vi.fn()} onCancel={vi.fn()} onShipped={onShipped} />
    </>,
  );
  return onShipped;
}
const rowOf = (seq: number) => screen.getAllByTestId('gb-order-row').find((r) => within(r).queryByText(`买家${seq}`))!;

describe('团购订单：发货', () => {
  it('offers 发货 on paid orders only, ships with carrier and number, and reads the list again', async () => {
    const user = userEvent.setup();
    shipOrderWith.mockResolvedValue({ orderNo: '20261204000000000001', state: 'shipped', shipping: SHIPPED, corrected: false });
    const onShipped = table([order(1, 'paid'), order(2, 'created'), order(3, 'shipped', SHIPPED)]);
    expect(within(rowOf(2)).queryByRole('button', { name: '发货' })).toBeNull();
    expect(within(rowOf(3)).getByTestId('shipping-line')).toHaveTextContent('SF1234567890');
    expect(within(rowOf(3)).getByRole('button', { name: '修改物流' })).toBeInTheDocument();

    await user.click(within(rowOf(1)).getByRole('button', { name: '发货' }));
    const dialog = await screen.findByRole('dialog', { name: '订单发货' });
    const confirm = within(dialog).getByRole('button', { name: '确认发货' });
    expect(confirm).toBeDisabled();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '快递公司' }), 'SF');
    await user.type(within(dialog).getByRole('textbox', { name: '快递单号' }), 'SF-12');
    expect(within(dialog).getByText(LOGISTICS_MESSAGES.trackingNo)).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox', { name: '快递单号' }));
    await user.type(within(dialog).getByRole('textbox', { name: '快递单号' }), 'SF1234567890');
    await user.click(confirm);
    expect(shipOrderWith).toHaveBeenCalledWith({ questionId: 'gb-q1', orderNo: '20261204000000000001', carrier: 'SF', trackingNo: 'SF1234567890' });
    expect(await screen.findByText('已发货')).toBeInTheDocument();
    expect(onShipped).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the server’s refusal and keeps the dialog', async () => {
    const user = userEvent.setup();
    refuse = '已退款的订单不能发货';
    table([order(1, 'paid')]);
    await user.click(screen.getByRole('button', { name: '发货' }));
    const dialog = await screen.findByRole('dialog', { name: '订单发货' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '快递公司' }), 'ZTO');
    await user.type(within(dialog).getByRole('textbox', { name: '快递单号' }), '78000011112222');
    await user.click(within(dialog).getByRole('button', { name: '确认发货' }));
    expect(await screen.findByText('已退款的订单不能发货')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '订单发货' })).toBeInTheDocument();
  });

  it('a view-only member sees the shipping but no buttons', () => {
    table([order(1, 'paid'), order(3, 'shipped', SHIPPED)], false);
    expect(screen.queryByRole('button', { name: '发货' })).toBeNull();
    expect(screen.getByTestId('shipping-line')).toHaveTextContent('顺丰速运');
  });
});
