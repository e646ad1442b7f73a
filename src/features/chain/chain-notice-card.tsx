import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTICE_CHANNEL_WORDS, NOTICE_KIND_WORDS, noticeOutcomeWords } from '../../../schemas/notice/notice-kinds';
import { noticeKeys, noticeListQuery } from '../../api/notices';
import { Button } from '../../ui/button';
import { shanghaiTime } from '../../ui/shanghai-time';
import styles from './chain-styles';

/**
 * 通知记录 (issue 47 item 4): each notice the chain's participants were sent — whom, what, by WeChat, SMS or on
 * their page (微信 / 短信 / 页面) — and its outcome (a WeChat refusal with its errcode). Read again when the chain changes (`version`, the feed position), every few seconds
 * while a text is on its way, and on 刷新 (a page notice is shown when its participant next visits, which the
 * chain's feed does not carry).
 */
const CHAIN_HINT =
  '候补转正时，微信授权参与的人收到公众号模板消息（需在授权绑定页为该通知选好模板），其次留了手机号的人收到短信（用你的短信条数），其余的在下次打开接龙页时看到提示。';

export function ChainNoticeCard({ questionId, version, hint = CHAIN_HINT }: { questionId: string; version: number; hint?: string }) {
  const client = useQueryClient();
  const notices = useQuery({
    ...noticeListQuery(questionId),
    // A text on its way is sent right after the change commits: read again until its outcome is in.
    refetchInterval: (q) => (q.state.data?.notices.some((n) => n.outcome === 'sending' || (n.outcome === 'pending' && n.channel !== 'page')) ? 3000 : false),
  });
  useEffect(() => {
    void client.invalidateQueries({ queryKey: noticeKeys.list(questionId) });
  }, [client, questionId, version]);
  const list = notices.data?.notices ?? [];
  return (
    <section className={styles.card} aria-label="通知记录">
      <h2 className={styles.cardTitle}>通知记录</h2>
      <p className={styles.noticeHint}>{hint}</p>
      {notices.isError ? <p className={styles.noticeHint}>通知记录加载失败：{notices.error.message}</p> : null}
      {notices.isSuccess && !list.length ? <p className={styles.noticeHint}>还没有发出通知</p> : null}
      {list.length ? (
        <ul className={styles.noticeList} data-testid="notice-list">
          {list.map((n) => (
            <li key={n.noticeId} className={styles.noticeItem}>
              <span>
                {n.recipientName || '参与者'} · {NOTICE_KIND_WORDS[n.kind]} · {NOTICE_CHANNEL_WORDS[n.channel]}
                {n.phone ? `（${n.phone}）` : ''}
              </span>
              <span className={n.outcome === 'sent' || n.outcome === 'shown' ? styles.noticeOk : styles.noticeNo}>
                {noticeOutcomeWords(n.channel, n.outcome, n.errcode)}
              </span>
              <span className={styles.noticeTime}>{shanghaiTime(n.updateTime)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Button variant="ghost" onClick={() => void notices.refetch()} disabled={notices.isFetching}>
        刷新
      </Button>
    </section>
  );
}
