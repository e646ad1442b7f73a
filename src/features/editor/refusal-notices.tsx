import { CircleAlert, RefreshCw, Sparkles } from 'lucide-react';
import { selectProject, selectRefusal, selectRefusalReason } from '../../../machines/editor/editor.selectors';
import { LimitDialog, openMemberPage } from '../../api/use-creation';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import styles from './editor.module.css';
import { useEditor, useEditorApi, useEditorSession, useEditorUi } from './use-editor';

/**
 * An add past the owner's subject limit: the spec §8 dialog of project creation, whose 升级版本 opens the
 * member page in a new tab at the owner's level.
 */
export function SubjectLimitDialog() {
  const { ui } = useEditorSession();
  const open = useEditorUi((state) => state.limitDialog);
  const project = useEditor(selectProject);
  const level = project?.ownerLevel ?? 1;
  const close = () => ui.set({ limitDialog: false });
  return (
    <LimitDialog
      limit={open ? { kind: 'subject', subjectLimit: project?.subjectLimit ?? 0, memberLevel: level } : null}
      onConfirm={() => {
        close();
        openMemberPage(level);
      }}
      onCancel={close}
    />
  );
}

/**
 * The server refused the save for good ("400" / "403" / "404"): why, and what can be done; no endless retry.
 * A refusal because the project collects is the modify reminder's banner instead (modify-reminder.tsx).
 */
export function RefusedBanner() {
  const refusal = useEditor(selectRefusal);
  const reason = useEditor(selectRefusalReason);
  const collecting = useEditor((s) => s.context.refusedCollecting);
  const project = useEditor(selectProject);
  const api = useEditorApi();
  if (!refusal || collecting) return null;
  const overLimit = reason === 'subjectLimit';
  return (
    <div className={cx(styles.banner, styles.bannerDanger)} role="alert">
      <CircleAlert size={18} aria-hidden />
      <span>
        <strong>修改未能保存：{refusal}</strong>
        {overLimit ? '删除多出的题目后会自动重新保存，也可以升级版本。' : '调整后会自动重新保存；重新加载将放弃未保存的修改。'}
      </span>
      {overLimit ? (
        <Button size="sm" variant="primary" onClick={() => openMemberPage(project?.ownerLevel ?? 1)}>
          <Sparkles size={14} aria-hidden />
          升级版本
        </Button>
      ) : null}
      <Button size="sm" variant="danger" onClick={api.reload}>
        <RefreshCw size={14} aria-hidden />
        重新加载
      </Button>
    </div>
  );
}
