import { useState } from 'react';
import type { TManagedOrder } from '../../schemas/api/pay';
import { CARRIERS, LOGISTICS_MESSAGES, TRACKING_NO, type TCarrierCode } from '../../schemas/logistics/carriers';
import { shipOrderWith } from '../api/logistics';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { toast } from '../ui/toast';
import styles from './pay.module.css';

type TShippable = Pick<TManagedOrder, 'questionId' | 'orderNo' | 'shipping'>;

/** 发货 / 修改物流: the carrier from the fixed list and the tracking number (6–32 letters or digits). */
export function ShipDialog({ order, onClose, onDone }: { order: TShippable; onClose: () => void; onDone: () => void }) {
  const [carrier, setCarrier] = useState(order.shipping?.carrier ?? '');
  const [trackingNo, setTrackingNo] = useState(order.shipping?.trackingNo ?? '');
  const [busy, setBusy] = useState(false);
  const typed = trackingNo.trim();
  const badNo = typed !== '' && !TRACKING_NO.test(typed);
  const correcting = order.shipping !== null;
  const submit = () => {
    setBusy(true);
    shipOrderWith({ questionId: order.questionId, orderNo: order.orderNo, carrier: carrier as TCarrierCode, trackingNo: typed })
      .then(() => (toast.success(correcting ? '物流信息已修改' : '已发货'), onDone(), onClose()))
      .catch((e: Error) => void toast.error(e.message))
      .finally(() => setBusy(false));
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={correcting ? '修改物流信息' : '订单发货'}
      description={`订单号 ${order.orderNo}，发货后买家可在订单页查看快递单号`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            取消
          </Button>
          <Button variant="primary" disabled={!carrier || !typed || badNo || busy} onClick={submit}>
            {correcting ? '保存修改' : '确认发货'}
          </Button>
        </>
      }
    >
      <label className={styles.field}>
        <span>快递公司</span>
        <select className={styles.select} value={carrier} onChange={(e) => setCarrier(e.target.value)} aria-label="快递公司">
          <option value="">请选择快递公司</option>
          {CARRIERS.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>快递单号</span>
        <input
          className={styles.input}
          value={trackingNo}
          maxLength={32}
          onChange={(e) => setTrackingNo(e.target.value)}
          aria-label="快递单号"
          placeholder="例如：SF1234567890123"
        />
      </label>
      {badNo ? <p className={styles.fieldError}>{LOGISTICS_MESSAGES.trackingNo}</p> : null}
    </Dialog>
  );
}
