import { CircleAlert, CircleCheck } from 'lucide-react';
import type { TPreviewResult } from '../../../schemas/api/transfer';
import { Button } from '../../ui/button';
import styles from './project-transfer.module.css';

interface TImportPreviewProps {
  name: string;
  formatLabel: string;
  preview: TPreviewResult;
  onRepick: () => void;
}

/** The preview of an import (the long lists scroll, so they take focus for keyboard scrolling): the file, 已转换 counts by type, the subjects to add, and 无法导入 with where and why. */
export function ImportPreview({ name, formatLabel, preview, onRepick }: TImportPreviewProps) {
  const { subjects, report } = preview;
  // One chip per type: SurveyJS brings 单选 from radiogroup and from boolean alike.
  const mapped = [...report.mapped.reduce((all, m) => all.set(m.to, (all.get(m.to) ?? 0) + m.count), new Map<string, number>())];
  return (
    <div className={styles.preview}>
      <div className={styles.fileRow}>
        <span className={styles.fileName} title={name}>
          {name}
        </span>
        <span className={styles.formatTag}>{formatLabel}</span>
        <Button variant="ghost" size="sm" onClick={onRepick}>
          重新选择
        </Button>
      </div>

      <section aria-labelledby="transfer-mapped">
        <h3 id="transfer-mapped" className={styles.sectionTitle}>
          <CircleCheck size={15} className={styles.okIcon} aria-hidden />
          已转换 {subjects.length} 道题
        </h3>
        {mapped.length ? (
          <ul className={styles.chips}>
            {mapped.map(([to, count]) => (
              <li key={to} className={styles.chip}>
                {to} × {count}
              </li>
            ))}
          </ul>
        ) : null}
        {subjects.length ? (
          <ol className={styles.subjectList} tabIndex={0} aria-labelledby="transfer-mapped">
            {subjects.map((s, i) => (
              <li key={i} className={styles.subjectItem}>
                <span className={styles.subjectIndex}>{i + 1}</span>
                <span className={styles.subjectTitle}>{s.title || '（无标题）'}</span>
                <span className={styles.subjectType}>{s.typeName}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.empty}>文件中没有可导入的题目</p>
        )}
      </section>

      {report.unmapped.length ? (
        <section aria-labelledby="transfer-unmapped">
          <h3 id="transfer-unmapped" className={styles.sectionTitle}>
            <CircleAlert size={15} className={styles.warnIcon} aria-hidden />
            无法导入 {report.unmapped.length} 项
          </h3>
          <ul className={styles.unmappedList} tabIndex={0} aria-labelledby="transfer-unmapped">
            {report.unmapped.map((u, i) => (
              <li key={i} className={styles.unmappedItem}>
                <span className={styles.unmappedWhere}>{u.where}</span>
                <span className={styles.unmappedWhat}>{u.what}</span>
                <span className={styles.unmappedReason}>{u.reason}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
