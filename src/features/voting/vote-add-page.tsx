import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BarChart3, FileText, ListChecks, MessageSquare, Send, Users } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { POWER } from '../../../schemas/project-kinds';
import { voteInfoQuery } from '../../api/vote';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { PlayersPanel } from './players-panel';
import { useVoteId } from './use-vote-id';
import { VoteBasicForm } from './vote-basic-form';
import { VoteCommentsPanel } from './vote-comments-panel';
import { VotePublishPanel } from './vote-publish-panel';
import { VoteRulesForm } from './vote-rules-form';
import { PHASE_NAMES, phaseClass } from './vote-status';
import styles from './voting-styles';

type TStep = 'basic' | 'players' | 'rules' | 'comments' | 'publish';
const STEPS: Array<{ step: TStep; label: string; icon: ReactNode }> = [
  { step: 'basic', label: '基本信息', icon: <FileText size={16} aria-hidden /> },
  { step: 'players', label: '选手管理', icon: <Users size={16} aria-hidden /> },
  { step: 'rules', label: '投票规则', icon: <ListChecks size={16} aria-hidden /> },
  { step: 'comments', label: '评论管理', icon: <MessageSquare size={16} aria-hidden /> },
  { step: 'publish', label: '发布与分享', icon: <Send size={16} aria-hidden /> },
];

/**
 * /voting/add.html?voteId=… (spec §2: the left menu is collapsed here): basic info, players, rules, publish.
 * Each form saves with its own 保存 button at the version it read (a save elsewhere meanwhile is refused with "409");
 * players, groups, whitelist and music are saved as soon as they are added.
 */
export function VoteAddPage() {
  const voteId = useVoteId();
  const vote = useQuery(voteInfoQuery(voteId));
  const [step, setStep] = useState<TStep>('basic');
  const [dirty, setDirty] = useState<Partial<Record<TStep, boolean>>>({});
  const unsaved = Object.values(dirty).some(Boolean);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  const dirtyFor = (which: TStep) => (value: boolean) => setDirty((before) => ({ ...before, [which]: value }));

  if (!voteId)
    return (
      <EmptyState
        title="没有指定投票"
        description="请从投票管理进入编辑"
        actions={
          <Button asChild variant="primary">
            <Link to="/voting/list.html">返回投票管理</Link>
          </Button>
        }
      />
    );
  if (vote.isPending) return <LoadingState label="正在打开投票…" />;
  if (vote.isError)
    return (
      <ErrorState
        title="投票打开失败"
        description={vote.error.message}
        actions={
          <>
            <Button variant="primary" onClick={() => void vote.refetch()}>
              重新加载
            </Button>
            <Button asChild>
              <Link to="/voting/list.html">返回投票管理</Link>
            </Button>
          </>
        }
      />
    );
  const data = vote.data;
  if (data.powerType === POWER.view)
    return (
      <EmptyState
        title="你对该投票只有查看权限"
        description="可以查看投票结果，编辑需要创建者授予编辑权限"
        actions={
          <Button asChild variant="primary">
            <Link to="/voting/result.html" search={{ voteId }}>
              查看投票结果
            </Link>
          </Button>
        }
      />
    );

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div className={styles.titleLine}>
          <h1 className={styles.title} style={{ fontSize: 'var(--font-size-xl)' }}>
            {data.title}
          </h1>
          <span className={cx(styles.badge, phaseClass(data.phase))}>{PHASE_NAMES[data.phase]}</span>
        </div>
        <div className={styles.inline}>
          <span className={styles.saveState} aria-live="polite">
            {unsaved ? '有未保存的修改' : '所有修改已保存'}
          </span>
          <Button asChild>
            <Link to="/voting/result.html" search={{ voteId }}>
              <BarChart3 size={14} aria-hidden />
              投票结果
            </Link>
          </Button>
          {step !== 'publish' ? (
            <Button variant="primary" onClick={() => setStep('publish')}>
              <Send size={14} aria-hidden />
              {data.status === 'draft' ? '去发布' : '分享投票'}
            </Button>
          ) : null}
        </div>
      </div>
      <div className={styles.editor}>
        <nav className={styles.steps} aria-label="编辑步骤">
          {STEPS.map((each) => (
            <button
              key={each.step}
              type="button"
              className={cx(styles.step, step === each.step && styles.stepActive)}
              aria-current={step === each.step ? 'step' : undefined}
              onClick={() => setStep(each.step)}
            >
              {each.icon}
              {each.label}
              {dirty[each.step] ? <span className={styles.hint}>（未保存）</span> : null}
            </button>
          ))}
        </nav>
        <div>
          {/* Forms stay mounted so switching steps keeps what was typed. */}
          <div hidden={step !== 'basic'}>
            <VoteBasicForm vote={data} onDirty={dirtyFor('basic')} />
          </div>
          <div hidden={step !== 'rules'}>
            <VoteRulesForm vote={data} onDirty={dirtyFor('rules')} />
          </div>
          {step === 'players' ? <PlayersPanel voteId={voteId} /> : null}
          {step === 'comments' ? <VoteCommentsPanel voteId={voteId} /> : null}
          {step === 'publish' ? <VotePublishPanel vote={data} /> : null}
        </div>
      </div>
    </div>
  );
}

export default VoteAddPage;
