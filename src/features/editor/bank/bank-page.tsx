import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Library, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { canEditPower } from '../../../../machines/editor/editor.rules';
import { bankQuery, delSubjectBank, preparedQuery, type TBankItem } from '../../../api/editor';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { Pager } from '../../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states';
import { toast } from '../../../ui/toast';
import { useDebounced } from '../../../ui/use-debounced';
import { EditorFrame } from '../editor-frame';
import { EDITOR_PAGES } from '../editor-paths';
import { plainOf } from '../../../ui/rich-text/sanitize';
import { SubjectBody } from '../subject/subject-body';
import { typeIcon, typeName } from '../../../subjects/subject-looks';
import { useEdit, useEditor, useEditorApi, useEditorSession } from '../use-editor';
import styles from './bank.module.css';

function BankItem({ item, onDelete, editable }: { item: TBankItem; onDelete?: () => void; editable: boolean }) {
  const session = useEditorSession();
  const api = useEditorApi();
  const run = useEdit();
  const navigate = useNavigate();
  const Icon = typeIcon(item.subjectType);
  const insert = () => {
    const active = session.ui.get().active;
    const exists = session.actor.getSnapshot().context.document.subjects.some((s) => s.uuid === active);
    const { uuid, error } = api.insertSubject(item.subject, exists ? active : undefined);
    if (!run(error)) return;
    session.ui.set((ui) => ({ active: uuid, focusTick: ui.focusTick + 1 }));
    toast.success('已插入到问卷', {
      action: { label: '去查看', onClick: () => void navigate({ to: EDITOR_PAGES.subject, search: { questionId: session.questionId, focus: uuid } }) },
    });
  };
  return (
    <article className={styles.item}>
      <header className={styles.itemHead}>
        <span className={styles.itemType}>
          <Icon size={14} aria-hidden />
          {typeName(item.subjectType)}
        </span>
        <strong className={styles.itemTitle}>{plainOf(item.title) || plainOf(item.subject.title)}</strong>
        <span className={styles.category}>{item.category}</span>
      </header>
      <div className={styles.itemBody}>
        <SubjectBody subject={item.subject} />
      </div>
      <footer className={styles.itemFoot}>
        {onDelete && editable ? (
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`从题库删除${plainOf(item.title)}`}>
            <Trash2 size={14} aria-hidden />
            删除
          </Button>
        ) : null}
        {editable ? (
          <Button size="sm" variant="primary" onClick={insert} aria-label={`插入${plainOf(item.title)}`}>
            <Plus size={14} aria-hidden />
            插入到问卷
          </Button>
        ) : null}
      </footer>
    </article>
  );
}

function MyBank({ keyword, editable }: { keyword: string; editable: boolean }) {
  const [page, setPage] = useState(1);
  const client = useQueryClient();
  const query = useQuery(bankQuery(keyword, page));
  const remove = useMutation({
    mutationFn: delSubjectBank,
    onSuccess: () => {
      toast.success('已从题库删除');
      void client.invalidateQueries({ queryKey: ['editor', 'bank'] });
    },
  });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState title="题库加载失败" actions={<Button onClick={() => void query.refetch()}>重试</Button>} />;
  if (!query.data.list.length) {
    return <EmptyState title={keyword ? '没有找到相关题目' : '我的题库还是空的'} description="在编辑题目时点击“存入题库”，常用题目就会保存在这里" />;
  }
  return (
    <>
      <div className={styles.grid}>
        {query.data.list.map((item) => (
          <BankItem key={item.bankId} item={item} editable={editable} onDelete={() => remove.mutate(item.bankId)} />
        ))}
      </div>
      <Pager
        page={page}
        pageSize={20}
        total={query.data.total}
        onChange={setPage}
        totalLabel={`共 ${query.data.total} 题`}
        label="题库分页"
        previousLabel="上一页"
        nextLabel="下一页"
      />
    </>
  );
}

function BuiltinBank({ keyword, editable }: { keyword: string; editable: boolean }) {
  const query = useQuery(preparedQuery(keyword));
  const [category, setCategory] = useState<string | null>(null);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState title="题库加载失败" actions={<Button onClick={() => void query.refetch()}>重试</Button>} />;
  const categories = [...new Set(query.data.map((i) => i.category))];
  const items = query.data.filter((i) => !category || i.category === category);
  return (
    <>
      <div className={styles.categories} role="group" aria-label="分类">
        {[null, ...categories].map((c) => (
          <button
            key={c ?? 'all'}
            type="button"
            className={cx(styles.categoryButton, category === c && styles.categoryOn)}
            onClick={() => setCategory(c)}
            aria-pressed={category === c}
          >
            {c ?? '全部'}
          </button>
        ))}
      </div>
      {items.length ? (
        <div className={styles.grid}>
          {items.map((item) => (
            <BankItem key={item.bankId} item={item} editable={editable} />
          ))}
        </div>
      ) : (
        <EmptyState title="没有找到相关题目" />
      )}
    </>
  );
}

function BankWorkspace() {
  const [tab, setTab] = useState<'mine' | 'builtin'>('builtin');
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 300);
  const editable = useEditor((s) => canEditPower(s.context.project?.powerType) && !s.matches('conflict'));
  return (
    <div className={styles.wrap}>
      <header className={styles.head}>
        <Library size={20} aria-hidden />
        <div>
          <h1>题库</h1>
          <p>从题库插入常用题目；插入位置在当前选中的题目之后，未选中时加到最后。</p>
        </div>
        <label className={styles.search}>
          <Search size={15} aria-hidden />
          <input value={text} onChange={(event) => setText(event.target.value)} placeholder="搜索题目" aria-label="搜索题库" />
        </label>
      </header>
      <div className={styles.tabs} role="tablist" aria-label="题库">
        <button type="button" role="tab" aria-selected={tab === 'builtin'} className={cx(tab === 'builtin' && styles.tabOn)} onClick={() => setTab('builtin')}>
          系统题库
        </button>
        <button type="button" role="tab" aria-selected={tab === 'mine'} className={cx(tab === 'mine' && styles.tabOn)} onClick={() => setTab('mine')}>
          我的题库
        </button>
      </div>
      <div role="tabpanel">{tab === 'mine' ? <MyBank keyword={keyword} editable={editable} /> : <BuiltinBank keyword={keyword} editable={editable} />}</div>
    </div>
  );
}

/** /questionnaire/edit/questionBank.html: my saved subjects and the built-in bank. */
export function BankPage() {
  return (
    <EditorFrame page="bank">
      <BankWorkspace />
    </EditorFrame>
  );
}
