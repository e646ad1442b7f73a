import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PackageCheck, ShieldX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { TOperatorExchange } from '../../../schemas/api/coins';
import { BRANDS, type TBrandId } from '../../../schemas/brands';
import { GIFT_EXCHANGE_STATE_NAMES, type TGiftExchangeState } from '../../../schemas/coins/rules';
import { ApiError } from '../../api/client';
import { cancelGiftExchange, giftKeys, operatorExchangePageQuery, shipGiftExchange, type TOperatorFilter } from '../../api/gifts';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { Pager } from '../../ui/pager';
import { shanghaiTime } from '../../ui/shanghai-time';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { StatusPill, type TPillTone } from '../../ui/status-pill';
import { usePagedList } from '../../ui/use-paged-list';
import { GiftImage } from './gift-catalogue';
import styles from './gifts-styles';

const PAGE_SIZE = 20;
const STATE_TONES: Record<TGiftExchangeState, TPillTone> = { pending: 'warning', shipped: 'primary', done: 'success', cancelled: 'muted' };
const FILTERS: { value: TOperatorFilter; label: string }[] = [
  { value: 'pending', label: '待发货' },
  { value: 'shipped', label: '已发货' },
  { value: 'cancelled', label: '已取消' },
  { value: 'all', label: '全部' },
];
const EMPTY: Record<TOperatorFilter, string> = {
  pending: '没有待发货的兑换',
  shipped: '还没有已发货的兑换',
  done: '没有已完成的兑换',
  cancelled: '没有已取消的兑换',
  all: '还没有人兑换过礼品',
};
const brandName = (brand: string) => BRANDS[brand as TBrandId]?.name ?? brand;
const coinNameOf = (brand: string) => BRANDS[brand as TBrandId]?.coinName ?? '虚拟币';

/**
 * /operator/gifts.html (issue 51 follow-up): the site operator (OPERATOR_ACCOUNTS) works through every brand's gift
 * exchanges — the address to send to, 发货 with the express company and tracking number, 取消 (stock and coins back).
 * Anyone else is refused by the server and sees 无权访问.
 */
export function OperatorGiftsPage() {
  const [filter, setFilter] = useState<TOperatorFilter>('pending');
  const list = usePagedList(operatorExchangePageQuery(filter), PAGE_SIZE);
  const refused = list.query.error instanceof ApiError && list.query.error.resultCode === '403';
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          <h1>礼品发货</h1>
          <p className={styles.intro}>
            处理各站点用户兑换的礼品：核对收货地址后填写快递单号发货，或取消兑换并退回库存与虚拟币
            {list.data ? <span className={styles.opCount}>（待发货 {list.data.pendingCount} 件）</span> : null}
          </p>
        </div>
      </header>
      {refused ? (
        <div className={styles.panel}>
          <EmptyState icon={<ShieldX size={28} />} title="无权访问" description="礼品发货仅限站点运营者使用。如需处理兑换，请联系站点管理员。" />
        </div>
      ) : (
        <div className={styles.panel}>
          <div className={styles.opFilter} role="group" aria-label="按状态筛选">
            {FILTERS.map((f) => (
              <Button
                key={f.value}
                size="sm"
                variant={filter === f.value ? 'primary' : 'default'}
                aria-pressed={filter === f.value}
                onClick={() => list.refilter(setFilter)(f.value)}
              >
                {f.label}
              </Button>
            ))}
          </div>
          {list.loading ? (
            <LoadingState compact />
          ) : list.failed ? (
            <ErrorState
              compact
              title="兑换记录加载失败"
              description={list.query.error?.message}
              actions={<Button onClick={() => void list.query.refetch()}>重试</Button>}
            />
          ) : list.list.length === 0 ? (
            <EmptyState compact icon={<PackageCheck size={28} />} title={EMPTY[filter]} />
          ) : (
            <ul className={styles.records} aria-label="兑换列表">
              {list.list.map((e) => (
                <OperatorRow key={e.exchangeId} exchange={e} />
              ))}
            </ul>
          )}
          {list.total > PAGE_SIZE ? (
            <Pager {...list.pager} totalLabel={`共 ${list.total} 条`} label="兑换列表分页" previousLabel="上一页" nextLabel="下一页" />
          ) : null}
        </div>
      )}
    </div>
  );
}

function OperatorRow({ exchange: e }: { exchange: TOperatorExchange }) {
  const [shipping, setShipping] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelGiftExchange(e.exchangeId),
    onSuccess: () => {
      setCancelling(false);
      void queryClient.invalidateQueries({ queryKey: giftKeys.operator });
    },
  });
  const coinName = coinNameOf(e.brand);
  return (
    <li className={styles.record} data-testid="operator-exchange">
      <GiftImage src={e.image} name={e.giftName} small />
      <div className={styles.recordMain}>
        <div className={styles.recordHead}>
          <strong>{e.giftName}</strong>
          <StatusPill tone={STATE_TONES[e.state]}>{GIFT_EXCHANGE_STATE_NAMES[e.state]}</StatusPill>
        </div>
        <p className={styles.recordText}>
          {brandName(e.brand)} · 用户 {e.userPhone} · {e.coins ? `${e.coins} ${coinName}` : '抽奖获得'} · {shanghaiTime(e.createTime)}
        </p>
        <p className={styles.opAddress}>
          {e.receiverName ? `${e.receiverName} ${e.receiverPhone}，${e.region} ${e.address}` : <span className={styles.warnText}>用户尚未填写收货地址</span>}
        </p>
        {e.trackingNo ? (
          <p className={styles.recordText}>
            {e.expressCompany} 运单号 <span className={styles.trackingNo}>{e.trackingNo}</span> · {shanghaiTime(e.updateTime)} 发货
          </p>
        ) : null}
        {cancel.isError ? (
          <p className={styles.refusal} role="alert">
            {cancel.error.message}
          </p>
        ) : null}
      </div>
      {e.state === 'pending' ? (
        <div className={styles.opActions}>
          <Button size="sm" variant="primary" disabled={!e.receiverName} onClick={() => setShipping(true)}>
            发货
          </Button>
          <Button size="sm" onClick={() => setCancelling(true)}>
            取消
          </Button>
        </div>
      ) : null}
      {shipping ? <ShipDialog exchange={e} onClose={() => setShipping(false)} /> : null}
      <ConfirmDialog
        open={cancelling}
        title="取消这笔兑换？"
        message={e.coins ? `库存退回 1 件，${e.coins} ${coinName}退回给用户。取消后不能恢复。` : '库存退回 1 件（抽奖所得，没有虚拟币退回）。取消后不能恢复。'}
        confirmLabel="确认取消"
        cancelLabel="再想想"
        tone="danger"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setCancelling(false)}
      />
    </li>
  );
}

/** 发货: the express company and the tracking number; the server ships once (a second 发货 is refused and shown). */
function ShipDialog({ exchange: e, onClose }: { exchange: TOperatorExchange; onClose: () => void }) {
  const [company, setCompany] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [problem, setProblem] = useState('');
  const base = useId();
  const queryClient = useQueryClient();
  const ship = useMutation({
    mutationFn: () => shipGiftExchange(e.exchangeId, company.trim(), trackingNo.trim()),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: giftKeys.operator });
      onClose();
    },
    onError: (error) => setProblem(error.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!company.trim()) return setProblem('请填写快递公司');
    if (!/^[A-Za-z0-9-]+$/.test(trackingNo.trim())) return setProblem(trackingNo.trim() ? '快递单号只能包含字母、数字和短横线' : '请填写快递单号');
    setProblem('');
    ship.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="发货"
      width={440}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" type="submit" form={`${base}-form`} disabled={ship.isPending}>
            {ship.isPending ? '提交中…' : '确认发货'}
          </Button>
        </>
      }
    >
      <p className={styles.dialogNote}>
        {e.giftName} → {e.receiverName} {e.receiverPhone}，{e.region} {e.address}
      </p>
      <form id={`${base}-form`} className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${base}-company`}>快递公司</label>
          <input
            id={`${base}-company`}
            className={styles.input}
            value={company}
            maxLength={30}
            list={`${base}-companies`}
            placeholder="如：顺丰速运"
            onChange={(ev) => setCompany(ev.target.value)}
          />
          <datalist id={`${base}-companies`}>
            {['顺丰速运', '中通快递', '圆通速递', '韵达快递', '申通快递', '京东物流', '邮政EMS'].map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${base}-no`}>快递单号</label>
          <input
            id={`${base}-no`}
            className={styles.input}
            value={trackingNo}
            maxLength={40}
            autoComplete="off"
            placeholder="字母、数字或短横线"
            onChange={(ev) => setTrackingNo(ev.target.value)}
          />
        </div>
        {problem ? (
          <p className={styles.refusal} role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
