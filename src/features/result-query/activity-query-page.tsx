import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { useState } from 'react';
import type { TQueryRequest, TQueryResult } from '../../../schemas/api/result-query';
import { ApiError } from '../../api/client';
import { queryFormQuery, queryResult } from '../../api/result-query';
import { useGo } from '../../app/navigation';
import { Button } from '../../ui/button';
import { ErrorState, LoadingState } from '../../ui/states';
import { QueriedSheets } from './queried-sheets';
import { QueryKeyForm } from './query-key-form';
import styles from './result-query-styles';

type TOutcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'found'; result: TQueryResult } | { kind: 'refused'; message: string };

function QueryPanel({ questionId }: { questionId: string }) {
  const form = useQuery(queryFormQuery(questionId));
  const [outcome, setOutcome] = useState<TOutcome>({ kind: 'idle' });
  const [round, setRound] = useState(0);
  if (form.isPending) return <LoadingState label="正在加载…" />;
  if (form.isError) return <ErrorState icon={<SearchX size={32} />} title={form.error.message} description="请向发布者确认查询链接" />;

  const run = async (body: TQueryRequest) => {
    setOutcome({ kind: 'busy' });
    try {
      setOutcome({ kind: 'found', result: await queryResult(body) });
    } catch (error) {
      setOutcome({ kind: 'refused', message: error instanceof ApiError ? error.message : '系统处理出错' });
    }
  };
  return (
    <>
      <h1 className={styles.title}>{form.data.title}</h1>
      <p className={styles.subtitle}>结果查询</p>
      {outcome.kind === 'found' ? (
        <>
          <QueriedSheets result={outcome.result} />
          <Button
            block
            onClick={() => {
              setOutcome({ kind: 'idle' });
              setRound((n) => n + 1);
            }}
          >
            重新查询
          </Button>
        </>
      ) : (
        <>
          <QueryKeyForm key={round} form={form.data} busy={outcome.kind === 'busy'} onQuery={(body) => void run(body)} />
          {outcome.kind === 'refused' ? (
            <p className={styles.refused} role="alert">
              {outcome.message}
            </p>
          ) : null}
        </>
      )}
    </>
  );
}

/** /activityquery.html?questionId=…: a respondent looks up their own result by the project's query key (issue 48). */
export function ActivityQueryPage() {
  const go = useGo();
  const questionId = new URLSearchParams(go.search()).get('questionId') ?? '';
  return (
    <main className={styles.page}>
      <section className={styles.card}>
        {questionId ? (
          <QueryPanel questionId={questionId} />
        ) : (
          <ErrorState icon={<SearchX size={32} />} title="查询链接不完整" description="请向发布者索取完整的查询链接" />
        )}
      </section>
    </main>
  );
}

export default ActivityQueryPage;
