import { spaceJoinedQuery } from '../../api/space';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import { usePagedList } from '../../ui/use-paged-list';
import styles from './mutual-styles';
import { ANSWER_STATES, pagerWords } from './space-words';

/** 我参与的: the surveys answered from the space, with the reward paid or why it was not. */
export function JoinedTab({ coinName }: { coinName: string }) {
  const list = usePagedList((page, size) => spaceJoinedQuery(page, size), 10);
  if (list.loading) return <LoadingState compact />;
  if (list.failed) {
    return (
      <ErrorState
        compact
        title="参与记录加载失败"
        description={list.query.error?.message}
        actions={<Button onClick={() => void list.query.refetch()}>重试</Button>}
      />
    );
  }
  if (list.list.length === 0)
    return <EmptyState compact title="还没有参与互助答题" description={`在「互助答题」里回答他人的问卷，每份有效答卷可获得${coinName}。`} />;
  return (
    <div className={styles.tab}>
      <ul className={styles.rows}>
        {list.list.map((p) => (
          <li key={p.releaseId} className={styles.row} data-testid="space-joined">
            <div className={styles.rowMain}>
              <strong className={styles.rowTitle}>{p.title || '未命名项目'}</strong>
              <span className={styles.rowMeta}>
                {formatDateTime(p.createTime)} · {p.reason}
              </span>
            </div>
            <div className={styles.rowSide}>
              {p.state === 'paid' ? (
                <span className={styles.earned}>
                  +{p.reward} {coinName}
                </span>
              ) : null}
              <StatusPill tone={ANSWER_STATES[p.state]!.tone}>{ANSWER_STATES[p.state]!.label}</StatusPill>
            </div>
          </li>
        ))}
      </ul>
      <Pager {...list.pager} {...pagerWords(list.total)} />
    </div>
  );
}
