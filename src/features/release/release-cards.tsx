import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Download, ExternalLink } from 'lucide-react';
import { QRCodeCanvas } from 'qrcode.react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { questionKeys } from '../../api/question';
import { saveShareTitle } from '../../api/write';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { copyText } from '../../ui/copy-text';
import { RELEASE_NS } from './release-i18n';
import styles from './release-styles';
import type { TShareLinks } from './share-links';

/** The project's own words for the copy (团购链接, 收集订单): its noun, its records' noun and its title. */
export type TReleaseWords = { noun: string; records: string; title: string };

function useCopy() {
  const { t } = useTranslation(RELEASE_NS);
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (key: string, text: string) => {
    if (await copyText(text)) {
      setCopied(key);
      toast.success(t('link.copied'));
      window.setTimeout(() => setCopied((k) => (k === key ? null : k)), 3000);
    } else toast.error(t('link.copyFailed'));
  };
  return { copied, copy };
}

function LinkRow({ label, value, name, copied, onCopy }: { label: string; value: string; name: string; copied: boolean; onCopy: () => void }) {
  const { t } = useTranslation(RELEASE_NS);
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.linkRow}>
        <input id={id} className={styles.input} readOnly value={value} onFocus={(e) => e.currentTarget.select()} data-testid={name} />
        <Button onClick={onCopy} aria-label={`${t('link.copy')} ${label}`}>
          {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
          {t('link.copy')}
        </Button>
        <Button variant="ghost" asChild>
          <a href={value} target="_blank" rel="noopener noreferrer" aria-label={`${t('link.open')} ${label}`}>
            <ExternalLink size={14} aria-hidden />
            {t('link.open')}
          </a>
        </Button>
      </div>
    </div>
  );
}

export function LinkCard({ links, words }: { links: TShareLinks; words: TReleaseWords }) {
  const { t } = useTranslation(RELEASE_NS);
  const { copied, copy } = useCopy();
  return (
    <section className={styles.card} aria-labelledby="release-link">
      <h2 id="release-link">{t('link.title')}</h2>
      <LinkRow label={t('link.label', words)} name="share-link" value={links.link} copied={copied === 'link'} onCopy={() => void copy('link', links.link)} />
      <LinkRow label={t('link.short')} name="short-link" value={links.short} copied={copied === 'short'} onCopy={() => void copy('short', links.short)} />
    </section>
  );
}

export function QrCard({ links, title, words }: { links: TShareLinks; title: string; words: TReleaseWords }) {
  const { t } = useTranslation(RELEASE_NS);
  const canvas = useRef<HTMLCanvasElement>(null);
  const download = () => {
    const c = canvas.current;
    if (!c) return;
    const a = document.createElement('a');
    a.href = c.toDataURL('image/png');
    a.download = `${title.replace(/[\\/:*?"<>|]/g, '').slice(0, 40) || 'survey'}-二维码.png`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return (
    <section className={styles.card} aria-labelledby="release-qr">
      <h2 id="release-qr">{t('qr.title')}</h2>
      <div className={styles.qrBody}>
        <div className={styles.qrBox}>
          <QRCodeCanvas ref={canvas} value={links.qr} size={480} marginSize={2} level="M" role="img" aria-label={t('qr.alt', words)} className={styles.qr} />
        </div>
        <div className={styles.qrSide}>
          <p className={styles.muted}>{t('qr.desc')}</p>
          <Button variant="primary" onClick={download}>
            <Download size={14} aria-hidden />
            {t('qr.download')}
          </Button>
        </div>
      </div>
    </section>
  );
}

export function EmbedCard({ links, words }: { links: TShareLinks; words: TReleaseWords }) {
  const { t } = useTranslation(RELEASE_NS);
  const { copied, copy } = useCopy();
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby="release-embed">
      <h2 id="release-embed">{t('embed.title')}</h2>
      <p className={styles.muted}>{t('embed.desc', words)}</p>
      <label htmlFor={id} className="visually-hidden">
        {t('embed.label')}
      </label>
      <textarea id={id} className={styles.code} readOnly rows={3} value={links.embed} onFocus={(e) => e.currentTarget.select()} />
      <div>
        <Button onClick={() => void copy('embed', links.embed)}>
          {copied === 'embed' ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
          {t('embed.copy')}
        </Button>
      </div>
    </section>
  );
}

export function ShareTitleCard({ questionId, initial, canEdit, words }: { questionId: string; initial: string; canEdit: boolean; words: TReleaseWords }) {
  const { t } = useTranslation(RELEASE_NS);
  const [value, setValue] = useState(initial);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => saveShareTitle(questionId, value.trim()),
    onSuccess: () => {
      toast.success(t('share.saved'));
      void queryClient.invalidateQueries({ queryKey: questionKeys.info(questionId) });
    },
  });
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby="release-share">
      <h2 id="release-share">{t('share.title')}</h2>
      <p className={styles.muted}>{t('share.desc', words)}</p>
      <form
        className={styles.linkRow}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t('share.label')}
        </label>
        <input
          id={id}
          className={styles.input}
          maxLength={100}
          value={value}
          placeholder={t('share.placeholder', words)}
          disabled={!canEdit}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" variant="primary" disabled={!canEdit || save.isPending || value.trim() === initial}>
          {t('share.save')}
        </Button>
      </form>
    </section>
  );
}
