import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { CalendarClock, ChevronLeft, CircleAlert, CircleHelp, CloudAlert, CloudCheck, CloudUpload, Eye, LoaderCircle, Redo2, Send, Undo2 } from 'lucide-react';
import { PUBLISH_NEEDS_SUBJECTS } from '../../../schemas/api/editor';
import {
  selectCanRedo,
  selectCanUndo,
  selectProject,
  selectPublishBlocker,
  selectPublishing,
  selectSaveStatus,
  type TSaveStatus,
} from '../../../machines/editor/editor.selectors';
import { canEditPower, canReportPower } from '../../../machines/editor/editor.rules';
import { AvatarMenu } from '../../app/layout/header-user';
import { EditorTools } from '../../app/editor-tools';
import { projectHref } from '../../app/kinds';
import { PROJECT_KINDS } from '../../../schemas/project-kinds';
import { useBrand } from '../../app/use-route-entry';
import { CollaboratePopover } from './collaborate-popover';
import { screenHelp } from './editor-help';
import { MembersPopover } from './team-members';
import { useSession } from '../../app/session';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import bare from '../../ui/icon-button.module.css';
import { Popover } from '../../ui/popover';
import { toast } from '../../ui/toast';
import { EDITOR_PAGES, PREVIEW_PATH, RELEASE_PATH, REPORT_PATH, listPathOf, withQuestion, type TEditorPage } from './editor-paths';
import styles from './editor.module.css';
import { settleSession } from './editor-session';
import { useEditor, useEditorApi, useEditorSession } from './use-editor';

const STATUS: Record<TSaveStatus, { text: string; icon: typeof CloudCheck; tone?: 'busy' | 'warn' | 'danger' }> = {
  loading: { text: '加载中…', icon: LoaderCircle, tone: 'busy' },
  loadFailed: { text: '加载失败', icon: CloudAlert, tone: 'danger' },
  viewing: { text: '仅可查看', icon: Eye },
  saved: { text: '已保存', icon: CloudCheck },
  unsaved: { text: '有修改，稍后自动保存', icon: CloudUpload, tone: 'warn' },
  saving: { text: '保存中…', icon: LoaderCircle, tone: 'busy' },
  error: { text: '保存失败，稍后重试', icon: CloudAlert, tone: 'danger' },
  refused: { text: '未能保存', icon: CloudAlert, tone: 'danger' },
  conflict: { text: '未保存：项目已被他人修改', icon: CloudAlert, tone: 'danger' },
  publishing: { text: '发布中…', icon: LoaderCircle, tone: 'busy' },
  waiting: { text: '修改待确认：需先暂停收集', icon: CircleAlert, tone: 'warn' },
};

function SaveStatus() {
  const status = useEditor(selectSaveStatus);
  const api = useEditorApi();
  const { text, icon: Icon, tone } = STATUS[status];
  return (
    <span className={cx(styles.saveStatus, tone && styles[`status-${tone}`])} role="status" aria-live="polite" data-save-status={status}>
      <Icon size={14} className={tone === 'busy' ? styles.spin : undefined} aria-hidden />
      {text}
      {status === 'error' ? (
        <button type="button" className={styles.linkButton} onClick={api.saveNow}>
          立即重试
        </button>
      ) : null}
    </span>
  );
}

function HelpPopover() {
  const screen = screenHelp(useLocation({ select: (location) => location.pathname }));
  return (
    <Popover
      width={240}
      label="帮助"
      trigger={
        <button type="button" className={cx(bare.iconButton, styles.headerIcon)} aria-label="帮助" title="帮助">
          <CircleHelp size={18} aria-hidden />
        </button>
      }
    >
      <div className={styles.helpPanel}>
        <p className={styles.helpTitle}>使用帮助</p>
        <p className={styles.helpText}>题型、逻辑、发布与统计的使用说明见帮助中心。</p>
        <div className={styles.helpLinks}>
          {screen ? (
            <a href={screen.href} target="_blank" rel="noopener noreferrer">
              <CircleHelp size={14} aria-hidden />
              {screen.label}
            </a>
          ) : null}
          <a href="/help.html" target="_blank" rel="noopener noreferrer">
            <CircleHelp size={14} aria-hidden />
            帮助中心
          </a>
        </div>
      </div>
    </Popover>
  );
}

function PublishButton() {
  const api = useEditorApi();
  const blocker = useEditor(selectPublishBlocker);
  const busy = useEditor(selectPublishing);
  const publish = () => {
    const refused = api.publish();
    if (refused) toast.error(refused.message);
  };
  return (
    <span className={styles.publishWrap}>
      {blocker ? (
        <span className={styles.publishBlocked} title={blocker}>
          <CircleAlert size={14} aria-hidden />
          <span aria-hidden>{blocker.startsWith('逻辑') ? '逻辑有误' : blocker === PUBLISH_NEEDS_SUBJECTS ? '暂无题目' : '不可发布'}</span>
          <span className="visually-hidden" id="publish-blocker">
            {blocker}
          </span>
        </span>
      ) : null}
      <Button
        variant="primary"
        size="sm"
        onClick={publish}
        disabled={Boolean(blocker) || busy}
        aria-describedby={blocker ? 'publish-blocker' : undefined}
        title={blocker ?? undefined}
      >
        {busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <Send size={14} aria-hidden />}
        发布
      </Button>
    </span>
  );
}

/** Spec §2 editor header: tabs 编辑 / 设置 / 发布 / 报告, 协作, 预览, 发布, 帮助, avatar; tabs follow powerType (spec §6). */
export function EditorHeader({ page }: { page: TEditorPage | 'release' }) {
  const session = useEditorSession();
  const { questionId, api } = session;
  const project = useEditor(selectProject);
  const title = useEditor((s) => s.context.document.title);
  const canUndo = useEditor(selectCanUndo);
  const canRedo = useEditor(selectCanRedo);
  const { user } = useSession();
  const brand = useBrand();
  const navigate = useNavigate();
  const power = project?.powerType ?? null;
  const edit = canEditPower(power);
  const tabs = [
    edit && { key: 'edit', label: '编辑', to: EDITOR_PAGES.subject, active: page !== 'setting' && page !== 'release' },
    edit && { key: 'setting', label: '设置', to: EDITOR_PAGES.setting, active: page === 'setting' },
    edit && { key: 'release', label: '发布', to: RELEASE_PATH, active: page === 'release' },
    canReportPower(power) && { key: 'report', label: '报告', to: REPORT_PATH, active: false },
  ].filter((t): t is { key: string; label: string; to: string; active: boolean } => Boolean(t));

  const preview = () => {
    api.saveNow();
    window.open(withQuestion(PREVIEW_PATH, questionId), '_blank', 'noopener');
  };

  return (
    <header className={styles.header}>
      <div className={styles.headerLeft}>
        <Link to={listPathOf(project?.questionType)} className={styles.back} aria-label="返回项目列表" title="返回项目列表">
          <ChevronLeft size={20} aria-hidden />
        </Link>
        <span className={styles.brandMark} aria-hidden>
          {brand.name.slice(0, 1)}
        </span>
        <div className={styles.titleBlock}>
          <span className={styles.projectTitle} title={title}>
            {title || '未命名项目'}
          </span>
          <SaveStatus />
        </div>
      </div>
      <nav className={styles.tabs} aria-label="项目">
        {tabs.map((tab) => (
          <Link
            key={tab.key}
            to={tab.to}
            search={{ questionId }}
            className={cx(styles.tab, tab.active && styles.tabActive)}
            aria-current={tab.active ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <div className={styles.headerRight}>
        {edit ? (
          <div className={styles.historyButtons}>
            <button
              type="button"
              className={cx(bare.iconButton, styles.headerIcon)}
              onClick={api.undo}
              disabled={!canUndo}
              aria-label="撤销"
              title="撤销 (Ctrl+Z)"
            >
              <Undo2 size={17} aria-hidden />
            </button>
            <button
              type="button"
              className={cx(bare.iconButton, styles.headerIcon)}
              onClick={api.redo}
              disabled={!canRedo}
              aria-label="重做"
              title="重做 (Ctrl+Shift+Z)"
            >
              <Redo2 size={17} aria-hidden />
            </button>
          </div>
        ) : null}
        {project?.isTeamWork === 0 && page !== 'release' ? <CollaboratePopover questionId={questionId} title={title} powerType={power} isOwner /> : null}
        {project?.isTeamWork === 1 && page !== 'release' ? (
          <MembersPopover questionId={questionId} powerType={power} onLeft={() => void navigate({ to: listPathOf(project.questionType) })} />
        ) : null}
        {project?.questionType === PROJECT_KINDS.appoint.questionType ? (
          <Button variant="ghost" size="sm" asChild>
            <Link to={projectHref.appointment(questionId, edit ? 'settings' : 'bookings')}>
              <CalendarClock size={15} aria-hidden />
              预约管理
            </Link>
          </Button>
        ) : null}
        {project && page !== 'release' ? (
          <EditorTools questionId={questionId} canEdit={edit} settle={() => settleSession(session)} reload={api.reload} />
        ) : null}
        <Button variant="ghost" size="sm" onClick={preview}>
          <Eye size={15} aria-hidden />
          预览
        </Button>
        {edit ? <PublishButton /> : null}
        <HelpPopover />
        {user ? (
          <AvatarMenu user={user} />
        ) : (
          <Button size="sm" asChild>
            <Link to="/login">登录</Link>
          </Button>
        )}
      </div>
    </header>
  );
}
