import { groupBuyStarterSubjects } from './groupbuy-starter';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, FilePlus2, FileText, LoaderCircle } from 'lucide-react';
import { useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { questionCountQuery } from '../../api/question';
import { hasSession } from '../../api/token';
import { useCreation } from '../../api/use-creation';
import { canCreateFromFile } from '../../app/create-tools';
import { KINDS } from '../../app/kinds';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { CreateFromTemplate } from './create-from-template';
import { CreateWithAi } from './create-with-ai';
import { CreateWithFile } from './create-with-file';
import { QuickStartLink } from './quick-start-link';
import { PROJECTS_NS } from './projects-i18n';
import styles from './create-page.module.css';
import { useWorkKind } from './use-work-kind';
import { firstReadyKind, SolitaireKindPicker } from './solitaire-kind-picker';
import { PROJECT_KINDS, SOLITAIRE_TYPE } from '../../../schemas/project-kinds';

/** Create pages (/questionnaire/create.html and one per kind): blank with a title, from a template, or text import. */
export function CreatePage() {
  const { t } = useTranslation(PROJECTS_NS);
  const kind = useWorkKind();
  const kindName = t(`kind.${kind.kind}`, { ns: 'translation' });
  const [title, setTitle] = useState('');
  const [invalid, setInvalid] = useState(false);
  // 新建接龙 (issue 20): the kind of chain, and its description shown on the chain page.
  const solitaire = kind.questionType === PROJECT_KINDS.solitaire.questionType;
  const [solitaireType, setSolitaireType] = useState<number>(firstReadyKind);
  const [description, setDescription] = useState('');
  const creation = useCreation();
  const loggedIn = hasSession();
  const count = useQuery({ ...questionCountQuery(), enabled: loggedIn });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = title.trim();
    if (!value) {
      setInvalid(true);
      return;
    }
    creation.start(
      solitaire
        ? {
            via: 'blank',
            questionType: kind.questionType,
            title: value,
            subtitle: description.trim() || undefined,
            solitaireType,
            // A group-buy starts with its 商品, 自提点 and buyer subjects, edited in the editor.
            subjects: solitaireType === SOLITAIRE_TYPE.groupBuy ? groupBuyStarterSubjects() : undefined,
          }
        : { via: 'blank', questionType: kind.questionType, title: value },
    );
  };
  const blankBusy = creation.busy && creation.request?.via === 'blank';

  return (
    <div className={styles.page} style={{ '--kind-color': kind.color } as CSSProperties}>
      <div className={styles.head}>
        <div>
          <h1>{t('create.title', { kind: kindName })}</h1>
          <p>{t('create.subtitle')}</p>
        </div>
        {count.data ? (
          <span className={styles.limits}>
            {t('create.limits', { count: count.data.questionCount, max: count.data.maxNumber, level: count.data.levelName })}
          </span>
        ) : null}
      </div>

      <nav className={styles.kinds} aria-label={t('create.kindsLabel')}>
        {KINDS.filter((each) => each.questionType).map((each) => {
          const Icon = each.icon;
          const current = each.kind === kind.kind;
          return (
            <Link key={each.kind} to={each.create} className={cx(styles.kind, current && styles.kindCurrent)} aria-current={current ? 'page' : undefined}>
              <span className={styles.kindIcon} style={{ background: each.color }} aria-hidden>
                <Icon size={16} />
              </span>
              {t(`kind.${each.kind}`, { ns: 'translation' })}
            </Link>
          );
        })}
      </nav>

      {solitaire ? <SolitaireKindPicker value={solitaireType} onChange={setSolitaireType} /> : null}
      <QuickStartLink questionType={kind.questionType} solitaireType={solitaireType} />

      <div className={cx(styles.ways, canCreateFromFile(kind.questionType) && styles.waysFive)}>
        <section className={cx(styles.way, styles.blank)} aria-labelledby="create-blank">
          <span className={styles.wayIcon} aria-hidden>
            <FilePlus2 size={22} />
          </span>
          <h2 id="create-blank">{t('create.blank')}</h2>
          <p>{solitaire && solitaireType === SOLITAIRE_TYPE.signUp ? t('create.solitaire.blankDesc') : t('create.blankDesc')}</p>
          <form className={styles.form} onSubmit={submit} noValidate>
            <label htmlFor="create-title">{t('create.titleLabel', { kind: kindName })}</label>
            <input
              id="create-title"
              value={title}
              maxLength={200}
              placeholder={t('create.titlePlaceholder', { kind: kindName })}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? 'create-title-error' : undefined}
              onChange={(event) => {
                setTitle(event.target.value);
                setInvalid(false);
              }}
            />
            {invalid ? (
              <p id="create-title-error" className={styles.error} role="alert">
                {t('create.titleRequired')}
              </p>
            ) : null}
            {solitaire ? (
              <>
                <label htmlFor="create-description">{t('create.solitaire.descLabel')}</label>
                <textarea
                  id="create-description"
                  value={description}
                  maxLength={5000}
                  rows={3}
                  placeholder={t('create.solitaire.descPlaceholder')}
                  onChange={(event) => setDescription(event.target.value)}
                />
              </>
            ) : null}
            {creation.error && creation.request?.via === 'blank' ? (
              <p className={styles.error} role="alert">
                {creation.error}
              </p>
            ) : null}
            <Button type="submit" variant="primary" block disabled={creation.busy}>
              {blankBusy ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : null}
              {blankBusy ? t('create.creating') : t('create.submit')}
            </Button>
          </form>
        </section>

        <CreateFromTemplate kind={kind} kindName={kindName} creation={creation} />

        <section className={styles.way} aria-labelledby="create-text">
          <span className={cx(styles.wayIcon, styles.textIcon)} aria-hidden>
            <FileText size={22} />
          </span>
          <h2 id="create-text">{t('create.textImport')}</h2>
          <p>{t('create.textImportDesc')}</p>
          <pre className={styles.sample} aria-hidden>
            {'1. 您的性别？\nA. 男\nB. 女\n2. 您的年龄段？[单选]\n…'}
          </pre>
          <Button asChild>
            <Link to="/textImport.html" search={{ questionType: kind.questionType }}>
              {t('create.textImportGo')}
              <ArrowRight size={14} aria-hidden />
            </Link>
          </Button>
        </section>

        <CreateWithAi questionType={kind.questionType} />
        <CreateWithFile questionType={kind.questionType} />
      </div>
      {creation.dialog}
    </div>
  );
}

export default CreatePage;
