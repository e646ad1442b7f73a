import { useEffect, useState } from 'react';
import type { TSubmitResult } from '../../schemas/api/write';
import { formatAnswer } from '../../schemas/subjects/registry';
import { BookingCard } from './appointment/booking-card';
import { PAY_OUTCOME_WORDS, PayStep, usePayOutcome } from './pay-step';
import { Results } from './results';
import { AfterSubmit } from './draw/after-submit';
import { RedNoticeCard } from './red-notice';
import { SpaceNoticeCard } from './space-notice';
import { RichText } from './rich-text';
import type { SheetStore } from './store';
import { cx, useRespondContext } from './widgets/shared';

const STATUS: Record<string, string> = { correct: '正确', partial: '部分正确', wrong: '错误', unanswered: '未作答' };
const REDIRECT_SECONDS = 3;

/** After submit: the conclusion page, the score and the answer key when the settings allow, the redirect. */
export function Conclusion({ result, store, preview, title = '' }: { result: TSubmitResult; store: SheetStore | null; preview: boolean; title?: string }) {
  const { conclusion, score } = result;
  const { questionId } = useRespondContext();
  const url = conclusion.redirectUrl && /^https?:\/\//i.test(conclusion.redirectUrl) ? conclusion.redirectUrl : null;
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  const order = result.order && !preview ? result.order : null;
  const [payOutcome, setPayOutcome] = usePayOutcome(order?.orderNo);
  useEffect(() => {
    if (!url) return;
    if (left <= 0) {
      window.location.assign(url);
      return;
    }
    const id = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(id);
  }, [url, left]);

  // The key, the analysis or both, as the exam's settings show them.
  const key =
    (result.showCorrectAnswers || result.showAnalysis) && result.correct && store
      ? Object.entries(result.correct).filter(([, item]) => item.answer || item.analysis)
      : [];
  return (
    <main className="r-card r-done">
      <div className="r-done-icon" aria-hidden>
        <svg viewBox="0 0 24 24" width="36" height="36">
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h1 className="r-done-title">
        {conclusion.title || '提交成功'}
        {/* A sheet that bought something is submitted, but says what became of its payment (issue 43 item 5). */}
        {order ? (
          <span className={cx('r-done-outcome', `is-${payOutcome}`)} data-testid="pay-outcome">
            {PAY_OUTCOME_WORDS[payOutcome]}
          </span>
        ) : null}
      </h1>
      <RichText html={conclusion.content} className="r-rich r-done-text" />
      {preview ? <p className="r-preview-note">预览模式：答卷未提交</p> : null}
      {order ? <PayStep order={order} outcome={payOutcome} onFailed={() => setPayOutcome('failed')} /> : null}
      {result.booking && !preview ? <BookingCard booking={result.booking} token={result.booking.token} title={title} /> : null}
      {result.showScore && score ? (
        <div className="r-score" aria-label={`得分${score.total}分，满分${score.max}分`}>
          <span className="r-score-num">{score.total}</span>
          <span className="r-score-unit">分</span>
          <span className="r-score-max">满分 {score.max} 分</span>
        </div>
      ) : null}
      {preview ? null : <RedNoticeCard notice={result.redPacket} />}
      {preview ? null : <SpaceNoticeCard notice={result.space} />}
      {url ? (
        <p className="r-redirect" role="status">
          {left > 0 ? `${left} 秒后自动跳转，` : '正在跳转，'}
          <a href={url} rel="noopener noreferrer">
            立即跳转
          </a>
        </p>
      ) : null}
      {key.length ? (
        <section className="r-key" aria-labelledby="r-key-title">
          <h2 id="r-key-title">{result.showCorrectAnswers ? '答案解析' : '解析'}</h2>
          <ol>
            {key.map(([uuid, item]) => {
              const state = store!.getSubjectState(uuid);
              if (!state?.subject) return null;
              const status = score?.subjects[uuid]?.status;
              const mine = formatAnswer(state.subject, store!.allAnswers()[uuid]);
              return (
                <li key={uuid} className={cx('r-key-item', status && `is-${status}`)}>
                  <div className="r-key-head">
                    {state.number !== null ? <span className="r-no">{state.number}.</span> : null}
                    <RichText html={state.title} as="span" />
                    {status ? <span className="r-key-status">{STATUS[status] ?? status}</span> : null}
                    {score?.subjects[uuid] ? (
                      <span className="r-key-points">
                        {score.subjects[uuid]!.score}/{score.subjects[uuid]!.max}分
                      </span>
                    ) : null}
                  </div>
                  <dl>
                    <div>
                      <dt>你的答案</dt>
                      <dd>{mine || '未作答'}</dd>
                    </div>
                    {result.showCorrectAnswers ? (
                      <div>
                        <dt>正确答案</dt>
                        <dd>{item.answer}</dd>
                      </div>
                    ) : null}
                    {result.showAnalysis && item.analysis ? (
                      <div>
                        <dt>解析</dt>
                        <dd>
                          <RichText html={item.analysis} as="span" />
                        </dd>
                      </div>
                    ) : null}
                  </dl>
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
      {result.editToken && !preview ? (
        <p className="r-edit-link">
          <a className="r-btn" href={`/s/${encodeURIComponent(questionId)}?edit=${encodeURIComponent(result.editToken)}`}>
            修改答案
          </a>
          <span>收集结束前可通过此链接修改答案，请保存此链接</span>
        </p>
      ) : null}
      {result.showResults && !preview ? <Results questionId={questionId} sheetId={result.sheetId} /> : null}
      {preview ? null : <AfterSubmit questionId={questionId} result={result} />}
    </main>
  );
}
