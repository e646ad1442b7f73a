import { memo, useCallback, useSyncExternalStore } from 'react';
import type { SheetStore } from './store';
import { RichText } from './rich-text';
import { respondLook } from './widgets/registry';
import { cx } from './widgets/shared';

const NO_REFS: ReadonlySet<string> = new Set();

/** One subject: a fieldset whose legend is the numbered title, the widget, and its messages. */
export const SubjectView = memo(function SubjectView({ store, uuid, base }: { store: SheetStore; uuid: string; base: string }) {
  const state = useSyncExternalStore(
    useCallback((l: () => void) => store.subscribe(uuid, l), [store, uuid]),
    () => store.getSubjectState(uuid),
  );
  const onChange = useCallback((value: unknown) => store.setAnswer(uuid, value), [store, uuid]);
  if (!state.visible) return null;
  const { subject, title, description, errors } = state;

  const look = respondLook(subject.subjectType);
  if (!look) return null;
  if ('block' in look) return <look.block subject={subject} title={title} description={description} />;
  const Widget = look.widget;
  const invalid = errors.length > 0;
  const errorId = invalid ? `${base}-err` : undefined;
  const refs = invalid ? new Set(errors.map((m) => m.ref).filter((r): r is string => Boolean(r))) : NO_REFS;
  return (
    <fieldset className={cx('r-subject', invalid && 'is-bad')} id={base} data-uuid={uuid} aria-describedby={errorId}>
      <legend className="r-title" id={`${base}-t`}>
        {state.number !== null ? <span className="r-no">{state.number}.</span> : null}
        <RichText html={title} as="span" className="r-title-text" />
        {subject.required ? (
          <>
            <span className="r-req" aria-hidden>
              *
            </span>
            <span className="r-sr">（必答）</span>
          </>
        ) : null}
        {subject.score ? <span className="r-score-tag">{subject.score}分</span> : null}
      </legend>
      {description ? <RichText html={description} className="r-desc r-rich" /> : null}
      <Widget
        subject={subject}
        value={state.answer}
        onChange={onChange}
        hidden={state.hidden}
        base={base}
        labelledBy={`${base}-t`}
        describedBy={errorId}
        invalid={invalid}
        errorRefs={refs}
      />
      {invalid ? (
        <div className="r-msg" id={errorId}>
          {[...new Set(errors.map((m) => m.message))].map((m) => (
            <p key={m}>
              <span aria-hidden>!</span> {m}
            </p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
});
