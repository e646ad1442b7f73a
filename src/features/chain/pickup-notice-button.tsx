import { useState } from 'react';
import type { TPickupNoticeResult } from '../../../schemas/api/groupbuy';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';

/** 通知取货 for one pick-up point: asks once (texts take the SMS count), then says how many were told. */
export function PickupNoticeButton({ point, onNotice }: { point: string; onNotice: () => Promise<TPickupNoticeResult> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const send = () => {
    setBusy(true);
    onNotice()
      .then((r) => toast.success(r.notified ? `已通知「${point}」${r.notified} 单取货` : `「${point}」已支付的订单都已通知过`))
      .catch((e: Error) => toast.error(e.message))
      .finally(() => (setBusy(false), setAsking(false)));
  };
  if (!asking)
    return (
      <Button variant="soft" onClick={() => setAsking(true)}>
        通知取货
      </Button>
    );
  return (
    <span role="group" aria-label={`确认通知「${point}」取货`}>
      <Button variant="primary" disabled={busy} onClick={send}>
        确认通知
      </Button>
      <Button variant="ghost" disabled={busy} onClick={() => setAsking(false)}>
        取消
      </Button>
    </span>
  );
}
