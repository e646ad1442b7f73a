import { useMutation } from '@tanstack/react-query';
import { Download, Image } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getPoster } from '../../api/draw';
import { Button } from '../../ui';
import { RELEASE_NS } from './release-i18n';
import type { TReleaseWords } from './release-cards';
import styles from './release-styles';

/** 分享海报 (issue 49 item 5): the server draws the cover, the title and the project's QR as one PNG. */
export function PosterCard({ questionId, words }: { questionId: string; words: TReleaseWords }) {
  const { t } = useTranslation(RELEASE_NS);
  const poster = useMutation({ mutationFn: () => getPoster(questionId) });
  const download = () => {
    if (!poster.data) return;
    const a = document.createElement('a');
    a.href = poster.data.png;
    a.download = poster.data.fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return (
    <section className={styles.card} aria-labelledby="release-poster">
      <h2 id="release-poster">{t('poster.title')}</h2>
      <div className={styles.qrBody}>
        {poster.data ? <img className={styles.poster} src={poster.data.png} alt={t('poster.alt', words)} /> : null}
        <div className={styles.qrSide}>
          <p className={styles.muted}>{t('poster.desc')}</p>
          {poster.data ? (
            <Button variant="primary" onClick={download}>
              <Download size={14} aria-hidden />
              {t('poster.download')}
            </Button>
          ) : (
            <Button onClick={() => poster.mutate()} disabled={poster.isPending}>
              <Image size={14} aria-hidden />
              {poster.isPending ? t('poster.making') : t('poster.make')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
