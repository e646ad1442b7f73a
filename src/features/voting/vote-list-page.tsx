import { Link } from '@tanstack/react-router';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TVoteStatus } from '../../../schemas/vote/vote-lifecycle';
import { voteListQuery } from '../../api/vote';
import { Button } from '../../ui/button';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { useDebounced } from '../../ui/use-debounced';
import { usePagedList } from '../../ui/use-paged-list';
import { useVoteActions } from './use-vote-actions';
import { VoteItem } from './vote-item';
import { STATUS_TABS } from './vote-status';
import { FilterBar, FilterTabs, SearchBox } from '../../ui/filter-bar';
import styles from './voting-styles';

const PAGE_SIZE = 10;

/** /voting/list.html (spec §2, §4): search, status filter, paging; publish, suspend/start, top, copy, clear, bin, result. */
export function VoteListPage() {
  const [status, setStatus] = useState<TVoteStatus | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const list = usePagedList((page, pageSize) => voteListQuery({ keyword: search || undefined, status, page, pageSize }), PAGE_SIZE);
  const actions = useVoteActions();
  const filtered = Boolean(search) || status !== undefined;

  let content;
  if (list.loading) content = <LoadingState label="正在加载投票…" />;
  else if (list.failed)
    content = (
      <ErrorState
        title="投票列表加载失败"
        description="网络不稳定或服务繁忙，请稍后重试"
        actions={
          <Button variant="primary" onClick={() => void list.query.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  else if (!list.list.length)
    content = filtered ? (
      <EmptyState
        title="没有符合条件的投票"
        description="换个关键词或状态试试"
        actions={
          <Button
            onClick={() => {
              setKeyword('');
              setStatus(undefined);
              list.setPage(1);
            }}
          >
            清除筛选
          </Button>
        }
      />
    ) : (
      <EmptyState
        title="还没有投票活动"
        description="创建第一个投票，评选、比赛、人气投票都能用"
        actions={
          <>
            <Button variant="primary" asChild>
              <Link to="/voting/create.html">
                <Plus size={14} aria-hidden />
                创建投票
              </Link>
            </Button>
            <Button asChild>
              <Link to="/voting/templateLibrary.html">浏览投票模板</Link>
            </Button>
          </>
        }
      />
    );
  else
    content = (
      <>
        <ul className={styles.rows} aria-busy={list.query.isFetching || undefined}>
          {list.list.map((vote) => (
            <VoteItem key={vote.voteId} vote={vote} busy={actions.busyOf(vote)} onAction={(action) => actions.act(vote, action)} />
          ))}
        </ul>
        <Pager {...list.pager} totalLabel={`共 ${list.total} 个投票`} label="分页" previousLabel="上一页" nextLabel="下一页" />
      </>
    );

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>投票管理</h1>
        <div className={styles.inline}>
          <Button variant="ghost" asChild>
            <Link to="/voting/delete.html">
              <Trash2 size={16} aria-hidden />
              回收站
            </Link>
          </Button>
          <Button variant="primary" asChild>
            <Link to="/voting/create.html">
              <Plus size={16} aria-hidden />
              创建投票
            </Link>
          </Button>
        </div>
      </div>
      <section className={styles.panel}>
        <FilterBar>
          <FilterTabs
            label="投票状态"
            tabs={STATUS_TABS.map((tab) => ({ value: tab.status, label: tab.label }))}
            value={status}
            onChange={list.refilter(setStatus)}
          />
          <SearchBox label="搜索投票" placeholder="搜索投票标题" value={keyword} onChange={list.refilter(setKeyword)} />
        </FilterBar>
        {content}
      </section>
      {actions.dialog}
    </div>
  );
}

export default VoteListPage;
