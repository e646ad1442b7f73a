import { Link } from '@tanstack/react-router';
import { CircleCheck, Copy, ExternalLink, ListOrdered, PencilLine } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { projectHref } from '../../app/kinds';
import { Button } from '../../ui/button';
import { copyText } from '../../ui/copy-text';
import { toast } from '../../ui/toast';
import styles from './quick-styles';
import type { TQuickKind } from './quick-kinds';

/** A chain just published (any kind): its link as a QR code and to copy, its manage screen, and the full editor. */
export function ChainShareCard({ questionId, title, kind }: { questionId: string; title: string; kind: TQuickKind }) {
  const link = `${location.origin}/s/${questionId}`;
  const copy = async (text: string, done: string) => ((await copyText(text)) ? toast.success(done) : toast.error('复制失败，请长按链接手动复制'));
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="chain-published">
        <p className={styles.done}>
          <CircleCheck size={20} aria-hidden />
          <span id="chain-published">{kind.noun}已发布</span>
        </p>
        <h1 className={styles.shareTitle}>{title}</h1>
        <div className={styles.qr}>
          <QRCodeSVG value={link} size={168} level="M" marginSize={0} title={`${kind.noun}二维码`} />
          <small>微信扫码或长按识别即可参与</small>
        </div>
        <p className={styles.link} data-testid="chain-link">
          {link}
        </p>
        <div className={styles.actions}>
          <Button variant="primary" size="lg" block onClick={() => void copy(link, '链接已复制，发到群里吧')}>
            <Copy size={16} aria-hidden />
            复制链接
          </Button>
          <Button size="lg" block onClick={() => void copy(`【${kind.noun}】${title}\n${kind.invite}：${link}`, '邀请文字已复制')}>
            复制邀请文字
          </Button>
        </div>
      </section>
      <nav className={styles.links} aria-label={`${kind.noun}后续`}>
        <Link to={kind.manageHref(questionId)}>
          <ListOrdered size={16} aria-hidden />
          {kind.manageLabel}
        </Link>
        <a href={link} target="_blank" rel="noreferrer">
          <ExternalLink size={16} aria-hidden />
          打开{kind.noun}页
        </a>
        <Link to={projectHref.editor(questionId)}>
          <PencilLine size={16} aria-hidden />
          完整编辑
        </Link>
      </nav>
    </div>
  );
}
