import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, LoaderCircle, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { TVotingDetail } from '../../../schemas/api/vote';
import { SUSPECT_REASONS } from '../../../schemas/vote/vote-rules';
import { getVotingDetailValid, voteDetailsQuery, voteKeys } from '../../api/vote';
import { playerKeys } from '../../api/vote-player';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedList } from '../../ui/use-paged-list';
import { FilterBar, FilterTabs } from '../../ui/filter-bar';
import styles from './voting-styles';

const PAGE_SIZE = 20;
type TFilter = 'all' | 'valid' | 'voided' | 'suspect';
const FILTERS: Array<[TFilter, string]> = [
  ['all', '全部'],
  ['valid', '有效'],
  ['voided', '已作废'],
  ['suspect', '可疑'],
];
const filterBody = (filter: TFilter) =>
  filter === 'valid' ? { valid: true } : filter === 'voided' ? { valid: false } : filter === 'suspect' ? { suspect: true } : {};

/** 投票明细: voter, time, IP and area, valid and suspect flags; a vote can be voided (it leaves the counts) or restored. */
export function VoteDetailsPanel({ voteId }: { voteId: string }) {
  const [filter, setFilter] = useState<TFilter>('all');
  const list = usePagedList((page, pageSize) => voteDetailsQuery({ voteId, ...filterBody(filter), page, pageSize }), PAGE_SIZE);
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (detail: TVotingDetail) => getVotingDetailValid(voteId, detail.detailId, !detail.valid),
    onSuccess: (result) => {
      toast.success(result.valid ? `已恢复，该选手现有 ${result.votes} 票` : `已作废，该选手现有 ${result.votes} 票`);
      void queryClient.invalidateQueries({ queryKey: voteKeys.one(voteId) });
      void queryClient.invalidateQueries({ queryKey: playerKeys.statistics(voteId) });
    },
  });

  let content;
  if (list.loading) content = <LoadingState compact label="正在加载投票明细…" />;
  else if (list.failed)
    content = (
      <ErrorState
        compact
        title="投票明细加载失败"
        actions={
          <Button variant="primary" onClick={() => void list.query.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  else if (!list.list.length) content = <EmptyState compact title={filter === 'all' ? '还没有投票记录' : '没有符合条件的记录'} />;
  else
    content = (
      <>
        <table className={styles.table} tabIndex={0} aria-labelledby="vote-details">
          <thead>
            <tr>
              <th scope="col">投票时间</th>
              <th scope="col">投票人</th>
              <th scope="col">选手</th>
              <th scope="col">IP / 地区</th>
              <th scope="col">状态</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {list.list.map((detail) => (
              <tr key={detail.detailId} className={cx(!detail.valid && styles.struck)}>
                <td>{formatDateTime(detail.createTime)}</td>
                <td>{detail.voter}</td>
                <td>
                  {detail.playerNo}号 {detail.playerName}
                </td>
                <td>
                  {detail.ip || '—'}
                  {detail.ipArea ? ` · ${detail.ipArea}` : ''}
                </td>
                <td>
                  {detail.valid ? '有效' : <span className={styles.flagVoid}>已作废</span>}
                  {detail.suspect ? (
                    <span className={styles.flagSuspect}> · 可疑（{(detail.suspectReason && SUSPECT_REASONS[detail.suspectReason]) || '异常投票'}）</span>
                  ) : null}
                </td>
                <td>
                  <button
                    type="button"
                    className={cx(styles.action, detail.valid && styles.danger)}
                    onClick={() => toggle.mutate(detail)}
                    disabled={toggle.isPending}
                    aria-label={`${detail.valid ? '作废' : '恢复'} ${formatDateTime(detail.createTime)} 投给 ${detail.playerName} 的票`}
                  >
                    {toggle.isPending && toggle.variables.detailId === detail.detailId ? (
                      <LoaderCircle size={14} className={styles.spin} aria-hidden />
                    ) : detail.valid ? (
                      <Ban size={14} aria-hidden />
                    ) : (
                      <RotateCcw size={14} aria-hidden />
                    )}
                    {detail.valid ? '作废' : '恢复'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager {...list.pager} totalLabel={`共 ${list.total} 条`} label="明细分页" previousLabel="上一页" nextLabel="下一页" />
      </>
    );

  return (
    <section className={styles.panel} aria-labelledby="vote-details">
      <FilterBar>
        <h2 id="vote-details" style={{ margin: 0 }}>
          投票明细
        </h2>
        <FilterTabs label="明细筛选" tabs={FILTERS.map(([value, label]) => ({ value, label }))} value={filter} onChange={list.refilter(setFilter)} />
      </FilterBar>
      {content}
    </section>
  );
}
