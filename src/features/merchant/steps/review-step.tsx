import { PencilLine } from 'lucide-react';
import { Button } from '../../../ui/button';
import { useForm } from '../merchant-form';
import styles from '../merchant-page.module.css';
import { reviewSections } from '../review-sections';

/** Step 10: everything once more, each section with a way back to its step. */
export function ReviewStep({ onEdit }: { onEdit: (step: number) => void }) {
  const { draft } = useForm();
  return (
    <div className={styles.review}>
      <p className={styles.notice}>请核对以下信息，确认无误后点击「提交审核」。提交后资料将进入审核，审核期间不能修改。</p>
      {reviewSections(draft).map((section) => (
        <section key={section.key} className={styles.reviewSection} aria-label={section.title}>
          <header className={styles.reviewHead}>
            <h3>{section.title}</h3>
            <Button variant="ghost" size="sm" onClick={() => onEdit(section.step)}>
              <PencilLine size={14} aria-hidden />
              修改
            </Button>
          </header>
          <dl className={styles.reviewLines}>
            {section.lines.map((line) => (
              <div key={line.label} className={styles.reviewLine}>
                <dt>{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
          {section.pictures.length ? (
            <div className={styles.reviewPictures}>
              {section.pictures.map((picture) => (
                <figure key={picture.label}>
                  <img src={picture.src} alt={picture.label} />
                  <figcaption>{picture.label}</figcaption>
                </figure>
              ))}
            </div>
          ) : null}
        </section>
      ))}
    </div>
  );
}
