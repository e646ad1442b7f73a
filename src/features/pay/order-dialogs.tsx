import { useState } from 'react';
import type { TManagedOrder } from '../../../schemas/api/pay';
import { refundOrder, saveOrderRemark } from '../../api/pay';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { yuan } from '../../orders/pay-format';
import styles from '../../orders/pay.module.css';

interface Props {
  order: TManagedOrder;
  onClose: () => void;
  onDone: () => void;
}

/** Yuan typed by a person ("12.5") as integer fen, or null when it is not an amount. */
export function fenOf(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  return Math.round(Number(text.trim()) * 100);
}

/** Refund part or all of what is left; the server refuses more than that (退款金额超过可退金额). */
export function RefundDialog({ order, onClose, onDone }: Props) {
  const left = order.amountFen - order.refundedFen;
  const [amount, setAmount] = useState(yuan(left));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const fen = fenOf(amount);
  const submit = () => {
    if (fen === null) return;
    setBusy(true);
    refundOrder({ questionId: order.questionId, orderNo: order.orderNo, amountFen: fen, reason })
      .then(() => (toast.success(`已退款 ¥${yuan(fen)}`), onDone(), onClose()))
      .catch((e: Error) => void toast.error(e.message))
      .finally(() => setBusy(false));
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="订单退款"
      description={`订单 ${order.orderNo}，实付 ¥${yuan(order.amountFen)}，最多可退 ¥${yuan(left)}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            取消
          </Button>
          <Button variant="danger" disabled={busy || fen === null || fen <= 0} onClick={submit}>
            确认退款
          </Button>
        </>
      }
    >
      <label className={styles.field}>
        <span>退款金额（元）</span>
        <input className={styles.input} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-label="退款金额（元）" />
      </label>
      {fen === null ? <p className={styles.fieldError}>请输入正确的金额，最多两位小数</p> : null}
      <label className={styles.field}>
        <span>退款原因（选填）</span>
        <input className={styles.input} value={reason} maxLength={80} onChange={(e) => setReason(e.target.value)} aria-label="退款原因" />
      </label>
    </Dialog>
  );
}

/** The creator's own note on an order (buyers do not see it). */
export function RemarkDialog({ order, onClose, onDone }: Props) {
  const [remark, setRemark] = useState(order.remark);
  const submit = () =>
    saveOrderRemark(order.questionId, order.orderNo, remark)
      .then(() => (toast.success('备注已保存'), onDone(), onClose()))
      .catch((e: Error) => void toast.error(e.message));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="订单备注"
      description="仅自己和协作者可见，如自提时间、特殊要求（快递单号请用“发货”填写）"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            取消
          </Button>
          <Button variant="primary" onClick={() => void submit()}>
            保存
          </Button>
        </>
      }
    >
      <textarea className={styles.textarea} value={remark} maxLength={200} onChange={(e) => setRemark(e.target.value)} aria-label="订单备注" />
    </Dialog>
  );
}
