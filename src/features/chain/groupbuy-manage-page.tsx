import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ExternalLink, PencilLine, Send } from 'lucide-react';
import { hasPower, PROJECT_STATUS } from '../../../schemas/project-kinds';
import { cancelGroupBuyOrder, exportGroupBuyOrders, groupBuyKeys, groupBuyManageQuery, noticeGroupBuyPickup } from '../../api/groupbuy';
import { collectOrder } from '../../api/pay';
import { getQuestionStatus } from '../../api/question';
import { projectHref } from '../../app/kinds';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { shanghaiTime } from '../../ui/shanghai-time';
import { GroupBuyOrderTable } from './groupbuy-order-table';
import { GroupBuySummaryTable, PickupCopyButton } from './groupbuy-summary';
import { ChainNoticeCard } from './chain-notice-card';
import { PickupNoticeButton } from './pickup-notice-button';
import { GroupBuyWechatCard } from './groupbuy-wechat-card';
import styles from './chain-styles';
import { useChainFeed } from './use-chain-feed';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { ExportJobButton, ExportJobNotice, useExportJob } from '../../ui/export-job';

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * /questionnaire/solitaireList.html?solitaireType=2&questionId=…: the organiser's view of a group-buy — the
 * orders live (mark collected, cancel an unpaid one: its stock goes back), what to buy per pick-up point, the
 * products with what is left, the Excel export of the orders, and 通知取货 per pick-up point with the notices sent.
 */
export function GroupBuyManagePage({ questionId }: { questionId: string }) {
  const client = useQueryClient();
  const groupBuy = useQuery(groupBuyManageQuery(questionId));
  const exportJob = useExportJob(() => exportGroupBuyOrders(questionId));
  useChainFeed(questionId, groupBuy.data?.lastEventId, groupBuyKeys.manage(questionId));

  if (!questionId) return <EmptyState title="缺少项目编号" />;
  if (groupBuy.isPending) return <LoadingState />;
  if (groupBuy.isError) return <ErrorState title="团购加载失败" description={groupBuy.error.message} />;
  const view = groupBuy.data;
  const canEdit = hasPower(view.powerType, 'edit');
  const canReport = hasPower(view.powerType, 'report');
  const refresh = () => client.invalidateQueries({ queryKey: groupBuyKeys.manage(questionId) });
  const act = (work: Promise<unknown>, done: string) => work.then(() => (toast.success(done), refresh())).catch((e: Error) => void toast.error(e.message));
  const { totals } = view.summary;
  const publicLink = `${location.origin}/s/${view.questionId}`;
  const needsSetup = !view.products.length || !view.shape.points.length || view.shape.unsupported.length > 0;

  return (
    <ManagePage>
      <ManageHeader
        back={{ to: '/questionnaire/solitaire.html', label: '返回接龙列表' }}
        title={view.title}
        meta={
          <>
            <p className={styles.counts} data-testid="gb-manage-counts">
              待支付 {totals.placed} · 已支付 {totals.paid} · 已取货 {totals.collected} · 已取消 {totals.cancelled} · 实收 ¥{yuan(totals.paidFen)}
              {view.deadline ? ` · 截单 ${shanghaiTime(view.deadline)}` : ''}
            </p>
            <p className={styles.status}>{view.status !== 1 ? '未发布，参与者暂时不能下单' : '团购进行中'}</p>
          </>
        }
        actions={
          <>
            {canEdit ? (
              <Button asChild variant="ghost">
                <Link to={projectHref.editor(view.questionId)}>
                  <PencilLine size={14} aria-hidden />
                  编辑商品与自提点
                </Link>
              </Button>
            ) : null}
            {canReport ? <ExportJobButton job={exportJob} label="导出订单 Excel" /> : null}
            <PickupCopyButton view={view} />
            <Button asChild variant="ghost">
              <a href={publicLink} target="_blank" rel="noreferrer">
                <ExternalLink size={14} aria-hidden />
                打开团购页
              </a>
            </Button>
            {canEdit && view.status !== PROJECT_STATUS.published ? (
              <Button variant="primary" onClick={() => void act(getQuestionStatus(questionId, PROJECT_STATUS.published), '团购已发布，把链接发到群里吧')}>
                <Send size={14} aria-hidden />
                发布团购
              </Button>
            ) : null}
          </>
        }
      />
      <ExportJobNotice job={exportJob} />
      {needsSetup ? (
        <p className={styles.setup} role="note">
          {!view.products.length
            ? '还没有商品：在编辑器里添加「商品」题，设置规格、价格、库存和每人限购。'
            : !view.shape.points.length
              ? '还没有自提点：在编辑器里添加标题为「自提点」的单选题，每个选项是一个自提点（选项名含“送货上门”时参与者需填写地址）。'
              : `这些必填题团购页无法填写，参与者会看到普通表单：${view.shape.unsupported.join('、')}`}
        </p>
      ) : null}
      <div className={styles.grid}>
        <div className={styles.side}>
          <section className={styles.listCard} aria-label="备货汇总">
            <h2 className={styles.cardTitle}>备货汇总（按自提点）</h2>
            <GroupBuySummaryTable summary={view.summary} />
          </section>
          <section className={styles.listCard} aria-label="订单">
            <h2 className={styles.cardTitle}>订单</h2>
            <GroupBuyOrderTable
              questionId={questionId}
              orders={view.orders}
              canEdit={canEdit}
              onCollect={(o) => void act(collectOrder(questionId, o.orderNo), `第 ${o.seq} 单已标记为已取货`)}
              onCancel={(o) => void act(cancelGroupBuyOrder(questionId, o.orderNo), `第 ${o.seq} 单已取消，库存已退回`)}
              onShipped={() => void refresh()}
            />
          </section>
        </div>
        <aside className={styles.side}>
          <section className={styles.card} aria-label="商品库存">
            <h2 className={styles.cardTitle}>商品库存</h2>
            {view.products.length ? (
              <ul className={styles.productList}>
                {view.products.map((p) => (
                  <li key={`${p.subjectId}|${p.productId}`}>
                    <span>
                      {p.title}
                      {p.spec ? `（${p.spec}）` : ''} · ¥{yuan(p.priceFen)}
                    </span>
                    <span className={p.stock === 0 ? styles.soldOut : undefined}>{p.stock === 0 ? '售罄' : p.stock === null ? '不限' : `剩 ${p.stock}`}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.empty}>还没有商品</p>
            )}
          </section>
          <section className={styles.card} aria-label="自提点">
            <h2 className={styles.cardTitle}>取货方式</h2>
            {view.shape.points.length ? (
              <ul className={styles.productList}>
                {view.shape.points.map((p) => (
                  <li key={p.id}>
                    <span>{p.title}</span>
                    <span>{p.delivery ? '填写地址' : '自提'}</span>
                    {canEdit && !p.delivery && totals.paid > 0 ? (
                      <PickupNoticeButton point={p.title} onNotice={() => noticeGroupBuyPickup(questionId, p.title)} />
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.empty}>还没有自提点</p>
            )}
          </section>
          <GroupBuyWechatCard key={view.wechatAuthId} questionId={questionId} saved={view.wechatAuthId} canEdit={canEdit} onSaved={() => void refresh()} />
          <ChainNoticeCard
            questionId={questionId}
            version={view.lastEventId}
            hint={
              view.wechatAuthId === null
                ? '通知取货：已支付的买家留了手机号的收到短信（用你的短信条数），没留的在下次打开团购页时看到提示；每单只通知一次。'
                : '通知取货与付款到账：微信授权的买家收到公众号模板消息（在授权绑定页为公众号选择通知模板），未选模板或发送失败时改发短信或在团购页提示；每单只通知一次。'
            }
          />
        </aside>
      </div>
    </ManagePage>
  );
}
