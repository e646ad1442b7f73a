import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AI_KINDS, type TAiKindName } from '../../../schemas/ai/kinds';
import { aiGenerationQuery } from '../../api/ai-generations';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import styles from './ai-generate-styles';
import { GenerationEditor } from './generation-editor';
import { useAiGeneration } from './use-ai-generation';

/**
 * /aiResult.html?generationId=… (issue 52 item 4): one of my stored generations, its request and engine, the same
 * editable list and 创建并编辑; 已创建 with a link when a project was made from it.
 */
export function AiResultPage() {
  const generationId = useLocation({ select: (l) => String((l.search as Record<string, unknown>).generationId ?? '') });
  const stored = useQuery({ ...aiGenerationQuery(generationId), enabled: generationId !== '' });
  const view = useAiGeneration();
  const opened = view.context.generationId === generationId;
  useEffect(() => {
    if (stored.data && !opened) view.actor.send({ type: 'gen.open', generation: stored.data });
  }, [stored.data, opened, view.actor]);

  const back = (
    <Button asChild>
      <Link to="/aiIndex.html">去 AI 生成</Link>
    </Button>
  );
  let body;
  if (!generationId) body = <EmptyState title="没有指定生成记录" description="从 AI 生成页的“最近生成”打开一条记录" actions={back} />;
  else if (stored.isPending) body = <LoadingState label="正在读取生成结果…" />;
  else if (stored.isError) {
    body = (
      <ErrorState
        title="无法打开这条生成记录"
        description={stored.error.message || '系统处理出错'}
        actions={
          <>
            <Button onClick={() => void stored.refetch()}>重试</Button>
            {back}
          </>
        }
      />
    );
  }
  const g = stored.data;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          <h1>AI 生成结果</h1>
          {g ? (
            <p className={styles.intro}>
              「{g.prompt}」· {AI_KINDS[g.kind as TAiKindName]?.name ?? '项目'} · {g.engineName} · {formatDateTime(g.createTime)}
            </p>
          ) : null}
        </div>
        <Button asChild>
          <Link to="/aiIndex.html">再生成一份</Link>
        </Button>
      </header>
      {body ? <section className={styles.panel}>{body}</section> : opened ? <GenerationEditor view={view} /> : <LoadingState />}
      {g && g.sources.length ? <p className={styles.sources}>参考来源：{g.sources.join('、')}</p> : null}
    </div>
  );
}
