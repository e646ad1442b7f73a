import { Copy, Truck } from 'lucide-react';
import type { TShipping } from '../../schemas/api/logistics-models';
import { toast } from '../ui/toast';
import styles from './shipping-line.module.css';

/** Copy a tracking number (the buyer pastes it into the carrier's app). */
function copy(text: string) {
  const done = () => toast.success('快递单号已复制');
  if (navigator.clipboard?.writeText) navigator.clipboard.writeText(text).then(done, () => toast.error('复制失败，请长按单号复制'));
  else toast.error('复制失败，请长按单号复制');
}

/** 顺丰速运 SF1234567890 [复制]: an order's carrier and tracking number, where the creator and the buyer see the order. */
export function ShippingLine({ shipping }: { shipping: TShipping }) {
  return (
    <div className={styles.line} data-testid="shipping-line">
      <Truck size={14} aria-hidden />
      <span>{shipping.carrierName}</span>
      <span className={styles.no} data-testid="tracking-no">
        {shipping.trackingNo}
      </span>
      <button type="button" className={styles.copy} onClick={() => copy(shipping.trackingNo)} aria-label="复制快递单号">
        <Copy size={12} aria-hidden />
        复制
      </button>
    </div>
  );
}
