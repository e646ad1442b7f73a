import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AI_KINDS, type TAiKindName } from '../../../schemas/ai/kinds';
import { aiGenerationsQuery } from '../../api/ai-generations';
import { formatDateTime } from '../../ui/format-time';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { Button } from '../../ui/button';
import styles from './ai-generate-styles';

const RECENT = 8;

/** My latest generations, each opening /aiResult.html; 已创建 marks those made into a project. */
export function RecentGenerations() {
  const recent = useQuery(aiGenerationsQuery(1, RECENT));
  return (
    <section className={styles.panel} aria-labelledby="ai-recent">
      <h2 id="ai-recent" className={styles.sectionTitle}>
        最近生成
      </h2>
      {recent.isPending ? (
        <LoadingState compact />
      ) : recent.isError ? (
        <ErrorState compact title="生成记录加载失败" actions={<Button onClick={() => void recent.refetch()}>重试</Button>} />
      ) : recent.data.list.length === 0 ? (
        <EmptyState compact title="还没有生成记录" description="描述您需要的内容并点击生成，结果会保存在这里" />
      ) : (
        <ul className={styles.recent}>
          {recent.data.list.map((row) => (
            <li key={row.generationId} className={styles.recentRow}>
              <Link to="/aiResult.html" search={{ generationId: row.generationId }} className={styles.recentLink}>
                <span className={styles.recentTitle}>{row.title}</span>
                <span className={styles.recentMeta}>
                  {AI_KINDS[row.kind as TAiKindName]?.name ?? '项目'} · {row.subjectCount} 题 · {formatDateTime(row.createTime)}
                </span>
              </Link>
              {row.questionId ? <span className={styles.createdPill}>已创建</span> : <span className={styles.draftPill}>未创建</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
