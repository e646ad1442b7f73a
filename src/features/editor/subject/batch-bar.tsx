import { CheckCheck, Shuffle, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { subjectEntry } from '../../../../schemas/subjects/registry';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog } from '../../../ui/dialog';
import { toast } from '../../../ui/toast';
import { newId } from '../../../subjects/new-id';
import { useEdit, useEditor, useEditorApi, useEditorSession, useEditorUi } from '../use-editor';
import styles from './subject-page.module.css';

function RandomDialog({ ids, open, onOpenChange }: { ids: string[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  const api = useEditorApi();
  const run = useEdit();
  const [draw, setDraw] = useState(1);
  const [shuffle, setShuffle] = useState(true);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="设为随机抽题组"
      description={`从选中的 ${ids.length} 道题中，为每位考生随机抽取若干题。`}
      width={420}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>取消</Button>
          <Button
            variant="primary"
            onClick={() => {
              if (run(api.addRule('random', { id: newId(), subjects: ids, draw, shuffle }))) {
                toast.success('已创建随机抽题组');
                onOpenChange(false);
              }
            }}
          >
            确定
          </Button>
        </>
      }
    >
      <div className={styles.dialogForm}>
        <label>
          每人抽取
          <input
            type="number"
            min={1}
            max={ids.length}
            value={draw}
            onChange={(event) => setDraw(Math.max(1, Math.min(ids.length, Number(event.target.value) || 1)))}
          />
          题
        </label>
        <label>
          <input type="checkbox" checked={shuffle} onChange={(event) => setShuffle(event.target.checked)} />
          打乱抽中题目的顺序
        </label>
      </div>
    </Dialog>
  );
}

/** Ticked subjects: batch required / optional, delete, and (exams) a random group. */
export function BatchBar({ exam }: { exam: boolean }) {
  const session = useEditorSession();
  const api = useEditorApi();
  const run = useEdit();
  const checked = useEditorUi((ui) => ui.checked);
  const subjects = useEditor((s) => s.context.document.subjects);
  const randomGroups = useEditor((s) => s.context.document.logic.random);
  const [confirm, setConfirm] = useState(false);
  const [random, setRandom] = useState(false);
  const ids = subjects.filter((s) => checked.has(s.uuid)).map((s) => s.uuid);
  const answerable = subjects.filter((s) => checked.has(s.uuid) && subjectEntry(s.subjectType).answerable).map((s) => s.uuid);
  const clear = () => session.ui.set({ checked: new Set() });

  if (!ids.length) {
    return exam && randomGroups.length ? (
      <div className={styles.examBar}>
        <Shuffle size={15} aria-hidden />
        已设置 {randomGroups.length} 个随机抽题组，可在“逻辑”页查看和调整。
      </div>
    ) : null;
  }
  return (
    <div className={styles.batchBar} role="toolbar" aria-label="批量操作">
      <span className={styles.batchCount}>已选 {ids.length} 项</span>
      <Button size="sm" variant="ghost" onClick={() => session.ui.set({ checked: new Set(subjects.map((s) => s.uuid)) })}>
        <CheckCheck size={14} aria-hidden />
        全选
      </Button>
      <Button size="sm" onClick={() => run(api.setRequired(answerable, true))} disabled={!answerable.length}>
        设为必答
      </Button>
      <Button size="sm" onClick={() => run(api.setRequired(answerable, false))} disabled={!answerable.length}>
        设为选答
      </Button>
      {exam ? (
        <Button size="sm" onClick={() => setRandom(true)} disabled={answerable.length < 2}>
          <Shuffle size={14} aria-hidden />
          随机抽题
        </Button>
      ) : null}
      <Button size="sm" variant="danger" onClick={() => setConfirm(true)}>
        <Trash2 size={14} aria-hidden />
        批量删除
      </Button>
      <button type="button" className={styles.batchClose} onClick={clear} aria-label="取消选择">
        <X size={16} aria-hidden />
      </button>
      <ConfirmDialog
        open={confirm}
        title="删除选中的题目？"
        message={`将删除 ${ids.length} 项，以及以它们为对象的逻辑设置。删除后可用“撤销”恢复。`}
        confirmLabel="删除"
        cancelLabel="取消"
        tone="danger"
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          if (run(api.deleteSubjects(ids))) {
            clear();
            toast.success(`已删除 ${ids.length} 项`, { action: { label: '撤销', onClick: api.undo } });
          }
        }}
      />
      <RandomDialog ids={answerable} open={random} onOpenChange={setRandom} />
    </div>
  );
}
