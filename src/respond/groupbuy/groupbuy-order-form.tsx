import { useState } from 'react';
import type { TGroupBuyShape } from '../../../schemas/api/groupbuy';
import { regionMissing } from '../../../schemas/groupbuy/shape';
import type { TSubjectOf } from '../../../schemas/subjects/registry';
import { Region } from '../widgets/region';

export interface TBuyer {
  name: string;
  phone: string;
  point: string;
  address: string;
  /** A region address (province, city, district, detail) when the address subject is a region subject. */
  region: Record<string, string>;
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
const NONE: ReadonlySet<string> = new Set();

/** The region widget reads only the subject's levels: the address subject as the page knows it. */
function regionSubject(shape: TGroupBuyShape): TSubjectOf<4> {
  const { level, detail } = shape.addressRegion!;
  return { uuid: shape.addressSubjectId!, subjectType: 4, title: '收货地址', level, detail } as TSubjectOf<4>;
}

/** 我要下单: name, phone, the pick-up point (an address for delivery), the total and 提交订单. */
export function GroupBuyOrderForm({ shape, totalFen, units, busy, error, onSubmit }: Props) {
  const [buyer, setBuyer] = useState<TBuyer>({ name: '', phone: '', point: '', address: '', region: {} });
  const set = (patch: Partial<TBuyer>) => setBuyer((b) => ({ ...b, ...patch }));
  const delivery = shape.points.find((p) => p.id === buyer.point)?.delivery ?? false;
  // Asked for delivery, of every buyer when the sheet has no pick-up choice, and whatever the point when it is required.
  const asksAddress = Boolean(shape.addressSubjectId) && (delivery || !shape.pickupSubjectId || shape.addressRequired);
  const addressMissing = !asksAddress
    ? null
    : shape.addressRegion
      ? regionMissing(shape.addressRegion, buyer.region)
      : buyer.address.trim()
        ? null
        : '请填写收货地址';
  const missing =
    units === 0
      ? '请先选择商品数量'
      : shape.nameSubjectId && !buyer.name.trim()
        ? '请填写姓名'
        : shape.phoneSubjectId && !/^1\d{10}$/.test(buyer.phone.trim())
          ? '请填写 11 位手机号'
          : shape.pickupSubjectId && !buyer.point
            ? '请选择自提点'
            : addressMissing;
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
      {asksAddress && shape.addressRegion ? (
        <fieldset className="g-address">
          <legend>收货地址</legend>
          <Region
            subject={regionSubject(shape)}
            value={buyer.region}
            onChange={(value) => set({ region: value as Record<string, string> })}
            hidden={NONE}
            base="gb-address"
            labelledBy="gb-address"
            describedBy={undefined}
            invalid={false}
            errorRefs={NONE}
          />
        </fieldset>
      ) : asksAddress ? (
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
