import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Star } from 'lucide-react';
import { useState } from 'react';
import type { TCollection, TCollectionKind } from '../../../schemas/api/vote-extras-models';
import { cancelCollections, collectKeys, collectionPageQuery } from '../../api/collect';
import { Button } from '../../ui/button';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { toast } from '../../ui/toast';
import { usePagedList } from '../../ui/use-paged-list';
import { CollectionCard } from './collection-card';
import styles from './favourites-styles';

const PAGE_SIZE = 12;
const TABS: { kind: TCollectionKind; label: string }[] = [
  { kind: 'template', label: '模板' },
  { kind: 'vote', label: '投票' },
  { kind: 'player', label: '选手' },
];

/** One tab: the user's favourites of one kind, a page at a time. */
function CollectionList({ kind }: { kind: TCollectionKind }) {
  const queryClient = useQueryClient();
  const list = usePagedList(collectionPageQuery(kind), PAGE_SIZE);
  const cancel = useMutation({
    mutationFn: (item: TCollection) => cancelCollections([item.collectionId]),
    onSuccess: () => {
      toast.success('已取消收藏');
      // The last card of a later page gone: step back so the page is not empty.
      if (list.list.length === 1 && list.page > 1) list.setPage(list.page - 1);
      void queryClient.invalidateQueries({ queryKey: collectKeys.all });
    },
  });

  if (list.loading) return <LoadingState />;
  if (list.failed) {
    return (
      <ErrorState
        title="收藏加载失败"
        description="网络或服务暂时不可用，请稍后重试。"
        actions={
          <Button variant="primary" onClick={() => void list.query.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  }
  if (!list.list.length) {
    return (
      <EmptyState
        icon={<Star size={32} strokeWidth={1.6} />}
        title="暂无收藏"
        description={kind === 'template' ? '在模板中心点击“收藏”，喜欢的模板会出现在这里。' : '在投票页面点击收藏，投票活动和选手会出现在这里。'}
        actions={
          <Button variant="primary" asChild>
            <Link to="/template/list.html">去模板中心</Link>
          </Button>
        }
      />
    );
  }
  return (
    <>
      <ul className={styles.cardGrid}>
        {list.list.map((item) => (
          <CollectionCard
            key={item.collectionId}
            item={item}
            cancelling={cancel.isPending && cancel.variables?.collectionId === item.collectionId}
            onCancel={() => cancel.mutate(item)}
          />
        ))}
      </ul>
      <Pager {...list.pager} totalLabel={`共 ${list.total} 个`} label="分页" previousLabel="上一页" nextLabel="下一页" />
    </>
  );
}

/** /collection.html (我的收藏): the templates, votes and players the user starred (activity/collect/*). */
export function CollectionPage() {
  const [tab, setTab] = useState<string>('template');
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>我的收藏</h1>
          <p className={styles.intro}>收藏的模板、投票活动和选手都在这里，点击“打开”即可查看。</p>
        </div>
      </header>
      <section className={styles.panel}>
        <Tabs
          label="收藏类型"
          value={tab}
          onValueChange={setTab}
          tabs={TABS.map(({ kind, label }) => ({ value: kind, label, content: <CollectionList kind={kind} /> }))}
        />
      </section>
    </div>
  );
}

export default CollectionPage;
