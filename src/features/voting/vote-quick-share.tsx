import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BarChart3, CircleCheck, Copy, ExternalLink, PencilLine } from 'lucide-react';
import { appletCodeQuery } from '../../api/vote-extras';
import { Button } from '../../ui/button';
import { copyText } from '../../ui/copy-text';
import styles from '../../ui/quick-start.module.css';
import { toast } from '../../ui/toast';

/** A vote just published: its QR code and link (getAppletCode), copy, the voting page, its results and the full editor. */
export function VoteQuickShare({ voteId, title }: { voteId: string; title: string }) {
  const code = useQuery(appletCodeQuery(voteId));
  const copy = async (text: string, done: string) => ((await copyText(text)) ? toast.success(done) : toast.error('复制失败，请长按链接手动复制'));
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="vote-published">
        <p className={styles.done}>
          <CircleCheck size={20} aria-hidden />
          <span id="vote-published">投票已发布</span>
        </p>
        <h1 className={styles.shareTitle}>{title}</h1>
        {code.isPending ? <p className={styles.steps}>正在生成投票链接…</p> : null}
        {code.isError ? (
          <p className={styles.error} role="alert">
            投票链接生成失败：{code.error.message}
          </p>
        ) : null}
        {code.data ? (
          <>
            <div className={styles.qr}>
              <img className={styles.qrImage} src={code.data.qrPng} alt="投票二维码" />
              <small>微信扫码或长按识别即可投票</small>
            </div>
            <p className={styles.link} data-testid="vote-link">
              {code.data.url}
            </p>
            <div className={styles.actions}>
              <Button variant="primary" size="lg" block onClick={() => void copy(code.data.url, '链接已复制，发到群里吧')}>
                <Copy size={16} aria-hidden />
                复制链接
              </Button>
              <Button size="lg" block onClick={() => void copy(`【投票】${title}\n点击链接投票：${code.data.url}`, '邀请文字已复制')}>
                复制邀请文字
              </Button>
            </div>
          </>
        ) : null}
      </section>
      <nav className={styles.links} aria-label="投票后续">
        <Link to="/voting/result.html" search={{ voteId }}>
          <BarChart3 size={16} aria-hidden />
          查看投票结果
        </Link>
        {code.data ? (
          <a href={code.data.url} target="_blank" rel="noreferrer">
            <ExternalLink size={16} aria-hidden />
            打开投票页
          </a>
        ) : null}
        <Link to="/voting/add.html" search={{ voteId }}>
          <PencilLine size={16} aria-hidden />
          完整编辑
        </Link>
      </nav>
    </div>
  );
}
