import { Link } from '@tanstack/react-router';
import { BarChart3, FolderOpen, PencilLine, Search } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import type { TProjectInfo } from '../../../schemas/api/question';
import { POWER_LABELS } from '../../../schemas/api/team';
import { QUESTION_TYPES, RECORD_WORDS, recordKindOf, solitaireKindOf, type TQuestionType } from '../../../schemas/project-kinds';
import { questionListQuery } from '../../api/question';
import { kindOfType, projectHref } from '../../app/kinds';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState } from '../../ui/states';
import { useDebounced } from '../../ui/use-debounced';
import { usePagedList } from '../../ui/use-paged-list';
import { ListSkeleton } from './list-skeleton';
import { StatusBadge, powersOf } from './project-item';
import styles from './pro-list.module.css';

const PAGE_SIZE = 20;

function ProRow({ project }: { project: TProjectInfo }) {
  const kindName = solitaireKindOf(project.questionType, project.solitaireType)?.name ?? kindOfType(project.questionType)?.name ?? '项目';
  const records = recordKindOf(project.questionType, project.solitaireType);
  const can = powersOf(project);
  const words = RECORD_WORDS[records];
  return (
    <li className={styles.row}>
      <div className={styles.main}>
        <p className={styles.meta}>
          <span className={styles.kind}>{kindName}</span>
          <StatusBadge status={project.status} />
          {project.isTeamWork ? <span className={styles.team}>协作 · {POWER_LABELS[project.powerType ?? 3]}</span> : null}
        </p>
        <h2 className={styles.title}>{project.title || '未命名项目'}</h2>
        <p className={styles.count}>
          {project.recordCount} {words.unit}
          {words.noun}
          {project.isTeamWork ? ` · 创建者 ${project.ownerName}` : ''}
        </p>
      </div>
      <div className={styles.actions}>
        {can.edit ? (
          <Link className={styles.action} to={projectHref.editor(project.questionId)}>
            <PencilLine size={14} aria-hidden />
            编辑
          </Link>
        ) : null}
        {can.report ? (
          <Link className={styles.action} to={projectHref.data(project.questionId, project.questionType, project.solitaireType)}>
            <BarChart3 size={14} aria-hidden />
            数据
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** /proList.html (项目列表): every project the user has, of every kind, their own and those they joined, in one list. */
export function ProListPage() {
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<TQuestionType | 0>(0);
  const search = useDebounced(keyword.trim(), 300);
  const list = usePagedList(
    (page, pageSize) => questionListQuery({ questionType: type || undefined, keyword: search || undefined, sort: 'updateTime', order: 'desc', page, pageSize }),
    PAGE_SIZE,
  );
  let body;
  if (list.query.isPending) body = <ListSkeleton layout="1" count={4} label="正在加载项目" />;
  else if (list.query.isError) body = <ErrorState title={list.query.error.message} />;
  else if (!list.list.length) body = <EmptyState icon={<FolderOpen size={32} />} title={search || type ? '没有符合条件的项目' : '还没有项目'} />;
  else {
    body = (
      <ul className={styles.list} aria-label="项目">
        {list.list.map((project) => (
          <ProRow key={project.questionId} project={project} />
        ))}
      </ul>
    );
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>项目列表</h1>
      <div className={styles.toolbar}>
        <label className={styles.search}>
          <Search size={16} aria-hidden />
          <input
            aria-label="搜索项目"
            placeholder="搜索项目标题"
            value={keyword}
            onChange={list.refilter((e: ChangeEvent<HTMLInputElement>) => setKeyword(e.target.value))}
          />
        </label>
        <select
          aria-label="项目类型"
          value={type}
          onChange={list.refilter((e: ChangeEvent<HTMLSelectElement>) => setType(Number(e.target.value) as TQuestionType | 0))}
        >
          <option value={0}>全部类型</option>
          {QUESTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {kindOfType(t)?.name}
            </option>
          ))}
        </select>
      </div>
      {body}
      <Pager
        page={list.page}
        pageSize={PAGE_SIZE}
        total={list.total}
        onChange={list.setPage}
        totalLabel={`共 ${list.total} 个`}
        label="分页"
        previousLabel="上一页"
        nextLabel="下一页"
      />
    </div>
  );
}

export default ProListPage;
