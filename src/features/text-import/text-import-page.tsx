import { useLocation } from '@tanstack/react-router';
import { CircleAlert, Eraser, LoaderCircle, Sparkles, Wand2 } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TQuestionType } from '../../../schemas/project-kinds';
import { isNumberedSubjectType } from '../../../schemas/subjects/subject-types';
import { parseQuestionnaireText } from '../../../schemas/text-import/parse-questionnaire-text';
import { useCreation } from '../../api/use-creation';
import { KINDS, kindOfType } from '../../app/kinds';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/states';
import { SubjectPreview, type TPreviewSubject } from '../../ui/subject-preview';
import { TEXT_IMPORT_NS } from './text-import-i18n';
import styles from './text-import.module.css';

const QUESTION_KINDS = KINDS.filter((kind) => kind.questionType);

/** Ids for the live preview: stable between keystrokes so React keeps the rows. */
const previewIds = () => {
  let n = 0;
  return () => `preview-${++n}`;
};

/** /textImport.html: pasted text on the left, the parsed subjects and warnings on the right, 生成 creates the project. */
export function TextImportPage() {
  const { t, i18n } = useTranslation(TEXT_IMPORT_NS);
  const initialType = useLocation({
    select: (location) => kindOfType(Number((location.search as Record<string, unknown>).questionType))?.questionType,
  });
  const [questionType, setQuestionType] = useState<TQuestionType>((initialType ?? 1) as TQuestionType);
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const creation = useCreation();

  const deferred = useDeferredValue(text);
  const parsed = useMemo(() => parseQuestionnaireText(deferred, { newId: previewIds() }), [deferred]);
  const questions = parsed.subjects.filter((subject) => isNumberedSubjectType(subject.subjectType)).length;
  const kind = kindOfType(questionType)!;
  const kindName = t(`kind.${kind.kind}`, { ns: 'translation' });
  const lineCount = text ? text.split(/\r\n|\r|\n/).length : 0;

  const generate = () => {
    // Fresh ids for the project: the preview's are only unique within this page.
    const result = parseQuestionnaireText(text);
    if (!result.subjects.length) return;
    creation.start({
      via: 'blank',
      questionType,
      title: title.trim() || result.title || t('untitled', { kind: kindName }),
      subjects: result.subjects,
    });
  };

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <h1>{t('title')}</h1>
          <p>{t('subtitle')}</p>
        </div>
      </div>

      <div className={styles.controls}>
        <label className={styles.field}>
          <span>{t('kind')}</span>
          <select value={questionType} onChange={(event) => setQuestionType(Number(event.target.value) as TQuestionType)}>
            {QUESTION_KINDS.map((each) => (
              <option key={each.kind} value={each.questionType}>
                {t(`kind.${each.kind}`, { ns: 'translation' })}
              </option>
            ))}
          </select>
        </label>
        <label className={`${styles.field} ${styles.titleField}`}>
          <span>{t('projectTitle')}</span>
          <input value={title} maxLength={200} placeholder={parsed.title ?? t('projectTitlePlaceholder')} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <Button variant="primary" size="lg" onClick={generate} disabled={!parsed.subjects.length || creation.busy}>
          {creation.busy ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : <Wand2 size={16} aria-hidden />}
          {creation.busy ? t('generating') : t('generate', { kind: kindName })}
        </Button>
      </div>
      {creation.error ? (
        <p className={styles.error} role="alert">
          {creation.error}
        </p>
      ) : null}

      <div className={styles.columns}>
        <section className={styles.source} aria-labelledby="text-source">
          <div className={styles.columnHead}>
            <h2 id="text-source">{t('source')}</h2>
            <span className={styles.muted}>{t('lines', { count: lineCount })}</span>
            <div className={styles.columnTools}>
              <Button size="sm" variant="ghost" onClick={() => setText(t('sampleText'))}>
                <Sparkles size={14} aria-hidden />
                {t('sample')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setText('')} disabled={!text}>
                <Eraser size={14} aria-hidden />
                {t('clear')}
              </Button>
            </div>
          </div>
          <textarea
            aria-labelledby="text-source"
            value={text}
            spellCheck={false}
            placeholder={t('sourcePlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
          <details className={styles.tips}>
            <summary>{t('tipsTitle')}</summary>
            <ul>
              {(t('tips', { returnObjects: true }) as string[]).map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </details>
        </section>

        <section className={styles.result} aria-labelledby="text-preview">
          <div className={styles.columnHead}>
            <h2 id="text-preview">{t('preview')}</h2>
            <span className={styles.found} role="status">
              {t('found', { count: questions })}
            </span>
          </div>
          {parsed.warnings.length ? (
            <div className={styles.warnings}>
              <p className={styles.warningsTitle}>
                <CircleAlert size={14} aria-hidden />
                {t('warnings', { count: parsed.warnings.length })}
              </p>
              <ul aria-label={t('warnings', { count: parsed.warnings.length })}>
                {parsed.warnings.map((warning, i) => (
                  <li key={`${warning.line}-${i}`}>
                    <span className={styles.line}>{warning.line > 0 ? t('warningLine', { line: warning.line }) : t('warningGeneral')}</span>
                    {warning.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className={styles.paper}>
            {parsed.title || title ? <h3 className={styles.paperTitle}>{title.trim() || parsed.title}</h3> : null}
            {parsed.subjects.length ? (
              <SubjectPreview
                subjects={parsed.subjects as unknown as TPreviewSubject[]}
                language={i18n.language === 'en' ? 'en' : 'zh'}
                requiredLabel={t('required')}
                pageBreakLabel={t('pageBreak')}
              />
            ) : (
              <EmptyState compact title={text.trim() ? t('noSubjects') : t('emptyPreview')} />
            )}
          </div>
        </section>
      </div>
      {creation.dialog}
    </div>
  );
}

export default TextImportPage;
