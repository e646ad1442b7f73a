import { LoaderCircle, Sparkles } from 'lucide-react';
import { Button } from '../../ui/button';
import { fill, TEXTS } from './cases-texts';
import styles from './cases.module.css';
import type { useTemplateUse } from './use-template-use';

type TUse = ReturnType<typeof useTemplateUse>;

/** One template a case or a plan step opens: its title and size, and 使用此模板 (or why it cannot be used now). */
export function TemplateUse({ templateKey, state }: { templateKey: string; state: TUse }) {
  const { templates } = state;
  if (templates.isPending) return <p className={styles.templateNote}>{TEXTS.templateLoading}</p>;
  if (templates.isError) {
    return (
      <p className={styles.templateNote} role="alert">
        {TEXTS.templateFailed}
        <Button size="sm" variant="ghost" onClick={() => void templates.refetch()}>
          {TEXTS.retry}
        </Button>
      </p>
    );
  }
  const t = state.byKey.get(templateKey);
  if (!t) return <p className={styles.templateNote}>{TEXTS.templateMissing}</p>;
  const using = state.usingKey === templateKey;
  return (
    <div className={styles.templateUse}>
      <p className={styles.templateName}>
        <Sparkles size={14} aria-hidden />
        <span>{fill(TEXTS.templateOf, { title: t.title })}</span>
        <span className={styles.templateSize}>{fill(t.kind === 'vote' ? TEXTS.templatePlayers : TEXTS.templateCount, { count: t.subjectCount })}</span>
      </p>
      <Button variant="primary" disabled={state.busy} onClick={() => state.use(templateKey)} aria-label={`${TEXTS.useTemplate}：${t.title}`}>
        {using ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
        {using ? TEXTS.using : TEXTS.useTemplate}
      </Button>
    </div>
  );
}
