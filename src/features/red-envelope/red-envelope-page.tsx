import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TRedPacketView } from '../../../schemas/api/red-envelope';
import { hasPower, QUESTION_TYPE } from '../../../schemas/project-kinds';
import { RED_STATE_NAMES, yuan, type TRedRule } from '../../../schemas/red-envelope/rules';
import { endRedPacket, payRedPacket, redPacketKeys, redPacketQuery, saveRedPacket } from '../../api/red-envelope';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import { toast } from '../../ui/toast';
import { RedNav, useRedTarget } from './red-nav';
import { RedRuleForm } from './red-rule-form';
import styles from './red-styles';

const TONES = { unpaid: 'warning', running: 'success', ended: 'muted' } as const;

function Stats({ view }: { view: TRedPacketView }) {
  const e = view.envelope!;
  return (
    <div className={styles.stats}>
      <div className={styles.stat}>
        <strong>¥{yuan(e.budgetFen)}</strong>
        <span>红包总额</span>
      </div>
      <div className={styles.stat}>
        <strong data-testid="red-held">¥{yuan(e.heldFen)}</strong>
        <span>冻结中（未发放）</span>
      </div>
      <div className={styles.stat}>
        <strong>
          {e.paidCount} / {e.totalCount}
        </strong>
        <span>已发个数</span>
      </div>
      <div className={styles.stat}>
        <strong>{view.counts.pending}</strong>
        <span>待审核</span>
      </div>
    </div>
  );
}

function PayCard({ view, onPay, busy }: { view: TRedPacketView; onPay: () => void; busy: boolean }) {
  const e = view.envelope!;
  const short = view.balanceFen < e.budgetFen;
  return (
    <section className={styles.card} aria-label="充值红包">
      <h2 className={styles.cardTitle}>充值红包</h2>
      <p className={styles.money}>¥{yuan(e.budgetFen)}</p>
      <p className={styles.note}>
        从账户余额支付，金额冻结在红包中，审核通过后逐个发放；项目结束或删除时，未发放的金额自动退回余额。当前余额 ¥{yuan(view.balanceFen)}。
      </p>
      <div className={styles.actions}>
        <Button variant="primary" disabled={short || busy} onClick={onPay}>
          {busy ? '支付中…' : `从余额支付 ¥${yuan(e.budgetFen)}`}
        </Button>
        {short ? (
          <a href="/accountRecharge/index.html" className={styles.navLink}>
            余额不足，去充值
          </a>
        ) : null}
      </div>
    </section>
  );
}

/** /RedEnvelope.html?questionId=… (or ?voteId=…): the rule, paying the budget in from the balance, its state and ending it. */
export function RedEnvelopePage() {
  const target = useRedTarget();
  const redRef = target.redRef ?? { questionId: '' };
  const client = useQueryClient();
  const query = useQuery(redPacketQuery(redRef));
  const [busy, setBusy] = useState(false);
  const [ending, setEnding] = useState(false);
  if (!target.redRef) return <EmptyState title="请从项目列表进入红包设置" />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState title="红包设置加载失败" description={query.error.message} />;
  const view = query.data;
  const e = view.envelope;
  const canEdit = hasPower(view.powerType, 'edit');
  const refresh = () => client.invalidateQueries({ queryKey: redPacketKeys.all(redRef) });
  const run = (work: Promise<unknown>, done: string) => {
    setBusy(true);
    return work
      .then(() => (toast.success(done), refresh()))
      .catch((err: Error) => void toast.error(err.message))
      .finally(() => setBusy(false));
  };
  const save = (rule: TRedRule) => run(saveRedPacket(redRef, rule), '红包规则已保存');
  return (
    <ManagePage>
      <ManageHeader
        back={target.back}
        title={`红包设置 · ${view.title.replace(/<[^>]*>/g, '')}`}
        meta={
          <p className={styles.meta}>
            <StatusPill tone={e ? TONES[e.state] : 'muted'} data-testid="red-state">
              {e ? RED_STATE_NAMES[e.state] : '未设置'}
            </StatusPill>
            {view.transferProvider === 'sandbox' ? '沙箱模式：发放为模拟转账，不会真实到账' : null}
            {view.transferProvider === null ? '当前支付渠道不支持转账，红包无法发放' : null}
          </p>
        }
        actions={
          canEdit && e?.state === 'running' ? (
            <Button variant="danger" onClick={() => setEnding(true)}>
              结束红包
            </Button>
          ) : null
        }
      />
      <RedNav redRef={redRef} pending={view.counts.pending} />
      {e && e.state !== 'unpaid' ? <Stats view={view} /> : null}
      <div className={styles.grid}>
        <div className={styles.stack}>
          {canEdit && (!e || e.state === 'unpaid') ? (
            <RedRuleForm key={JSON.stringify(e)} envelope={e} exam={view.questionType === QUESTION_TYPE.exam} unit={target.unit} onSave={save} />
          ) : (
            <RuleSummary view={view} unit={target.unit} />
          )}
        </div>
        <aside className={styles.stack}>
          {canEdit && e?.state === 'unpaid' ? <PayCard view={view} busy={busy} onPay={() => void run(payRedPacket(redRef), '红包已充值，开始发放')} /> : null}
          <section className={styles.card} aria-label="发放说明">
            <h2 className={styles.cardTitle}>发放说明</h2>
            <p className={styles.note}>
              {target.isVote
                ? '充值后的每次有效投票进入「待审核红包」，审核通过后通过微信支付商家转账发到投票者的微信零钱（需以微信身份投票）；沙箱模式下记录为模拟转账。'
                : '符合条件的答卷进入「待审核红包」，审核通过后通过微信支付商家转账发到答题者的微信零钱（需在微信中授权填写）；沙箱模式下记录为模拟转账。'}
            </p>
          </section>
        </aside>
      </div>
      <ConfirmDialog
        open={ending}
        title="结束红包"
        message={e ? `结束后不再发放，未发放的 ¥${yuan(e.heldFen)} 将退回账户余额。` : ''}
        confirmLabel="结束并退回"
        cancelLabel="取消"
        tone="danger"
        busy={busy}
        onCancel={() => setEnding(false)}
        onConfirm={() => void run(endRedPacket(redRef), '红包已结束，未发放金额已退回余额').then(() => setEnding(false))}
      />
    </ManagePage>
  );
}

function RuleSummary({ view, unit }: { view: TRedPacketView; unit: string }) {
  const e = view.envelope;
  if (!e) return <EmptyState title="还没有设置红包" description="只有拥有编辑权限的成员可以设置红包。" />;
  const amount = e.amountMode === 'fixed' ? `每个 ¥${yuan(e.minFen)}` : `随机 ¥${yuan(e.minFen)}–¥${yuan(e.maxFen)}`;
  const who = e.qualify === 'valid' ? `所有有效${unit}` : e.qualify === 'score' ? `考试得分 ≥ ${e.minScore}` : `前 ${e.firstN} 份有效${unit}`;
  return (
    <section className={styles.card} aria-label="红包规则">
      <h2 className={styles.cardTitle}>红包规则</h2>
      <p className={styles.note} data-testid="red-rule">
        共 {e.totalCount} 个，总额 ¥{yuan(e.budgetFen)}，{amount}；领取条件：{who}。
        {e.state === 'ended' ? ` 已结束，退回余额 ¥${yuan(e.returnedFen)}。` : ' 已充值，规则不能再修改。'}
      </p>
    </section>
  );
}
