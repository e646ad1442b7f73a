import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Flame, Search } from 'lucide-react';
import { useState, type FocusEvent } from 'react';
import type { TQuestionType } from '../../../schemas/project-kinds';
import { getHotTemplateSearchPage, hotTemplatesQuery } from '../../api/question';
import { kindOfType } from '../../app/kinds';
import { Button } from '../../ui/button';
import { useDebounced } from '../../ui/use-debounced';
import { highlightParts } from './template-highlight';
import styles from './template-hot-search.module.css';

const PAGE_SIZE = 5;

export interface THotSearchProps {
  questionType: TQuestionType | undefined;
  text: string;
  onText: (text: string) => void;
  /** Enter or 查看全部结果: the library's grid shows every template matching the words. */
  onApply: (keyword: string) => void;
  onPreview: (template: { questionId: string; title: string }) => void;
}

/**
 * The library's search box (issue 48 item 3): while it has the focus, the hot templates matching the words
 * (getHotTemplateSearchPage, the most used first, paged), the words marked in each title; empty, the hottest ones.
 */
export function TemplateHotSearch({ questionType, text, onText, onApply, onPreview }: THotSearchProps) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const keyword = useDebounced(text.trim(), 250);
  const hot = useQuery({ ...hotTemplatesQuery({ keyword: keyword || undefined, questionType, page, pageSize: PAGE_SIZE }), enabled: open });
  const pages = hot.data ? Math.max(1, Math.ceil(hot.data.total / PAGE_SIZE)) : 1;
  const close = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const apply = () => {
    onApply(text.trim());
    setOpen(false);
  };

  return (
    <div className={styles.box} onFocus={() => setOpen(true)} onBlur={close}>
      <label className={styles.search}>
        <Search size={18} aria-hidden />
        <span className="visually-hidden">搜索模板</span>
        <input
          type="search"
          value={text}
          placeholder="搜索模板标题或简介"
          onChange={(event) => {
            onText(event.target.value);
            setPage(1);
            if (!event.target.value.trim()) onApply('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply();
            if (event.key === 'Escape') setOpen(false);
          }}
        />
      </label>
      {open ? (
        <section className={styles.panel} aria-label="热门模板搜索" aria-busy={hot.isFetching}>
          <h2 className={styles.panelTitle}>
            <Flame size={15} aria-hidden />
            {keyword ? `“${keyword}”的热门模板` : '热门搜索'}
          </h2>
          <HotResults
            state={hot}
            keyword={keyword}
            onPick={(template) => {
              setOpen(false);
              onPreview(template);
            }}
            retry={() => void hot.refetch()}
          />
          {hot.data && hot.data.total > 0 ? (
            <div className={styles.panelFoot}>
              <span className={styles.pageNo}>
                第 {page}/{pages} 页
              </span>
              <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                上一页
              </Button>
              <Button size="sm" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                下一页
              </Button>
              {keyword ? (
                <Button size="sm" variant="primary" onClick={apply}>
                  查看全部 {hot.data.total} 个结果
                </Button>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

type THotState = UseQueryResult<Awaited<ReturnType<typeof getHotTemplateSearchPage>>>;

function HotResults({
  state,
  keyword,
  onPick,
  retry,
}: {
  state: THotState;
  keyword: string;
  onPick: (t: { questionId: string; title: string }) => void;
  retry: () => void;
}) {
  if (state.isPending)
    return (
      <p className={styles.note} role="status">
        正在搜索…
      </p>
    );
  if (state.isError)
    return (
      <p className={styles.note} role="alert">
        搜索失败，请稍后重试{' '}
        <Button size="sm" variant="ghost" onClick={retry}>
          重试
        </Button>
      </p>
    );
  if (!state.data.list.length) return <p className={styles.note}>没有找到相关模板</p>;
  const first = (state.data.page - 1) * state.data.pageSize;
  return (
    <ol className={styles.list}>
      {state.data.list.map((template, i) => (
        <li key={template.questionId}>
          <button type="button" className={styles.item} onClick={() => onPick({ questionId: template.questionId, title: template.title })}>
            <span className={styles.rank}>{first + i + 1}</span>
            <span className={styles.itemTitle}>
              {highlightParts(template.title, keyword).map((part, j) => (part.hit ? <mark key={j}>{part.text}</mark> : <span key={j}>{part.text}</span>))}
            </span>
            <span className={styles.itemMeta}>
              {kindOfType(template.questionType)?.name ?? ''} · {template.hot} 人使用
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
