import { ClipboardList } from 'lucide-react';
import { taskRecordsQuery } from '../../api/tasks';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { usePagedList } from '../../ui/use-paged-list';
import styles from './task-styles';

const PAGE_SIZE = 10;

/** 任务记录: the tasks completed, newest first, with their reward and when it was received. */
export function TaskRecords({ coinName }: { coinName: string }) {
  const list = usePagedList(taskRecordsQuery, PAGE_SIZE);
  if (list.loading) return <LoadingState />;
  if (list.failed) {
    return (
      <ErrorState
        title="记录加载失败"
        description="网络或服务暂时不可用，请稍后重试。"
        actions={
          <Button variant="primary" onClick={() => void list.query.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  }
  if (!list.list.length)
    return <EmptyState icon={<ClipboardList size={32} strokeWidth={1.6} />} title="暂无任务记录" description="完成任务后，记录会出现在这里。" />;
  return (
    <>
      <table className={styles.records}>
        <thead>
          <tr>
            <th scope="col">任务</th>
            <th scope="col">奖励</th>
            <th scope="col">完成时间</th>
            <th scope="col">状态</th>
          </tr>
        </thead>
        <tbody>
          {list.list.map((r) => (
            <tr key={`${r.code}-${r.completedTime}`}>
              <td>{r.title}</td>
              <td>
                +{r.reward} {coinName}
              </td>
              <td>{formatDateTime(r.completedTime)}</td>
              <td>{r.receivedTime ? '已领取' : '待领取'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager {...list.pager} totalLabel={`共 ${list.total} 条`} label="分页" previousLabel="上一页" nextLabel="下一页" />
    </>
  );
}
