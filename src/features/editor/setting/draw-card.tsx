import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DRAW_LIMITS, DRAW_MESSAGES, type TDrawSetting } from '../../../../schemas/api/draw';
import { drawKeys, drawSettingQuery, saveDrawSetting } from '../../../api/draw';
import { Button, LoadingState, toast } from '../../../ui';
import { cx } from '../../../ui/cx';
import styles from './setting.module.css';
import own from './draw-card.module.css';

interface TPrizeDraft {
  prizeId?: string;
  name: string;
  stock: string;
  /** Percent as typed, one decimal at most (12.5 → 125‰). */
  percent: string;
  won: number;
}

const draftsOf = (setting: TDrawSetting): TPrizeDraft[] =>
  setting.prizes.map((p) => ({ prizeId: p.prizeId, name: p.name, stock: String(p.stock), percent: String(p.permille / 10), won: p.won }));
const permilleOf = (percent: string) => Math.round(Number(percent || 0) * 10);

function PrizeRow({
  prize,
  readOnly,
  onChange,
  onRemove,
}: {
  prize: TPrizeDraft;
  readOnly: boolean;
  onChange: (p: TPrizeDraft) => void;
  onRemove: () => void;
}) {
  return (
    <div className={own.prize}>
      <input
        aria-label="奖品名称"
        placeholder="如：蓝牙耳机"
        maxLength={40}
        disabled={readOnly}
        value={prize.name}
        onChange={(e) => onChange({ ...prize, name: e.target.value })}
      />
      <input
        aria-label="奖品数量"
        inputMode="numeric"
        disabled={readOnly}
        value={prize.stock}
        onChange={(e) => onChange({ ...prize, stock: e.target.value.replace(/\D/g, '') })}
      />
      <input
        aria-label="中奖概率（%）"
        inputMode="decimal"
        disabled={readOnly}
        value={prize.percent}
        onChange={(e) => onChange({ ...prize, percent: e.target.value.replace(/[^\d.]/g, '') })}
      />
      <span className={own.won}>已中 {prize.won}</span>
      <button type="button" className={own.remove} aria-label={`删除奖品${prize.name}`} disabled={readOnly || prize.won > 0} onClick={onRemove}>
        <Trash2 size={15} aria-hidden />
      </button>
    </div>
  );
}

/** 答题抽奖 (issue 49 item 5): the switch and the prizes (name, number, chance); winners are listed on their own page. */
export function DrawSettings({ questionId, readOnly }: { questionId: string; readOnly: boolean }) {
  const client = useQueryClient();
  const { data, isPending, isError } = useQuery(drawSettingQuery(questionId));
  const [enabled, setEnabled] = useState(false);
  const [prizes, setPrizes] = useState<TPrizeDraft[]>([]);
  useEffect(() => {
    if (!data) return;
    setEnabled(data.enabled);
    setPrizes(draftsOf(data));
  }, [data]);
  const save = useMutation({
    mutationFn: () =>
      saveDrawSetting({
        questionId,
        enabled,
        prizes: prizes.map((p) => ({ prizeId: p.prizeId, name: p.name, stock: Number(p.stock || 0), permille: permilleOf(p.percent) })),
      }),
    onSuccess: (saved) => {
      client.setQueryData(drawKeys.setting(questionId), saved);
      toast.success(saved.enabled ? '抽奖设置已保存，答题者提交后即可抽奖' : '抽奖设置已保存');
    },
  });
  if (isPending) return <LoadingState compact />;
  if (isError || !data) return <p className={styles.hint}>抽奖设置加载失败，请刷新重试</p>;
  const total = prizes.reduce((sum, p) => sum + permilleOf(p.percent), 0);
  const over = total > DRAW_LIMITS.permilleTotal;
  return (
    <>
      <label className={styles.switchRow}>
        <span>
          开启答题抽奖
          <small>有效答卷提交后，答题者可抽奖一次；结果由服务器决定，奖品数量不会超发</small>
        </span>
        <input type="checkbox" role="switch" aria-label="开启答题抽奖" checked={enabled} disabled={readOnly} onChange={(e) => setEnabled(e.target.checked)} />
      </label>
      <div className={own.prizes} role="group" aria-label="奖品">
        {prizes.length ? (
          <div className={cx(own.prize, own.head)} aria-hidden>
            <span>奖品名称</span>
            <span>数量</span>
            <span>中奖概率（%）</span>
            <span />
            <span />
          </div>
        ) : (
          <p className={styles.hint}>还没有奖品，添加奖品后开启抽奖</p>
        )}
        {prizes.map((prize, i) => (
          <PrizeRow
            key={prize.prizeId ?? `new-${i}`}
            prize={prize}
            readOnly={readOnly}
            onChange={(next) => setPrizes((list) => list.map((p, j) => (j === i ? next : p)))}
            onRemove={() => setPrizes((list) => list.filter((_, j) => j !== i))}
          />
        ))}
      </div>
      <div className={own.actions}>
        <Button
          size="sm"
          disabled={readOnly || prizes.length >= DRAW_LIMITS.maxPrizes}
          onClick={() => setPrizes((list) => [...list, { name: '', stock: '1', percent: '10', won: 0 }])}
        >
          <Plus size={14} aria-hidden />
          添加奖品
        </Button>
        <Button size="sm" variant="primary" disabled={readOnly || over || save.isPending} onClick={() => save.mutate()}>
          {save.isPending ? '保存中…' : '保存抽奖设置'}
        </Button>
        <span className={cx(own.total, over && own.over)}>{over ? DRAW_MESSAGES.total : `合计中奖概率 ${total / 10}%，其余为未中奖`}</span>
        <a className={own.link} href={`/luckyDraw/winners.html?questionId=${encodeURIComponent(questionId)}`}>
          中奖名单（{data.prizes.reduce((n, p) => n + p.won, 0)}）
        </a>
      </div>
    </>
  );
}
