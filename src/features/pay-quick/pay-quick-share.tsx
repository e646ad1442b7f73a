import { Link } from '@tanstack/react-router';
import { CircleCheck, Copy, ExternalLink, PencilLine, ReceiptText } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { projectHref } from '../../app/kinds';
import { Button } from '../../ui/button';
import { copyText } from '../../ui/copy-text';
import styles from '../../ui/quick-start.module.css';
import { toast } from '../../ui/toast';
import { MerchantNote } from './merchant-note';

/** A 收款 page just published: its link as a QR code and to copy, the page itself, its orders and the full editor. */
export function PayQuickShare({ questionId, title }: { questionId: string; title: string }) {
  const link = `${location.origin}/s/${questionId}`;
  const copy = async (text: string, done: string) => ((await copyText(text)) ? toast.success(done) : toast.error('复制失败，请长按链接手动复制'));
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="pay-published">
        <p className={styles.done}>
          <CircleCheck size={20} aria-hidden />
          <span id="pay-published">收款页已发布</span>
        </p>
        <h1 className={styles.shareTitle}>{title}</h1>
        <div className={styles.qr}>
          <QRCodeSVG value={link} size={168} level="M" marginSize={0} title="收款二维码" />
          <small>微信扫码或长按识别即可付款</small>
        </div>
        <p className={styles.link} data-testid="pay-link">
          {link}
        </p>
        <div className={styles.actions}>
          <Button variant="primary" size="lg" block onClick={() => void copy(link, '链接已复制，发到群里吧')}>
            <Copy size={16} aria-hidden />
            复制链接
          </Button>
          <Button size="lg" block onClick={() => void copy(`【收款】${title}\n点击链接付款：${link}`, '邀请文字已复制')}>
            复制邀请文字
          </Button>
        </div>
        <MerchantNote />
      </section>
      <nav className={styles.links} aria-label="收款后续">
        <Link to={projectHref.orders(questionId)}>
          <ReceiptText size={16} aria-hidden />
          查看收款订单
        </Link>
        <a href={link} target="_blank" rel="noreferrer">
          <ExternalLink size={16} aria-hidden />
          打开收款页
        </a>
        <Link to={projectHref.editor(questionId)}>
          <PencilLine size={16} aria-hidden />
          完整编辑
        </Link>
      </nav>
    </div>
  );
}
