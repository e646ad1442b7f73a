import { CirclePause, LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { selectCollecting, selectProject, selectWaiting } from '../../../machines/editor/editor.selectors';
import { useProjectLifecycle } from '../../api/use-project-lifecycle';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import styles from './editor.module.css';
import { rememberReminded, remindedBefore } from './reminder-memory';
import { useEditor, useEditorSession } from './use-editor';

/**
 * Spec §4 inside the editor, whatever the way in (list, release page, address, collaborator link): a
 * collecting project offers the modify reminder when it first opens in this tab (reminder-memory.ts; not again on a
 * reload, and not after 本次编辑不再提醒), and every subject or logic change waits for it. The project-lifecycle machine runs the dialog
 * and the pause; confirmed, the waiting change applies; cancelled, it is dropped. The banner stays while the
 * project collects and asks again.
 */
export function ModifyReminder() {
  const session = useEditorSession();
  const collecting = useEditor(selectCollecting);
  const waiting = useEditor(selectWaiting);
  const refusedCollecting = useEditor((s) => s.context.refusedCollecting);
  const project = useEditor(selectProject);
  const lifecycle = useProjectLifecycle({
    onPaused: () => session.actor.send({ type: 'project.paused' }),
    onEditCancelled: () => session.actor.send({ type: 'change.dropped' }),
  });
  const target = project ? { questionId: project.questionId, status: project.status, dataCount: project.dataCount, questionType: project.questionType } : null;
  const ask = () => {
    if (target) lifecycle.edit(target);
  };

  useEffect(() => {
    if (!collecting || !project || session.ui.get().reminded) return;
    session.ui.set({ reminded: true });
    if (remindedBefore(project.questionId)) return;
    rememberReminded(project.questionId);
    if (!lifecycle.skipReminder) ask();
    // Once per session: the flag, not the dependencies, decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collecting]);
  useEffect(() => {
    if (waiting) ask();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);

  const busy = lifecycle.busy?.action === 'edit';
  return (
    <>
      {collecting ? (
        <div className={cx(styles.banner, styles.bannerWarn)} role="status" data-testid="collecting-banner">
          <CirclePause size={18} aria-hidden />
          <span>
            <strong>{refusedCollecting ? '修改未能保存：项目正在收集中。' : '项目正在收集中。'}</strong>
            {refusedCollecting
              ? '暂停收集后会自动保存；重新加载将放弃这些修改。'
              : '修改题目或逻辑前需先暂停收集，修改完成后需重新发布；标题、设置和样式可直接修改。'}
          </span>
          <Button size="sm" variant="primary" onClick={ask} disabled={busy || waiting}>
            {busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            {refusedCollecting ? '暂停收集并保存' : '暂停收集并修改'}
          </Button>
          {refusedCollecting ? (
            <Button size="sm" onClick={() => session.api.reload()}>
              重新加载
            </Button>
          ) : null}
        </div>
      ) : null}
      {lifecycle.dialog}
    </>
  );
}
