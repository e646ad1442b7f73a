import { FileUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { canCreateFromFile, CreateFromFileButton } from '../../app/create-tools';
import { cx } from '../../ui/cx';
import styles from './create-page.module.css';
import { PROJECTS_NS } from './projects-i18n';

/** The create page's 「从文件导入」 way (issue 53 item 2) for 问卷, 考试 and 表单; project-transfer's dialog does the rest. */
export function CreateWithFile({ questionType }: { questionType: number | undefined }) {
  const { t } = useTranslation(PROJECTS_NS);
  if (!canCreateFromFile(questionType)) return null;
  return (
    <section className={styles.way} aria-labelledby="create-file">
      <span className={cx(styles.wayIcon, styles.fileIcon)} aria-hidden>
        <FileUp size={22} />
      </span>
      <h2 id="create-file">{t('create.file')}</h2>
      <p>{t('create.fileDesc')}</p>
      <pre className={styles.sample} aria-hidden>
        {'门店调查.surveyjs.json\n顾客满意度.wenjuan.json\n题目.xlsx（题号 | 题型 | 题目 | 选项1…）'}
      </pre>
      <CreateFromFileButton questionType={questionType} />
    </section>
  );
}
