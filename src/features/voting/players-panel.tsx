import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, ListPlus, Plus, Rows3, UserRound } from 'lucide-react';
import { useState } from 'react';
import type { TPublicPlayer } from '../../../schemas/api/vote';
import {
  batchAddPlayerRows,
  batchAddPlayerXlsx,
  batchNameAddPlayer,
  delWxPlayer,
  getPlayerVerify,
  playerKeys,
  playerListQuery,
  playerTypesQuery,
} from '../../api/vote-player';
import { voteKeys } from '../../api/vote';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { useDebounced } from '../../ui/use-debounced';
import { usePagedList } from '../../ui/use-paged-list';
import { PlayerDialog } from './player-dialog';
import { PlayerImportDialog, type TImport, type TImportMode } from './player-import-dialog';
import { PlayerTable, REVIEW_NAMES, type TReview } from './player-table';
import { PlayerTypesBar } from './player-types-bar';
import { FilterBar, FilterTabs, SearchBox } from '../../ui/filter-bar';
import styles from './voting-styles';

const PAGE_SIZE = 20;

/** 选手管理: groups, the player table (search, review filter, paging) and the four ways to add players. */
export function PlayersPanel({ voteId }: { voteId: string }) {
  const [keyword, setKeyword] = useState('');
  const [review, setReview] = useState<TReview | undefined>(undefined);
  const [editing, setEditing] = useState<TPublicPlayer | 'new' | null>(null);
  const [importing, setImporting] = useState<TImportMode | null>(null);
  const [removing, setRemoving] = useState<TPublicPlayer | null>(null);
  const search = useDebounced(keyword.trim(), 300);
  const list = usePagedList((page, pageSize) => playerListQuery({ voteId, keyword: search || undefined, review, page, pageSize }), PAGE_SIZE);
  const types = useQuery(playerTypesQuery(voteId));
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: playerKeys.all(voteId) });
    void queryClient.invalidateQueries({ queryKey: voteKeys.all });
  };
  const importPlayers = useMutation({
    mutationFn: (body: TImport) =>
      'names' in body ? batchNameAddPlayer(voteId, body.names) : 'rows' in body ? batchAddPlayerRows(voteId, body.rows) : batchAddPlayerXlsx(voteId, body.xlsx),
    onSuccess: (result) => {
      const last = result.players.at(-1);
      toast.success(`已添加 ${result.added} 位选手${last ? `，编号排到 ${last.no} 号` : ''}`);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (player: TPublicPlayer) => delWxPlayer(voteId, [player.playerId]),
    onSuccess: () => {
      toast.success('选手已删除');
      setRemoving(null);
      refresh();
    },
  });
  const verify = useMutation({
    mutationFn: ({ player, result }: { player: TPublicPlayer; result: 'approved' | 'rejected' }) => getPlayerVerify(voteId, [player.playerId], result),
    onSuccess: (_, { result }) => {
      toast.success(result === 'approved' ? '已通过审核，选手出现在投票页' : '已拒绝该报名');
      refresh();
    },
  });

  let content;
  if (list.loading) content = <LoadingState label="正在加载选手…" />;
  else if (list.failed)
    content = (
      <ErrorState
        compact
        title="选手加载失败"
        actions={
          <Button variant="primary" onClick={() => void list.query.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  else if (!list.list.length)
    content = (
      <EmptyState
        compact
        icon={<UserRound size={26} strokeWidth={1.6} />}
        title={search || review ? '没有符合条件的选手' : '还没有选手'}
        description={search || review ? '换个关键词或筛选条件试试' : '逐个添加，或粘贴名称、导入 Excel 批量添加'}
      />
    );
  else
    content = (
      <>
        <PlayerTable
          players={list.list}
          verifying={verify.isPending}
          onVerify={(player, result) => verify.mutate({ player, result })}
          onEdit={setEditing}
          onRemove={setRemoving}
        />
        <Pager {...list.pager} totalLabel={`共 ${list.total} 位选手`} label="选手分页" previousLabel="上一页" nextLabel="下一页" />
      </>
    );

  return (
    <section className={styles.panel} aria-labelledby="vote-players">
      <div className={styles.editorHead}>
        <h2 id="vote-players">选手管理</h2>
        <div className={styles.inline}>
          <Button variant="primary" onClick={() => setEditing('new')}>
            <Plus size={14} aria-hidden />
            添加选手
          </Button>
          <Button onClick={() => setImporting('rows')}>
            <Rows3 size={14} aria-hidden />
            批量录入
          </Button>
          <Button onClick={() => setImporting('names')}>
            <ListPlus size={14} aria-hidden />
            按名称批量添加
          </Button>
          <Button onClick={() => setImporting('excel')}>
            <FileSpreadsheet size={14} aria-hidden />
            Excel 导入
          </Button>
        </div>
      </div>
      <div className={styles.form}>
        <PlayerTypesBar voteId={voteId} />
        <FilterBar>
          <FilterTabs
            label="审核状态"
            tabs={([undefined, 'pending', 'rejected'] as const).map((each) => ({ value: each, label: each ? REVIEW_NAMES[each] : '全部选手' }))}
            value={review}
            onChange={list.refilter(setReview)}
          />
          <SearchBox label="搜索选手" placeholder="搜索名称或编号" value={keyword} onChange={list.refilter(setKeyword)} />
        </FilterBar>
        {content}
      </div>
      <PlayerDialog voteId={voteId} editing={editing} types={types.data ?? []} onClose={() => setEditing(null)} onSaved={refresh} />
      <PlayerImportDialog
        mode={importing}
        onClose={() => setImporting(null)}
        onImport={(body) => importPlayers.mutateAsync(body)}
        busy={importPlayers.isPending}
      />
      <ConfirmDialog
        open={removing !== null}
        tone="danger"
        title="删除选手"
        message={`确定删除 ${removing?.no ?? ''} 号选手“${removing?.name ?? ''}”吗？TA 获得的投票将一并删除。`}
        confirmLabel="删除"
        cancelLabel="取消"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
