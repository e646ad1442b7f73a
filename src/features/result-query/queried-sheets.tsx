import { CalendarCheck, Medal, Receipt, Users } from 'lucide-react';
import type { TQueriedSheet, TQueryResult } from '../../../schemas/api/result-query';
import { yuanOf } from '../../../schemas/money/catalog';
import { formatProjectTime } from '../../../schemas/project-time';
import styles from './result-query-styles';

/** 报名接龙: 第 N 位 / 候补第 N 位 / 已退出 / 已被移除, and how many people the entry brings. */
function EntryFact({ entry }: { entry: NonNullable<TQueriedSheet['entry']> }) {
  const where =
    entry.state === 'joined'
      ? `第 ${entry.place} 位`
      : entry.state === 'waitlisted'
        ? `候补第 ${entry.place} 位`
        : entry.state === 'withdrawn'
          ? '已退出'
          : '已被发起人移除';
  return (
    <li>
      <Users size={18} aria-hidden />
      <span>接龙</span>
      <strong>{where}</strong>
      <small className={styles.detail}>
        {entry.name} · {entry.people} 人
      </small>
    </li>
  );
}

/** The order: amount and state, what was bought, a group-buy's 自提点 and 序号, the order number. */
function OrderFact({ order }: { order: NonNullable<TQueriedSheet['order']> }) {
  return (
    <li>
      <Receipt size={18} aria-hidden />
      <span>订单</span>
      <strong>
        ¥{yuanOf(order.amountFen)}（{order.stateName}）
      </strong>
      {order.items ? <small className={styles.detail}>{order.items}</small> : null}
      {order.pickupNo !== null ? (
        <small className={styles.detail}>
          取货序号 {order.pickupNo}
          {order.point ? ` · 自提点：${order.point}` : ''}
        </small>
      ) : null}
      <small className={styles.detail}>订单号 {order.orderNo}</small>
    </li>
  );
}

function Facts({ sheet }: { sheet: TQueriedSheet }) {
  return (
    <ul className={styles.facts}>
      {sheet.score ? (
        <li>
          <Medal size={18} aria-hidden />
          <span>得分</span>
          <strong className={styles.score}>
            {sheet.score.total}
            <small> / {sheet.score.max} 分</small>
          </strong>
        </li>
      ) : null}
      {sheet.place !== null ? (
        <li>
          <Users size={18} aria-hidden />
          <span>接龙序号</span>
          <strong>第 {sheet.place} 位</strong>
        </li>
      ) : null}
      {sheet.entry ? <EntryFact entry={sheet.entry} /> : null}
      {sheet.booking ? (
        <li>
          <CalendarCheck size={18} aria-hidden />
          <span>预约</span>
          <strong>
            {sheet.booking.date} {sheet.booking.start}–{sheet.booking.end}（{sheet.booking.stateName}）
          </strong>
          <small className={styles.detail}>
            {sheet.booking.item ? `${sheet.booking.item} · ` : ''}
            {sheet.booking.partySize} 人
          </small>
        </li>
      ) : null}
      {sheet.order ? <OrderFact order={sheet.order} /> : null}
    </ul>
  );
}

function Answers({ answers }: { answers: NonNullable<TQueriedSheet['answers']> }) {
  return (
    <dl className={styles.answers}>
      {answers.map((a, i) => (
        <div key={i} className={styles.answer}>
          <dt>
            {a.index !== null ? `${a.index}. ` : ''}
            {a.title}
          </dt>
          <dd>{a.text || '未作答'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The caller's own sheets, newest first. */
export function QueriedSheets({ result }: { result: TQueryResult }) {
  return (
    <section className={styles.results} aria-labelledby="query-results-title">
      <h2 id="query-results-title" className={styles.resultsTitle}>
        查询结果（{result.list.length} {result.list[0]?.entry ? '条' : '份'}）
      </h2>
      {result.list.map((sheet, i) => (
        <article key={i} className={styles.sheet} aria-label={sheet.entry ? `第${i + 1}条接龙` : `第${i + 1}份提交`}>
          <p className={styles.time}>
            {sheet.entry ? '接龙时间' : '提交时间'} {formatProjectTime(sheet.submitTime)}
          </p>
          <Facts sheet={sheet} />
          {sheet.answers ? <Answers answers={sheet.answers} /> : null}
          {!sheet.score && sheet.place === null && !sheet.entry && !sheet.booking && !sheet.order && !sheet.answers ? (
            <p className={styles.note}>已查询到您的提交记录。</p>
          ) : null}
        </article>
      ))}
    </section>
  );
}
