import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TGroupBuyShape } from '../../../schemas/api/groupbuy';
import { forgetAreas } from '../../../src/respond/areas';
import { GroupBuyOrderForm, type TBuyer } from '../../../src/respond/groupbuy/groupbuy-order-form';

// The group-buy order form (团购接龙) with its address as a region subject: province → city → district and the
// detail, asked for delivery only; the order cannot be placed until the levels the subject asks are chosen.
const AREAS: Record<string, { code: string; name: string }[]> = {
  root: [{ code: '330000', name: '浙江省' }],
  '330000': [{ code: '330100', name: '杭州市' }],
  '330100': [{ code: '330106', name: '西湖区' }],
};
beforeEach(() => {
  forgetAreas();
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const { parentCode } = JSON.parse(String(init.body)) as { parentCode?: string };
    return new Response(JSON.stringify({ resultCode: '200', resultMsg: '成功', data: AREAS[parentCode ?? 'root'] ?? [] }));
  });
});
afterEach(() => vi.unstubAllGlobals());

const shape = (patch: Partial<TGroupBuyShape> = {}): TGroupBuyShape => ({
  nameSubjectId: 'name',
  phoneSubjectId: null,
  pickupSubjectId: 'pickup',
  addressSubjectId: 'addr',
  addressRegion: { level: 'district', detail: 'required' },
  addressRequired: false,
  points: [
    { id: 'east', title: '东门驿站', delivery: false },
    { id: 'home', title: '送货上门', delivery: true },
  ],
  unsupported: [],
  ...patch,
});

function renderForm(s: TGroupBuyShape) {
  const placed: TBuyer[] = [];
  render(<GroupBuyOrderForm shape={s} totalFen={5800} units={1} busy={false} error={null} onSubmit={(b) => placed.push(b)} />);
  return placed;
}

describe('group-buy order form with a region address', () => {
  it('delivery asks province, city, district and the detail; the button names what is missing until all are given', async () => {
    const user = userEvent.setup();
    const placed = renderForm(shape());
    await user.type(screen.getByPlaceholderText('请输入姓名'), '王小明');
    await user.click(screen.getByRole('radio', { name: '东门驿站' }));
    expect(screen.queryByRole('group', { name: '收货地址' })).toBeNull();
    expect(screen.getByRole('button', { name: '提交订单' })).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: '送货上门' }));
    expect(screen.getByRole('group', { name: '收货地址' })).toBeVisible();
    expect(screen.getByRole('button', { name: '请选择收货省份' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('option', { name: '浙江省' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('省份'), '浙江省');
    expect(screen.getByRole('button', { name: '请选择收货城市' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('option', { name: '杭州市' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('城市'), '杭州市');
    await waitFor(() => expect(screen.getByRole('option', { name: '西湖区' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('区县'), '西湖区');
    expect(screen.getByRole('button', { name: '请填写详细地址' })).toBeDisabled();
    await user.type(screen.getByLabelText('详细地址'), '文三路 90 号');
    await user.click(screen.getByRole('button', { name: '提交订单' }));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      name: '王小明',
      point: 'home',
      region: { province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 90 号' },
    });
  });

  it('a required address is asked of a buyer who picks up too, down to the subject’s level only', async () => {
    const user = userEvent.setup();
    renderForm(shape({ addressRequired: true, addressRegion: { level: 'province', detail: 'none' } }));
    await user.type(screen.getByPlaceholderText('请输入姓名'), '李四');
    await user.click(screen.getByRole('radio', { name: '东门驿站' }));
    expect(screen.getByRole('button', { name: '请选择收货省份' })).toBeDisabled();
    expect(screen.queryByLabelText('城市')).toBeNull();
    expect(screen.queryByLabelText(/详细地址/)).toBeNull();
  });

  it('without pick-up points a fill-in address is asked of every buyer', async () => {
    const user = userEvent.setup();
    const placed = renderForm(shape({ pickupSubjectId: null, points: [], addressRegion: null }));
    await user.type(screen.getByPlaceholderText('请输入姓名'), '张三');
    expect(screen.getByRole('button', { name: '请填写收货地址' })).toBeDisabled();
    await user.type(screen.getByPlaceholderText('小区、楼栋、门牌号'), '幸福小区 5 栋 302');
    await user.click(screen.getByRole('button', { name: '提交订单' }));
    expect(placed[0]).toMatchObject({ address: '幸福小区 5 栋 302' });
  });
});
