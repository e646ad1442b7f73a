import { useMutation } from '@tanstack/react-query';
import { Check, Copy, Download, QrCode } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getQuestionCode } from '../../api/applet';
import { Button } from '../../ui';
import { copyText } from '../../ui/copy-text';
import { toast } from '../../ui/toast';
import { RELEASE_NS } from './release-i18n';
import type { TReleaseWords } from './release-cards';
import styles from './release-styles';

/**
 * 小程序码 (issue 49): the deployment's mini-program code for the project (activity/question/getQuestionCode), with
 * the 小程序链接 that opens the same page. Made on demand (each is a WeChat call); where no mini-program is
 * configured the card shows the server's message (未配置小程序…) instead of a code.
 */
export function AppletCodeCard({ questionId, title, words }: { questionId: string; title: string; words: TReleaseWords }) {
  const { t } = useTranslation(RELEASE_NS);
  const code = useMutation({ mutationFn: () => getQuestionCode(questionId) });
  const [copied, setCopied] = useState(false);
  const download = () => {
    if (!code.data) return;
    const a = document.createElement('a');
    a.href = code.data.qrCode;
    a.download = `${title.replace(/[\\/:*?"<>|]/g, '').slice(0, 40) || 'survey'}-小程序码.png`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  const copy = async (url: string) => {
    if (await copyText(url)) {
      setCopied(true);
      toast.success(t('link.copied'));
    } else toast.error(t('link.copyFailed'));
  };
  return (
    <section className={styles.card} aria-labelledby="release-applet">
      <h2 id="release-applet">{t('applet.title')}</h2>
      <div className={styles.qrBody}>
        {code.data ? <img className={styles.appletCode} src={code.data.qrCode} alt={t('applet.alt', words)} /> : null}
        <div className={styles.qrSide}>
          <p className={styles.muted}>{t('applet.desc', words)}</p>
          {code.error ? (
            <p className={styles.error} role="alert">
              {code.error.message}
            </p>
          ) : null}
          {code.data ? (
            <>
              <Button variant="primary" onClick={download}>
                <Download size={14} aria-hidden />
                {t('applet.download')}
              </Button>
              <Button onClick={() => void copy(code.data.url)} aria-label={t('applet.copyLink')}>
                {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
                {t('applet.copyLink')}
              </Button>
            </>
          ) : (
            <Button onClick={() => code.mutate()} disabled={code.isPending}>
              <QrCode size={14} aria-hidden />
              {code.isPending ? t('applet.making') : code.error ? t('applet.retry') : t('applet.make')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
