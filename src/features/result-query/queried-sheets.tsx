import { CalendarCheck, Medal, Receipt, Users } from 'lucide-react';
import type { TQueriedSheet, TQueryResult } from '../../../schemas/api/result-query';
import { yuanOf } from '../../../schemas/money/catalog';
import { formatProjectTime } from '../../../schemas/project-time';
import styles from './result-query.module.css';

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
      {sheet.booking ? (
        <li>
          <CalendarCheck size={18} aria-hidden />
          <span>预约</span>
          <strong>
            {sheet.booking.date} {sheet.booking.start}–{sheet.booking.end}（{sheet.booking.stateName}）
          </strong>
        </li>
      ) : null}
      {sheet.order ? (
        <li>
          <Receipt size={18} aria-hidden />
          <span>订单</span>
          <strong>
            ¥{yuanOf(sheet.order.amountFen)}（{sheet.order.stateName}）
          </strong>
          <small className={styles.orderNo}>订单号 {sheet.order.orderNo}</small>
        </li>
      ) : null}
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
        查询结果（{result.list.length} 份）
      </h2>
      {result.list.map((sheet, i) => (
        <article key={i} className={styles.sheet} aria-label={`第${i + 1}份提交`}>
          <p className={styles.time}>提交时间 {formatProjectTime(sheet.submitTime)}</p>
          <Facts sheet={sheet} />
          {sheet.answers ? <Answers answers={sheet.answers} /> : null}
          {!sheet.score && sheet.place === null && !sheet.booking && !sheet.order && !sheet.answers ? (
            <p className={styles.note}>已查询到您的提交记录。</p>
          ) : null}
        </article>
      ))}
    </section>
  );
}
