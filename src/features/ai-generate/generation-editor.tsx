import { CircleCheck, LoaderCircle, RotateCcw, Sparkles, Undo2 } from 'lucide-react';
import { AI_KINDS, type TAiKindName } from '../../../schemas/ai/kinds';
import { LimitDialog } from '../../api/use-creation';
import { projectHref } from '../../app/kinds';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/states';
import { plainText } from '../../ui/subject-preview';
import styles from './ai-generate-styles';
import { SubjectCard } from './subject-card';
import type { TAiGenerationView } from './use-ai-generation';

/**
 * The generated project on /aiIndex.html and /aiResult.html: the subjects as they stream in, then the editable list
 * (the project's title and description, each subject renamed, moved or removed, a removal undone) and 创建并编辑.
 */
export function GenerationEditor({ view }: { view: TAiGenerationView }) {
  const { actor, context, generating, editable, creating, failedStep, canUndo, limit } = view;
  const send = actor.send;
  const kind = context.ask ? AI_KINDS[context.ask.kind as TAiKindName] : null;
  const lastRemoved = context.removed[context.removed.length - 1];
  const createdBefore = context.questionId && !creating;

  if (failedStep === 'generate') {
    return (
      <section className={styles.panel} aria-label="生成结果">
        <ErrorState
          title="生成失败"
          description={context.error ?? '系统处理出错'}
          actions={
            <Button variant="primary" onClick={() => send({ type: 'gen.retry' })}>
              <RotateCcw size={16} aria-hidden />
              重试
            </Button>
          }
        />
      </section>
    );
  }

  return (
    <section className={styles.panel} aria-label="生成结果" aria-busy={generating}>
      <div className={styles.resultHead}>
        <span className={styles.resultBadge}>
          <Sparkles size={14} aria-hidden />
          {kind?.name ?? 'AI 生成'}
          {context.engineName ? ` · ${context.engineName}` : ''}
        </span>
        {generating ? (
          <span className={styles.progress} role="status" aria-live="polite">
            <LoaderCircle className={styles.spin} size={16} aria-hidden />
            {context.notice ?? `正在生成，已生成 ${context.subjects.length} 题…`}
          </span>
        ) : (
          <span className={styles.progress}>共 {context.subjects.length} 题</span>
        )}
      </div>

      {editable || failedStep === 'create' || creating ? (
        <div className={styles.draftFields}>
          <label className={styles.field}>
            <span>标题</span>
            <input value={context.title} maxLength={100} disabled={!editable} onChange={(event) => send({ type: 'edit.title', title: event.target.value })} />
          </label>
          <label className={styles.field}>
            <span>描述（选填）</span>
            <textarea
              value={context.subtitle}
              rows={2}
              maxLength={5000}
              disabled={!editable}
              onChange={(event) => send({ type: 'edit.subtitle', subtitle: event.target.value })}
            />
          </label>
        </div>
      ) : context.title ? (
        <div className={styles.draftTitle}>
          <h2>{context.title}</h2>
          {context.subtitle ? <p>{plainText(context.subtitle)}</p> : null}
        </div>
      ) : null}

      <ol className={styles.subjects} aria-label="题目列表">
        {context.subjects.map((subject, index) => (
          <SubjectCard
            key={subject.uuid}
            subject={subject}
            index={index}
            count={context.subjects.length}
            edit={
              editable
                ? {
                    rename: (title) => send({ type: 'edit.rename', uuid: subject.uuid, title }),
                    remove: () => send({ type: 'edit.remove', uuid: subject.uuid }),
                    move: (by) => send({ type: 'edit.move', uuid: subject.uuid, by }),
                  }
                : undefined
            }
          />
        ))}
        {generating ? (
          <li className={styles.subjectPending} aria-hidden>
            <span className={styles.shimmer} />
            <span className={styles.shimmerShort} />
          </li>
        ) : null}
      </ol>
      {editable && !context.subjects.length ? <p className={styles.emptyList}>题目都删除了，请撤销删除或重新生成</p> : null}

      {canUndo && lastRemoved ? (
        <div className={styles.undoBar} role="status">
          <span>已删除「{plainText(lastRemoved.subject.title) || '题目'}」</span>
          <Button size="sm" onClick={() => send({ type: 'edit.undo' })}>
            <Undo2 size={14} aria-hidden />
            撤销
          </Button>
        </div>
      ) : null}

      {createdBefore ? (
        <p className={styles.createdNote}>
          <CircleCheck size={16} aria-hidden />
          已创建
          <a href={createdHref(context.questionId!, context.ask?.kind ?? 'question')} className={styles.link}>
            打开项目
          </a>
          <span className={styles.muted}>再次创建会生成一个新项目</span>
        </p>
      ) : null}

      {editable || creating || failedStep === 'create' ? (
        <div className={styles.createBar}>
          {context.error ? (
            <p className={styles.error} role="alert">
              {context.error}
            </p>
          ) : (
            <p className={styles.muted}>创建后可在编辑器里继续修改题目和选项</p>
          )}
          <div className={styles.actions}>
            {failedStep === 'create' ? (
              <Button variant="primary" onClick={() => send({ type: 'gen.retry' })}>
                重试创建
              </Button>
            ) : (
              <Button variant="primary" disabled={creating} onClick={() => send({ type: 'gen.create' })}>
                {creating ? <LoaderCircle className={styles.spin} size={16} aria-hidden /> : null}
                {creating ? '正在创建…' : '创建并编辑'}
              </Button>
            )}
          </div>
        </div>
      ) : null}
      <LimitDialog limit={limit} onConfirm={() => send({ type: 'dialog.confirm' })} onCancel={() => send({ type: 'dialog.dismiss' })} />
    </section>
  );
}

/** Where the project made from a generation opens (its kind's own screen or the editor). */
export const createdHref = (questionId: string, kindName: string) => {
  const kind = AI_KINDS[kindName as TAiKindName];
  return projectHref.opened(questionId, kind?.questionType, kind && 'solitaireType' in kind ? kind.solitaireType : null);
};
