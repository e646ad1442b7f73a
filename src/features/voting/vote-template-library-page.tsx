import { LoaderCircle, Users, Vote } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import type { ZVoteTemplate } from '../../../schemas/api/vote-extras';
import { voteTemplatesQuery } from '../../api/vote-extras';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { useDebounced } from '../../ui/use-debounced';
import { usePagedList } from '../../ui/use-paged-list';
import { TemplatePreviewDialog } from './template-preview-dialog';
import { useVoteTemplate } from './use-vote-template';
import { FilterBar, FilterTabs, SearchBox } from '../../ui/filter-bar';
import styles from './voting-styles';

const PAGE_SIZE = 12;
type TVoteTemplate = z.infer<typeof ZVoteTemplate>;

function TemplateCard({ template, onPreview, onUse, using }: { template: TVoteTemplate; onPreview: () => void; onUse: () => void; using: boolean }) {
  return (
    <li className={styles.templateCard}>
      {template.cover ? (
        <img className={styles.templateCover} src={template.cover} alt="" />
      ) : (
        <div className={cx(styles.templateCover, styles.coverBlank)}>
          <Vote size={36} aria-hidden />
        </div>
      )}
      <div className={styles.templateBody}>
        <h3>{template.title}</h3>
        <p className={styles.muted}>{template.description}</p>
        <div className={styles.meta}>
          <span>
            <Users size={12} aria-hidden /> {template.playerCount} 位示例选手
          </span>
          {template.playerTypes.length ? <span>分组：{template.playerTypes.join('、')}</span> : null}
          <span>{template.useCount} 次使用</span>
        </div>
        <div className={styles.templateActions}>
          <Button size="sm" onClick={onPreview}>
            预览
          </Button>
          <Button size="sm" variant="primary" onClick={onUse} disabled={using}>
            {using ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            使用此模板
          </Button>
        </div>
      </div>
    </li>
  );
}

/** /voting/templateLibrary.html: real vote setups (cover, rules, player types) by category; preview and use. */
export function VoteTemplateLibraryPage() {
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [previewing, setPreviewing] = useState<string | null>(null);
  const search = useDebounced(keyword.trim(), 300);
  const list = usePagedList((page, pageSize) => voteTemplatesQuery({ category, keyword: search || undefined, page, pageSize }), PAGE_SIZE);
  const categories = list.data?.categories ?? [];
  const { use, usingId, limited, dialog } = useVoteTemplate();

  let content;
  if (list.loading) content = <LoadingState label="正在加载模板…" />;
  else if (list.failed)
    content = (
      <ErrorState
        title="模板加载失败"
        description="网络不稳定或服务繁忙，请稍后重试"
        actions={
          <Button variant="primary" onClick={() => void list.query.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  else if (!list.list.length) content = <EmptyState title="没有找到相关模板" description="换个关键词或分类试试，也可以从空白投票开始" />;
  else
    content = (
      <>
        <ul className={styles.templateGrid}>
          {list.list.map((template) => (
            <TemplateCard
              key={template.templateId}
              template={template}
              onPreview={() => setPreviewing(template.templateId)}
              onUse={() => use(template.templateId)}
              using={usingId === template.templateId}
            />
          ))}
        </ul>
        <Pager {...list.pager} totalLabel={`共 ${list.total} 个模板`} label="分页" previousLabel="上一页" nextLabel="下一页" />
      </>
    );

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <h1>投票模板库</h1>
          <p className={styles.intro}>精选评选、比赛、人气投票方案，封面、规则和选手分组已配好，套用后即可修改发布</p>
        </div>
      </div>
      <section className={styles.panel}>
        <FilterBar>
          <FilterTabs
            label="模板分类"
            tabs={[undefined, ...categories].map((each) => ({ value: each, label: each ?? '全部' }))}
            value={category}
            onChange={list.refilter(setCategory)}
          />
          <SearchBox label="搜索模板" placeholder="搜索投票模板" value={keyword} onChange={list.refilter(setKeyword)} />
        </FilterBar>
        {content}
      </section>
      <TemplatePreviewDialog
        templateId={limited ? null : previewing}
        onClose={() => setPreviewing(null)}
        onUse={(templateId) => use(templateId)}
        using={usingId !== null && usingId === previewing}
      />
      {dialog}
    </div>
  );
}

export default VoteTemplateLibraryPage;
