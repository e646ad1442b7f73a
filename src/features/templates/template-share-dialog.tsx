import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { templateShareLinkQuery } from '../../api/template-share';
import { hasSession } from '../../api/token';
import { Button } from '../../ui/button';
import { copyText } from '../../ui/copy-text';
import { Dialog } from '../../ui/dialog';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './template-share.module.css';

/**
 * 分享给好友: the template's link /shareQuestionnaire?share=… and its QR code, as the vote's share does. A logged-in
 * sharer is named on the friend's page ("<name> 分享给你的模板"); a visitor's link names nobody.
 */
export function TemplateShareDialog({ template, onClose }: { template: { questionId: string; title: string } | null; onClose: () => void }) {
  return (
    <Dialog open={template !== null} onOpenChange={(open) => (open ? undefined : onClose())} title="分享给好友" width={420}>
      {template ? <ShareBody questionId={template.questionId} title={template.title} /> : null}
    </Dialog>
  );
}

function ShareBody({ questionId, title }: { questionId: string; title: string }) {
  const link = useQuery(templateShareLinkQuery(questionId, hasSession()));
  const copy = async (text: string, done: string) => ((await copyText(text)) ? toast.success(done) : toast.error('复制失败，请长按链接手动复制'));
  if (link.isPending) return <LoadingState compact label="正在生成分享链接…" />;
  if (link.isError) return <ErrorState compact title="分享链接生成失败" description={link.error.message} />;
  return (
    <div className={styles.share}>
      <p className={styles.shareLead}>
        {link.data.sharerName ? `好友打开后会看到“${link.data.sharerName} 分享给你的模板”，` : '好友打开后'}可以一键复制「{title}」到自己的账号。
      </p>
      <img className={styles.qr} src={link.data.qrPng} alt="模板分享二维码" />
      <small className={styles.qrHint}>微信扫码或长按识别打开</small>
      <p className={styles.link} data-testid="template-share-link">
        {link.data.url}
      </p>
      <div className={styles.shareActions}>
        <Button variant="primary" block onClick={() => void copy(link.data.url, '链接已复制，发给好友吧')}>
          <Copy size={16} aria-hidden />
          复制链接
        </Button>
        <Button block onClick={() => void copy(`【模板】${title}\n复制到你的账号直接使用：${link.data.url}`, '分享文字已复制')}>
          复制分享文字
        </Button>
      </div>
    </div>
  );
}
