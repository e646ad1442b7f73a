import { useState } from 'react';
import type { TGroupBuyShape } from '../../../schemas/api/groupbuy';

export interface TBuyer {
  name: string;
  phone: string;
  point: string;
  address: string;
}

interface Props {
  shape: TGroupBuyShape;
  totalFen: number;
  units: number;
  busy: boolean;
  error: string | null;
  onSubmit: (buyer: TBuyer) => void;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** 我要下单: name, phone, the pick-up point (an address for delivery), the total and 提交订单. */
export function GroupBuyOrderForm({ shape, totalFen, units, busy, error, onSubmit }: Props) {
  const [buyer, setBuyer] = useState<TBuyer>({ name: '', phone: '', point: '', address: '' });
  const set = (patch: Partial<TBuyer>) => setBuyer((b) => ({ ...b, ...patch }));
  const delivery = shape.points.find((p) => p.id === buyer.point)?.delivery ?? false;
  const missing =
    units === 0
      ? '请先选择商品数量'
      : shape.nameSubjectId && !buyer.name.trim()
        ? '请填写姓名'
        : shape.phoneSubjectId && !/^1\d{10}$/.test(buyer.phone.trim())
          ? '请填写 11 位手机号'
          : shape.pickupSubjectId && !buyer.point
            ? '请选择自提点'
            : delivery && shape.addressSubjectId && !buyer.address.trim()
              ? '请填写收货地址'
              : null;
  return (
    <form
      className="c-form"
      aria-label="下单"
      onSubmit={(event) => {
        event.preventDefault();
        if (!missing) onSubmit({ ...buyer, name: buyer.name.trim(), phone: buyer.phone.trim(), address: buyer.address.trim() });
      }}
    >
      <h2 className="c-form-title">我要下单</h2>
      {shape.nameSubjectId ? (
        <label className="c-field">
          <span>姓名</span>
          <input className="r-input" value={buyer.name} maxLength={20} placeholder="请输入姓名" onChange={(e) => set({ name: e.currentTarget.value })} />
        </label>
      ) : null}
      {shape.phoneSubjectId ? (
        <label className="c-field">
          <span>手机号</span>
          <input
            className="r-input"
            value={buyer.phone}
            inputMode="numeric"
            maxLength={11}
            placeholder="用于取货通知"
            onChange={(e) => set({ phone: e.currentTarget.value.replace(/\D/g, '') })}
          />
        </label>
      ) : null}
      {shape.points.length ? (
        <fieldset className="g-points">
          <legend>取货方式</legend>
          {shape.points.map((p) => (
            <label key={p.id} className={buyer.point === p.id ? 'g-point is-on' : 'g-point'}>
              <input type="radio" name="gb-point" value={p.id} checked={buyer.point === p.id} onChange={() => set({ point: p.id })} />
              <span>{p.title}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {delivery && shape.addressSubjectId ? (
        <label className="c-field">
          <span>收货地址</span>
          <input
            className="r-input"
            value={buyer.address}
            maxLength={200}
            placeholder="小区、楼栋、门牌号"
            onChange={(e) => set({ address: e.currentTarget.value })}
          />
        </label>
      ) : null}
      <p className="g-total">
        共 {units} 件，合计 <strong>¥{yuan(totalFen)}</strong>
      </p>
      {error ? (
        <p className="r-msg" role="alert">
          {error}
        </p>
      ) : null}
      <div className="c-form-actions">
        <button type="submit" className="r-btn r-btn-primary r-btn-lg" disabled={busy || missing !== null}>
          {busy ? '提交中…' : (missing ?? '提交订单')}
        </button>
      </div>
    </form>
  );
}
