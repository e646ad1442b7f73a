import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FileCheck2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ZConclusion, type TConclusion } from '../../../../schemas/api/editor';
import { logicShape } from '../../../../schemas/subjects/registry';
import { selectDocument } from '../../../../machines/editor/editor.selectors';
import { canEditPower, numberingOf } from '../../../../machines/editor/editor.rules';
import { conclusionsQuery, delConclusion, editorKeys, saveOrUpdateConclusion, type TConclusionRow } from '../../../api/editor';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog } from '../../../ui/dialog';
import { EmptyState, LoadingState } from '../../../ui/states';
import { toast } from '../../../ui/toast';
import { choiceLabel, subjectRef, type TSentenceContext } from '../logic/logic-sentence';
import { RichText } from '../../../ui/rich-text/rich-text';
import { cleanHtml, plainOf } from '../../../ui/rich-text/sanitize';
import { useEditor, useEditorSession } from '../use-editor';
import styles from './setting.module.css';

function ConclusionDialog({ initial, ctx, onClose }: { initial: TConclusion; ctx: TSentenceContext; onClose: () => void }) {
  const { questionId } = useEditorSession();
  const client = useQueryClient();
  const [draft, setDraft] = useState<TConclusion>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const choosers = ctx.subjects.filter((s) => (logicShape(s).choices?.length ?? 0) > 0 && 'options' in s);
  const save = useMutation({
    mutationFn: (conclusion: TConclusion) => saveOrUpdateConclusion(questionId, conclusion),
    onSuccess: (list) => {
      client.setQueryData(editorKeys.conclusions(questionId), list);
      toast.success('结束页已保存');
      onClose();
    },
  });
  const submit = () => {
    const parsed = ZConclusion.safeParse(draft);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? '请检查填写内容');
    setProblem(null);
    save.mutate(parsed.data);
  };
  const subjectOf = (uuid: string) => choosers.find((s) => s.uuid === uuid);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={draft.conclusionId ? '编辑结束页' : '添加结束页'}
      width={560}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" onClick={submit} disabled={save.isPending}>
            保存
          </Button>
        </>
      }
    >
      <div className={styles.dialogForm}>
        <label className={styles.stack}>
          <span>标题</span>
          <input aria-label="结束页标题" value={draft.title} onChange={(event) => setDraft({ ...draft, title: event.target.value })} />
        </label>
        <div className={styles.stack}>
          <span>内容</span>
          <RichText
            className={styles.richBox}
            value={draft.content}
            label="结束页内容"
            placeholder="感谢您的参与！"
            onCommit={(content) => setDraft((d) => ({ ...d, content }))}
          />
        </div>
        <label className={styles.stack}>
          <span>显示条件</span>
          <select
            aria-label="显示条件"
            value={draft.whenOption ? draft.whenOption.subjectUuid : ''}
            onChange={(event) => {
              const subject = subjectOf(event.target.value);
              setDraft({ ...draft, whenOption: subject ? { subjectUuid: subject.uuid, optionUuid: logicShape(subject).choices![0]! } : null });
            }}
          >
            <option value="">默认（所有答题者）</option>
            {choosers.map((s) => (
              <option key={s.uuid} value={s.uuid}>
                当{subjectRef(ctx, s.uuid)}选择…
              </option>
            ))}
          </select>
        </label>
        {draft.whenOption ? (
          <label className={styles.stack}>
            <span>选项</span>
            <select
              aria-label="条件选项"
              value={draft.whenOption.optionUuid}
              onChange={(event) => setDraft({ ...draft, whenOption: { ...draft.whenOption!, optionUuid: event.target.value } })}
            >
              {(logicShape(subjectOf(draft.whenOption.subjectUuid)!).choices ?? []).map((id) => (
                <option key={id} value={id}>
                  {choiceLabel(ctx, draft.whenOption!.subjectUuid, id)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className={styles.stack}>
          <span>提交后跳转到（选填）</span>
          <input
            aria-label="跳转地址"
            placeholder="https://"
            value={draft.redirectUrl ?? ''}
            onChange={(event) => setDraft({ ...draft, redirectUrl: event.target.value.trim() || null })}
          />
        </label>
        {problem ? <p className={styles.error}>{problem}</p> : null}
      </div>
    </Dialog>
  );
}

/** Conclusion pages: what respondents see after submitting, optionally by the option they chose. */
export function Conclusions() {
  const { questionId } = useEditorSession();
  const client = useQueryClient();
  const doc = useEditor(selectDocument);
  const editable = useEditor((s) => canEditPower(s.context.project?.powerType));
  const query = useQuery(conclusionsQuery(questionId));
  const [editing, setEditing] = useState<TConclusion | null>(null);
  const [removing, setRemoving] = useState<TConclusionRow | null>(null);
  const ctx: TSentenceContext = { subjects: doc.subjects, numbering: numberingOf(doc), plain: plainOf };
  const remove = useMutation({
    mutationFn: (id: string) => delConclusion(questionId, id),
    onSuccess: (list) => {
      client.setQueryData(editorKeys.conclusions(questionId), list);
      toast.success('已删除');
    },
  });
  const condition = (c: TConclusionRow) =>
    c.whenOption
      ? `当${subjectRef(ctx, c.whenOption.subjectUuid)}选择「${choiceLabel(ctx, c.whenOption.subjectUuid, c.whenOption.optionUuid)}」时显示`
      : '默认结束页';

  return (
    <aside className={styles.conclusions} aria-label="结束页">
      <header className={styles.cardHead}>
        <span className={styles.cardIcon}>
          <FileCheck2 size={18} />
        </span>
        <div>
          <h2>结束页</h2>
          <p>提交后显示，可按选项显示不同内容</p>
        </div>
      </header>
      <div className={styles.conclusionList}>
        {query.isPending ? <LoadingState compact /> : null}
        {query.data?.length === 0 ? <EmptyState compact title="暂无结束页" description="未设置时显示“提交成功，感谢您的参与！”" /> : null}
        {query.data?.map((c) => (
          <article key={c.conclusionId} className={styles.conclusion}>
            <div className={styles.conclusionHead}>
              <strong>{c.title}</strong>
              {editable ? (
                <span className={styles.conclusionActions}>
                  <button type="button" onClick={() => setEditing(c)} aria-label={`编辑结束页${c.title}`}>
                    <Pencil size={14} aria-hidden />
                  </button>
                  <button type="button" onClick={() => setRemoving(c)} aria-label={`删除结束页${c.title}`}>
                    <Trash2 size={14} aria-hidden />
                  </button>
                </span>
              ) : null}
            </div>
            <div className={styles.conclusionContent} dangerouslySetInnerHTML={{ __html: cleanHtml(c.content) }} />
            <p className={styles.hint}>{condition(c)}</p>
            {c.redirectUrl ? (
              <p className={styles.hint}>
                <ExternalLink size={12} aria-hidden /> 跳转到 {c.redirectUrl}
              </p>
            ) : null}
          </article>
        ))}
        {editable ? (
          <Button variant="soft" block onClick={() => setEditing(ZConclusion.parse({}))}>
            <Plus size={14} aria-hidden />
            添加结束页
          </Button>
        ) : null}
      </div>
      {editing ? <ConclusionDialog initial={editing} ctx={ctx} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title="删除结束页？"
        message={removing ? `“${removing.title}”将被删除。` : ''}
        confirmLabel="删除"
        cancelLabel="取消"
        tone="danger"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.conclusionId);
          setRemoving(null);
        }}
      />
    </aside>
  );
}
