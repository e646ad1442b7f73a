import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft, Cpu, FileBarChart, MessageCircle, ShieldAlert, Sparkles } from 'lucide-react';
import { aiSessionQuery } from '../../api/ai-analysis';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import styles from './ai-analysis-styles';
import { ConversationPanel } from './conversation-panel';
import { chartOf, FindingCard } from './finding-card';
import { useAiConversation } from './use-ai-conversation';

const reportHref = (questionId: string) => `/questionnaire/report.html?questionId=${encodeURIComponent(questionId)}`;

/** 内置助手 or the model's name, from the AI session (asked quietly: without it the label is not shown). */
function EngineLabel() {
  const session = useQuery(aiSessionQuery());
  if (!session.data) return null;
  const builtin = session.data.engine === 'builtin';
  return (
    <span className={builtin ? styles.engineBuiltin : styles.engineModel} data-testid="ai-engine">
      <Cpu size={13} aria-hidden />
      {builtin ? '内置助手' : session.data.engineName}
    </span>
  );
}

function AnalysisScreen({ questionId }: { questionId: string }) {
  const conversation = useAiConversation(questionId);
  const session = useQuery(aiSessionQuery());
  const { state, analysis, error, errorCode, actor } = conversation;

  if (state === 'loading' || (!analysis && state !== 'loadFailed')) return <LoadingState label="正在读取报告并分析…" />;
  if (state === 'loadFailed' || !analysis) {
    // A project the user may not see answers 404 (its existence is not told) or 403: the same no-power state.
    return errorCode === '403' || errorCode === '404' ? (
      <ErrorState
        icon={<ShieldAlert size={32} strokeWidth={1.6} />}
        title={errorCode === '403' ? '您没有查看该项目报告的权限' : '找不到该项目，或您没有查看它的权限'}
        description="AI 智能分析需要项目的查看权限，请联系项目创建者为您开通。"
        actions={
          <Button variant="primary" asChild>
            <Link to="/questionnaire/list.html">返回我的项目</Link>
          </Button>
        }
      />
    ) : (
      <ErrorState
        title="分析加载失败"
        description={error ?? undefined}
        actions={
          <Button variant="primary" onClick={() => actor.send({ type: 'load.retry' })}>
            重试
          </Button>
        }
      />
    );
  }

  const { summary } = analysis;
  const differences = summary.findings.filter((f) => f.kind === 'difference' && f.test && f.test.pValue < 0.05).length;
  const modelName = session.data?.engine === 'model' ? session.data.engineName : null;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          <Button variant="ghost" size="sm" asChild>
            <Link to={reportHref(questionId)}>
              <ArrowLeft size={14} aria-hidden />
              返回统计报告
            </Link>
          </Button>
          <span className={styles.eyebrow}>
            <Sparkles size={14} aria-hidden />
            AI 智能分析
          </span>
          <h1>{analysis.title}</h1>
          <p className={styles.meta}>
            <span data-testid="ai-sheet-count">基于 {summary.sheetCount} 份有效答卷</span>
            {summary.sheetCount ? (
              <>
                <span aria-hidden>·</span>
                <span>{summary.findings.length} 条发现</span>
                <span aria-hidden>·</span>
                <span>{differences} 组显著差异</span>
              </>
            ) : null}
            <EngineLabel />
          </p>
        </div>
        {summary.sheetCount ? (
          <a className={styles.jump} href="#ai-chat">
            <MessageCircle size={14} aria-hidden />向 AI 提问
          </a>
        ) : null}
      </header>
      {summary.sheetCount === 0 ? (
        <EmptyState
          icon={<FileBarChart size={32} strokeWidth={1.6} />}
          title="暂无答卷，收集到答卷后即可分析"
          description="把问卷分享给填写者，有了答卷后 AI 会自动找出报告里的主要发现。"
          actions={
            <Button variant="primary" asChild>
              <Link to={`/questionnaire/release.html?questionId=${encodeURIComponent(questionId)}`}>去分享问卷</Link>
            </Button>
          }
        />
      ) : (
        <div className={styles.layout}>
          <section className={styles.findings} aria-labelledby="ai-findings-title">
            <div className={styles.sectionHead}>
              <h2 id="ai-findings-title">主要发现</h2>
              <span className={styles.sectionNote}>内置助手根据报告的统计数据得出，数字与统计报告一致</span>
            </div>
            {summary.findings.length ? (
              <ol className={styles.findingList}>
                {summary.findings.map((f, i) => (
                  <li key={i}>
                    <FindingCard finding={f} chart={chartOf(f, summary.charts)} rank={i + 1} />
                  </li>
                ))}
              </ol>
            ) : (
              <EmptyState compact title="暂未发现明显的规律" description="答卷再多一些，结论会更可靠。" />
            )}
          </section>
          <ConversationPanel conversation={conversation} modelName={modelName} />
        </div>
      )}
    </div>
  );
}

/** /aiAnalysisTest.html?questionId=…: the report's top findings with their charts, and a conversation about them (login required). */
export function AiAnalysisPage() {
  const questionId = useLocation({ select: (l) => String((l.search as Record<string, unknown>).questionId ?? '') });
  if (!questionId) {
    return (
      <EmptyState
        title="请选择要分析的项目"
        description="从项目的统计报告点击「AI 智能分析」进入。"
        actions={
          <Button variant="primary" asChild>
            <Link to="/questionnaire/list.html">去我的项目</Link>
          </Button>
        }
      />
    );
  }
  return <AnalysisScreen key={questionId} questionId={questionId} />;
}
