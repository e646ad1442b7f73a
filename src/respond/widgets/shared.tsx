import { createContext, useContext, useEffect, useState } from 'react';
import type { TSubject } from '../../../schemas/subjects/registry';

/** What every answer widget receives. `base` is a safe id prefix for this subject (uuids may hold anything). */
export interface TWidgetProps<S extends TSubject = TSubject> {
  subject: S;
  value: unknown;
  onChange: (value: unknown) => void;
  hidden: ReadonlySet<string>;
  base: string;
  /** id of the legend (the subject title): names inputs that have no label of their own. */
  labelledBy: string;
  /** id of the error message when there is one. */
  describedBy: string | undefined;
  invalid: boolean;
  /** Parts (rows, blanks, cells) the messages name. */
  errorRefs: ReadonlySet<string>;
}

export interface TRespondContext {
  /** 需短信验证: codes typed per phone subject, sent with the submit (one object per page, filled by the widgets). */
  smsCodes?: Record<string, string>;
  /** Places taken per appointment slot on a date (getQuestion `slotsTaken`). */
  slotsTaken?: Readonly<Record<string, number>>;
  /** An appointment project with a schedule: subject 37 shows the live calendar (getQuestion `appointmentScheduled`). */
  appointmentScheduled?: boolean;
  questionId: string;
  preview: boolean;
  /** The project's answering password, when it has one (uploads send it like the submit). */
  password?: string;
}
export const RespondContext = createContext<TRespondContext>({ questionId: '', preview: false });
export const useRespondContext = () => useContext(RespondContext);

export const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

const NARROW = '(max-width: 599px)';
const narrowQuery = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(NARROW) : null);

/** Phones (< 600 px): matrices become one row at a time. */
export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => narrowQuery()?.matches ?? false);
  useEffect(() => {
    const query = narrowQuery();
    if (!query) return;
    const update = () => setNarrow(query.matches);
    update();
    // Safari 14 has addListener only.
    if (query.addEventListener) query.addEventListener('change', update);
    else query.addListener(update);
    return () => {
      if (query.removeEventListener) query.removeEventListener('change', update);
      else query.removeListener(update);
    };
  }, []);
  return narrow;
}

export const asString = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const asRecord = <T,>(v: unknown): Record<string, T> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, T>) : {});
export { own } from '../../../schemas/subjects/base';

export function Counter({ value, max }: { value: string; max: number }) {
  const n = [...value].length;
  return (
    <span className={cx('r-count', n > max && 'is-over')} aria-hidden>
      {n}/{max}
    </span>
  );
}

export function Hint({ children }: { children: React.ReactNode }) {
  return <p className="r-hint">{children}</p>;
}
