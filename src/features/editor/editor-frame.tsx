import { Link, useBlocker, useLocation, useNavigate } from '@tanstack/react-router';
import { FileText, GitBranch, Library, ListTree, LockKeyhole, Palette, RefreshCw, Settings, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { selectConflict, selectHasUnsaved, selectLoadError, selectProject, selectSaveStatus } from '../../../machines/editor/editor.selectors';
import { canEditPower } from '../../../machines/editor/editor.rules';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { cx } from '../../ui/cx';
import { ErrorState } from '../../ui/states';
import { Skeleton } from '../../ui/skeleton';
import { EditorHeader } from './editor-header';
import { EDITOR_PAGES, RELEASE_PATH, isEditorPath, questionIdOf, withQuestion, type TEditorPage } from './editor-paths';
import { getSession, holdSession, retireSession } from './editor-session';
import { ModifyReminder } from './modify-reminder';
import { RefusedBanner, SubjectLimitDialog } from './refusal-notices';
import styles from './editor.module.css';
import { EditorContext, useEditor, useEditorApi, useEditorSession } from './use-editor';

const MENU: { page: TEditorPage; label: string; icon: typeof FileText; children?: { page: TEditorPage; label: string; icon: typeof FileText }[] }[] = [
  {
    page: 'subject',
    label: '题目',
    icon: FileText,
    children: [
      { page: 'outline', label: '大纲', icon: ListTree },
      { page: 'bank', label: '题库', icon: Library },
    ],
  },
  { page: 'setting', label: '设置', icon: Settings },
  { page: 'style', label: '样式', icon: Palette },
  { page: 'logic', label: '逻辑', icon: GitBranch },
];

function SideMenu({ page }: { page: TEditorPage }) {
  const { questionId } = useEditorSession();
  const item = (entry: { page: TEditorPage; label: string; icon: typeof FileText }, child = false) => {
    const Icon = entry.icon;
    const active = entry.page === page;
    return (
      <Link
        key={entry.page}
        to={EDITOR_PAGES[entry.page]}
        search={{ questionId }}
        className={cx(styles.menuItem, child && styles.menuChild, active && styles.menuActive)}
        aria-current={active ? 'page' : undefined}
      >
        <Icon size={child ? 16 : 20} aria-hidden />
        <span>{entry.label}</span>
      </Link>
    );
  };
  return (
    <nav className={styles.sideMenu} aria-label="编辑菜单">
      {MENU.map((entry) => (
        <div key={entry.page} className={styles.menuGroup}>
          {item(entry)}
          {entry.children?.map((child) => item(child, true))}
        </div>
      ))}
    </nav>
  );
}

/** Leaving the editor with unsaved changes asks first (router blocker and beforeunload). */
function LeaveGuard() {
  const { questionId } = useEditorSession();
  const unsaved = useEditor(selectHasUnsaved);
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => {
      const search = (next.search ?? {}) as Record<string, unknown>;
      return unsaved && !(isEditorPath(next.pathname) && questionIdOf(search) === questionId) && next.pathname !== RELEASE_PATH;
    },
    enableBeforeUnload: () => unsaved,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      title="还有修改未保存"
      message="离开后，尚未保存的修改将会丢失。确定要离开吗？"
      confirmLabel="离开"
      cancelLabel="留在此页"
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

/** Ctrl+S saves now; Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo outside text fields. */
function Shortcuts() {
  const api = useEditorApi();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 's') {
        event.preventDefault();
        api.saveNow();
        return;
      }
      const target = event.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      if (typing) return;
      if (key === 'z' && !event.shiftKey) api.undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') api.redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [api]);
  return null;
}

function ConflictBanner() {
  const conflict = useEditor(selectConflict);
  const api = useEditorApi();
  if (!conflict) return null;
  return (
    <div className={cx(styles.banner, styles.bannerDanger)} role="alert">
      <TriangleAlert size={18} aria-hidden />
      <span>
        <strong>项目已被{conflict.updatedBy}修改</strong>，您在此页的修改未能保存。重新加载后可继续编辑最新内容。
      </span>
      <Button size="sm" variant="danger" onClick={api.reload}>
        <RefreshCw size={14} aria-hidden />
        重新加载
      </Button>
    </div>
  );
}

function ReadOnlyNotice() {
  return (
    <div className={cx(styles.banner, styles.bannerInfo)} role="note">
      <LockKeyhole size={18} aria-hidden />
      <span>您对此项目只有查看权限，不能编辑。如需修改，请联系项目管理者调整协作权限。</span>
    </div>
  );
}

function FrameBody({ page, children }: { page: TEditorPage; children: ReactNode }) {
  const status = useEditor(selectSaveStatus);
  const loadError = useEditor(selectLoadError);
  const project = useEditor(selectProject);
  const api = useEditorApi();
  if (status === 'loading') {
    return (
      <div className={styles.loading} role="status" aria-busy="true" aria-label="加载中">
        <Skeleton height={120} />
        <Skeleton height={180} />
        <Skeleton height={180} />
      </div>
    );
  }
  if (status === 'loadFailed') {
    return (
      <ErrorState
        title="项目加载失败"
        description={loadError ?? '项目不存在，或您没有查看此项目的权限'}
        actions={<Button onClick={api.reload}>重新加载</Button>}
      />
    );
  }
  const viewOnly = !canEditPower(project?.powerType);
  return (
    <>
      <ConflictBanner />
      <RefusedBanner />
      {viewOnly ? null : <ModifyReminder />}
      {viewOnly ? <ReadOnlyNotice /> : null}
      <div className={styles.pageBody} data-page={page}>
        {children}
      </div>
    </>
  );
}

/** The editor's frame: header, side menu and one page; the editor session is shared by all its pages. */
export function EditorFrame({ page, children, wide }: { page: TEditorPage; children: ReactNode; wide?: boolean }) {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const questionId = questionIdOf(search);
  const navigate = useNavigate();
  const session = useMemo(() => (questionId ? getSession(questionId) : null), [questionId]);

  useEffect(() => (session ? holdSession(session) : undefined), [session]);
  useEffect(() => {
    if (!session) return;
    session.effects.published = (id) => {
      // Published, the project collects: coming back reads it again (and meets the modify reminder).
      session.ui.set({ reminded: true });
      retireSession(session);
      void navigate({ to: withQuestion(RELEASE_PATH, id) });
    };
    // The api client already shows the server's message.
    session.effects.publishRefused = () => {};
  }, [session, navigate]);
  // Only an editor address without a project goes to creation: while leaving the editor, this frame still
  // sees the next page's address for a moment.
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    if (!questionId && isEditorPath(pathname)) void navigate({ to: '/questionnaire/create.html', replace: true });
  }, [questionId, pathname, navigate]);

  if (!session) return null;
  return (
    <EditorContext.Provider value={session}>
      <div className={styles.frame}>
        <EditorHeader page={page} />
        <div className={styles.body}>
          <SideMenu page={page} />
          <main className={cx(styles.main, wide && styles.mainWide)}>
            <FrameBody page={page}>{children}</FrameBody>
          </main>
        </div>
        <LeaveGuard />
        <SubjectLimitDialog />
        <Shortcuts />
      </div>
    </EditorContext.Provider>
  );
}
