import { useCallback, useEffect, useRef, useState } from 'react';
import type { TGroupBuyView } from '../../../schemas/api/groupbuy';
import type { TSubmitResult } from '../../../schemas/api/write';
import { RespondError, submitSheet } from '../api';
import { deviceId, newDraft } from '../draft';
import { PAY_OUTCOME_WORDS, PayStep, usePayOutcome } from '../pay-step';
import { getGroupBuy, openGroupBuyFeed } from './groupbuy-api';
import { GroupBuyOrderForm, type TBuyer } from './groupbuy-order-form';
import { GroupBuyProducts, quantityOf, type TCart } from './groupbuy-products';
import { groupBuyTime, openNow, orderLine } from './groupbuy-view';
import { GroupBuyList } from './groupbuy-list';
import { ChainWechatGate } from '../chain/chain-wechat-gate';
import { useChainWechat, useWechatAutoStart } from '../chain/use-chain-wechat';
import { PageShare } from '../page-share';
import { GroupBuyMine } from './groupbuy-mine';
import { NoticeSwitch } from '../notice-switch';
import { useMyNotices } from '../use-my-notices';

const messageOf = (error: unknown) => (error instanceof RespondError ? error.message : '网络异常，请稍后重试');

/** The sheet's answers for an order: the product lines per product subject, the buyer's fields by their subjects. */
function answersOf(view: TGroupBuyView, cart: TCart, buyer: TBuyer): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const p of view.products) {
    const quantity = quantityOf(cart, p);
    if (quantity > 0) answers[p.subjectId] = [...((answers[p.subjectId] as unknown[]) ?? []), { productId: p.productId, specId: p.specId, quantity }];
  }
  const { shape } = view;
  if (shape.nameSubjectId) answers[shape.nameSubjectId] = buyer.name;
  if (shape.phoneSubjectId) answers[shape.phoneSubjectId] = buyer.phone;
  if (shape.pickupSubjectId && buyer.point) answers[shape.pickupSubjectId] = { optionIds: [buyer.point] };
  const address = shape.addressRegion ? (Object.values(buyer.region).some((part) => part.trim()) ? buyer.region : null) : buyer.address || null;
  if (shape.addressSubjectId && address) answers[shape.addressSubjectId] = address;
  return answers;
}

/**
 * A group-buy's phone page (团购接龙): the description and deadline, the products with what is left, the numbered
 * list of orders (names masked), and the order form. An order goes through the ordinary submit (stock and the
 * per-person limit taken with the sheet) and is paid at once with the pay step. Every order placed, paid or
 * closed anywhere reaches the page through the live feed, which reads the view again. A buyer told their order
 * can be picked up sees it at their next visit, and can turn such notices off (issue 47 item 4). A 仅限微信授权参与
 * group-buy orders as the WeChat user (issue 47 item 1): their orders on every browser, asked to open in WeChat elsewhere.
 */
export function GroupBuyPage({ questionId }: { questionId: string }) {
  const [view, setView] = useState<TGroupBuyView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [cart, setCart] = useState<TCart>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<NonNullable<TSubmitResult['order']> | null>(null);
  const [payOutcome, setPayOutcome] = usePayOutcome(placed?.orderNo);
  const [formKey, setFormKey] = useState(0);
  const device = useRef(deviceId()).current;
  const started = useRef(Date.now());
  const wx = useChainWechat(questionId);
  const tok = wx.token ? { wechatToken: wx.token } : {};
  const mine = useMyNotices(questionId, device, { wechatToken: wx.token });

  const load = useCallback(async () => {
    // A return from WeChat's authorisation is exchanged first, so the first read knows whose orders are whose.
    if (!wx.ready) return;
    try {
      setView(await getGroupBuy({ questionId, deviceId: device, ...(wx.token ? { wechatToken: wx.token } : {}) }));
    } catch (e) {
      setFailed(messageOf(e));
    }
  }, [questionId, device, wx.ready, wx.token]);

  useEffect(() => void load(), [load]);
  const feedFrom = view ? view.questionId : null;
  useEffect(() => {
    if (!view || !feedFrom) return;
    return openGroupBuyFeed(view, () => void load());
    // The feed opens once per loaded page; EventSource resumes by itself after that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feedFrom]);
  const needsAuth = view !== null && view.wechatAuthId !== null && !wx.token;
  const refused = useWechatAutoStart(wx, needsAuth);

  if (failed) return <p className="c-failed">{failed}</p>;
  if (!view) return <p className="c-loading">加载中…</p>;

  const open = openNow(view, Date.now());
  const units = view.products.reduce((n, p) => n + quantityOf(cart, p), 0);
  const totalFen = view.products.reduce((n, p) => n + p.priceFen * quantityOf(cart, p), 0);
  const allSold = view.products.length > 0 && view.products.every((p) => p.stock === 0);

  async function submit(buyer: TBuyer) {
    if (!view) return;
    setBusy(true);
    setError(null);
    try {
      const result = await submitSheet({
        questionId,
        submissionId: newDraft().submissionId,
        answers: answersOf(view, cart, buyer),
        durationSeconds: Math.max(1, Math.round((Date.now() - started.current) / 1000)),
        deviceId: device,
        ...tok,
        source: 'link',
      });
      setCart({});
      setFormKey((k) => k + 1);
      setPlaced(result.order ?? null);
      await load();
    } catch (e) {
      setError(messageOf(e));
      refused(e);
      void load();
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="c-page">
      <header className="c-head">
        <h1 className="c-title">{view.title}</h1>
        {view.description ? <p className="c-desc">{view.description}</p> : null}
        <div className="c-meta">
          <span className="c-count" data-testid="gb-count">
            {orderLine(view)}
          </span>
          {view.deadline ? <span>截单 {groupBuyTime(view.deadline)}</span> : null}
          {!open ? <span className="c-closed">{view.status !== 1 ? '未开始' : '已截单'}</span> : null}
        </div>
      </header>
      <PageShare questionId={questionId} action="参与团购" note={view.description || '一起来拼团，下单后按时自提'} />
      {mine.notices.length ? (
        <p className="c-notice is-promoted" role="status" data-testid="gb-notice">
          {mine.notices.map((n) => n.text).join(' ')}
        </p>
      ) : null}
      {placed ? (
        <div className="g-placed" role="status" data-testid="gb-placed">
          <p>
            下单成功
            <span className={`r-done-outcome is-${payOutcome}`} data-testid="pay-outcome">
              {PAY_OUTCOME_WORDS[payOutcome]}
            </span>
            {payOutcome === 'paid' ? '团长会按自提点备货' : '已为你保留库存；完成支付后团长按自提点备货'}
          </p>
          <PayStep order={placed} outcome={payOutcome} onFailed={() => setPayOutcome('failed')} />
        </div>
      ) : null}
      <section className="c-section" aria-label="商品列表">
        <h2 className="c-section-title">商品</h2>
        {view.products.length ? (
          <GroupBuyProducts products={view.products} cart={cart} open={open} onChange={setCart} />
        ) : (
          <p className="c-empty">团长还没有上架商品</p>
        )}
      </section>
      {open && view.products.length && !allSold && needsAuth ? (
        <ChainWechatGate error={wx.error} onStart={wx.start} kind="团购" act="下单" />
      ) : open && view.products.length && !allSold ? (
        <GroupBuyOrderForm key={formKey} shape={view.shape} totalFen={totalFen} units={units} busy={busy} error={error} onSubmit={submit} />
      ) : null}
      {open && allSold ? <p className="c-notice">商品已全部售罄，感谢关注</p> : null}
      {view.mine.length ? (
        <GroupBuyMine orders={view.mine}>
          <NoticeSwitch off={mine.off} onTurn={(off) => void mine.turn(off)} error={mine.switchError} label="订单可以取货时通知我" />
        </GroupBuyMine>
      ) : null}
      <GroupBuyList orders={view.orders} />
    </main>
  );
}
