import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { Copy, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { questionInfoQuery, subjectsQuery } from '../../api/question';
import { useCreation } from '../../api/use-creation';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { withPage } from '../../ui/page-styles';
import { copyPlan, copyTargets, kindName } from '../../../schemas/project-copy/copy-plan';
import type { TQuestionType } from '../../../schemas/project-kinds';
import local from './project-copy.module.css';

const styles = withPage(local, { page: 'page', panel: 'panel' });

interface TChoice {
  toType: number;
  withSettings: boolean;
  withLogic: boolean;
  title: string;
}

/** What the copy keeps and drops for the current choice (copyPlan, the same lines the server applies). */
function PlanLists({ plan }: { plan: ReturnType<typeof copyPlan> }) {
  return (
    <>
      <div className={styles.dropped} aria-live="polite">
        <strong>不会复制的内容</strong>
        {plan.dropped.length ? (
          <ul>
            {plan.dropped.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>题目、选项和设置都会完整复制。</p>
        )}
      </div>
      <div className={styles.kept}>
        <strong>请注意</strong>
        <ul>
          {plan.notes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** /questionnaire/copy.html?questionId=…: copy a project, into another kind where it maps, with or without settings and logic. */
export function ProjectCopyPage() {
  const questionId = useLocation({ select: (l) => String((l.search as Record<string, unknown>).questionId ?? '') });
  const info = useQuery(questionInfoQuery(questionId));
  const doc = useQuery(subjectsQuery(questionId));
  const creation = useCreation();
  const ids = { title: useId(), kinds: useId() };
  const [choice, setChoice] = useState<TChoice | null>(null);
  const project = info.data;
  const current: TChoice | null =
    choice ?? (project ? { toType: project.questionType, withSettings: true, withLogic: true, title: `${project.title}（副本）` } : null);
  const plan =
    project && doc.data && current ? copyPlan({ questionType: project.questionType, subjects: doc.data.subjects, logic: doc.data.logic }, current) : null;
  const back = (
    <Button asChild>
      <Link to="/questionnaire/list.html">返回项目列表</Link>
    </Button>
  );
  if (!questionId) return <EmptyState title="没有指定要复制的项目" description="请从项目列表中项目的“更多操作 → 高级复制”进入本页。" actions={back} />;
  if (info.isPending || doc.isPending) return <LoadingState label="正在读取项目…" />;
  if (info.isError || doc.isError) return <ErrorState title="项目读取失败" description={(info.error ?? doc.error)?.message} actions={back} />;
  if (!project || !current || !plan) return null;
  const set = (patch: Partial<TChoice>) => setChoice({ ...current, ...patch });
  const submit = () =>
    creation.start({
      via: 'copy',
      questionId,
      options: {
        toType: current.toType as TQuestionType,
        withSettings: current.withSettings,
        withLogic: current.withLogic,
        title: current.title.trim() || undefined,
      },
    });
  return (
    <div className={styles.page}>
      <h1>复制项目</h1>
      <section className={styles.panel}>
        <h2>{project.title}</h2>
        <div className={styles.form}>
          <p className={styles.muted}>
            原{kindName(project.questionType)}共 {doc.data.subjects.length} 个题目。复制后直接打开副本的编辑页，原项目不受影响。
          </p>
          <div className={styles.field}>
            <label htmlFor={ids.title}>副本标题</label>
            <input id={ids.title} type="text" maxLength={200} value={current.title} onChange={(e) => set({ title: e.target.value })} />
          </div>
          <fieldset className={styles.kinds} aria-labelledby={ids.kinds}>
            <span id={ids.kinds} className={styles.legend}>
              复制为
            </span>
            {copyTargets(project.questionType).map((type) => (
              <label key={type}>
                <input type="radio" name="toType" checked={current.toType === type} onChange={() => set({ toType: type })} />
                {kindName(type)}
              </label>
            ))}
          </fieldset>
          <div className={styles.checks}>
            <label>
              <input type="checkbox" checked={current.withSettings} onChange={(e) => set({ withSettings: e.target.checked })} />
              复制设置（时间、次数限制、密码等）
            </label>
            <label>
              <input type="checkbox" checked={current.withLogic} onChange={(e) => set({ withLogic: e.target.checked })} />
              复制逻辑（跳题、显示、配额等）
            </label>
          </div>
          <PlanLists plan={plan} />
          {creation.error ? <p role="alert">复制失败：{creation.error}</p> : null}
          <div className={styles.inline}>
            <Button variant="primary" onClick={submit} disabled={creation.busy}>
              {creation.busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <Copy size={14} aria-hidden />}
              复制并编辑
            </Button>
            {back}
          </div>
        </div>
      </section>
      {creation.dialog}
    </div>
  );
}

export default ProjectCopyPage;
