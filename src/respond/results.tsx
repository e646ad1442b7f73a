import { useEffect, useState } from 'react';
import type { TRespondentResults } from '../../schemas/api/write';
import * as CALL_PATHS from '../../schemas/api/paths/calls';
import { callOf } from './api';
import { RichText } from './rich-text';

/** 向答题者展示统计结果: how everyone answered the choice subjects, read once after this sheet was stored. */
export function Results({ questionId, sheetId }: { questionId: string; sheetId: string }) {
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: TRespondentResults }>({
    kind: 'loading',
  });
  useEffect(() => {
    let live = true;
    callOf(CALL_PATHS.write.getResults, { questionId, sheetId }).then(
      (data) => live && setState({ kind: 'ready', data }),
      (e: Error) => live && setState({ kind: 'failed', message: e.message }),
    );
    return () => {
      live = false;
    };
  }, [questionId, sheetId]);
  return (
    <section className="r-results" aria-labelledby="r-results-title" aria-busy={state.kind === 'loading'}>
      <h2 id="r-results-title">统计结果</h2>
      {state.kind === 'loading' ? <p role="status">正在加载统计结果…</p> : null}
      {state.kind === 'failed' ? <p className="r-msg">{state.message}</p> : null}
      {state.kind === 'ready' ? (
        <>
          <p className="r-results-total">共 {state.data.total} 份答卷</p>
          {!state.data.subjects.length ? <p>本问卷没有可统计的选择题</p> : null}
          {state.data.subjects.map((s) => (
            <div key={s.uuid} className="r-results-subject">
              <h3>
                {s.index !== null ? <span className="r-no">{s.index}.</span> : null}
                <RichText html={s.title} as="span" />
              </h3>
              <ul>
                {s.options.map((o) => (
                  <li key={o.uuid} aria-label={`${o.title}：${o.count}票，${o.percent}%`}>
                    <span className="r-results-label">{o.title}</span>
                    <span className="r-results-bar" aria-hidden>
                      <span style={{ width: `${Math.min(100, o.percent)}%` }} />
                    </span>
                    <span className="r-results-figure">
                      {o.count}（{o.percent}%）
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </>
      ) : null}
    </section>
  );
}
