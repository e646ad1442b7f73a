import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TSubjectOf } from '../../../schemas/subjects/registry';
import { pointLabel } from '../../../schemas/subjects/types/scale';
import { asRecord, cx, own, useNarrow, type TWidgetProps } from './shared';

interface TRow {
  uuid: string;
  title: string;
}
interface TColumn {
  key: string;
  title: string;
  /** Narrow list only: a second line under the column title. */
  note?: string;
}

interface TMatrixProps {
  base: string;
  rows: readonly TRow[];
  columns: readonly TColumn[];
  /** One cell's control; `inList` is the narrow one-row layout (the control carries its own visible text). */
  cell: (row: TRow, col: TColumn, r: number, c: number, inList: boolean) => ReactNode;
  answered: (rowId: string) => boolean;
  errorRefs: ReadonlySet<string>;
  /** Single-answer rows: a tap moves on to the next row on phones. */
  advance?: boolean;
  textCells?: boolean;
}

/**
 * A matrix: a table on wide screens; on phones (< 600 px) one row at a time with its columns as a list,
 * 上一行 / 下一行 and a row indicator. Rows named by a message are marked in both layouts.
 */
function Matrix({ base, rows, columns, cell, answered, errorRefs, advance, textCells }: TMatrixProps) {
  const narrow = useNarrow();
  const [index, setIndex] = useState(0);
  const firstBad = rows.findIndex((r) => errorRefs.has(r.uuid) || [...errorRefs].some((ref) => ref.startsWith(`${r.uuid}:`)));
  const lastBad = useRef(-1);
  const pointer = useRef(0);
  useEffect(() => {
    // A failed 下一页 shows the first row with a message.
    if (firstBad >= 0 && firstBad !== lastBad.current) setIndex(firstBad);
    lastBad.current = firstBad;
  }, [firstBad]);

  if (!narrow) {
    return (
      <div className="r-matrix-scroll">
        <table className={cx('r-matrix', textCells && 'is-text')}>
          <thead>
            <tr>
              <td />
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={row.uuid} className={cx(errorRefs.has(row.uuid) && 'is-bad')}>
                <th scope="row">{row.title}</th>
                {columns.map((col, c) => (
                  <td key={col.key}>{cell(row, col, r, c, false)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  const i = Math.min(index, rows.length - 1);
  const row = rows[i]!;
  const done = rows.filter((r) => answered(r.uuid)).length;
  return (
    <div className="r-mstep">
      <div className="r-mstep-head">
        <span className="r-mstep-title" id={`${base}-row`}>
          {row.title}
        </span>
        <span className="r-mstep-count">
          {i + 1}/{rows.length}
          <span className="r-sr">，已完成{done}行</span>
        </span>
      </div>
      <div
        role="group"
        aria-labelledby={`${base}-row`}
        className={cx('r-opts', textCells && 'r-mstep-cells', errorRefs.has(row.uuid) && 'is-bad')}
        onPointerDown={() => (pointer.current = Date.now())}
        onChange={() => {
          // Only a tap moves on: arrow keys inside a radio group change the pick too and must stay put.
          if (!advance || Date.now() - pointer.current > 1500 || i >= rows.length - 1) return;
          pointer.current = 0;
          window.setTimeout(() => setIndex(i + 1), 220);
        }}
      >
        {columns.map((col, c) => (
          <div key={col.key} className="r-opt-wrap">
            {cell(row, col, i, c, true)}
          </div>
        ))}
      </div>
      <div className="r-mstep-nav">
        <button type="button" className="r-link-btn" disabled={i === 0} onClick={() => setIndex(i - 1)}>
          ‹ 上一行
        </button>
        {rows.length <= 12 ? (
          <span className="r-dots" aria-hidden>
            {rows.map((r, k) => (
              <span key={r.uuid} className={cx('r-dot', k === i && 'is-here', answered(r.uuid) && 'is-done', errorRefs.has(r.uuid) && 'is-bad')} />
            ))}
          </span>
        ) : null}
        <button type="button" className="r-link-btn" disabled={i === rows.length - 1} onClick={() => setIndex(i + 1)}>
          下一行 ›
        </button>
      </div>
    </div>
  );
}

interface TPickCellProps {
  name: string;
  multiple: boolean;
  checked: boolean;
  label: string;
  text: string;
  note?: string;
  inList: boolean;
  describedBy: string | undefined;
  onToggle: () => void;
  onClear?: () => void;
}

function PickCell({ name, multiple, checked, label, text, note, inList, describedBy, onToggle, onClear }: TPickCellProps) {
  return (
    <label className={cx(inList ? 'r-opt' : 'r-cell', checked && 'is-on')}>
      <input
        type={multiple ? 'checkbox' : 'radio'}
        name={name}
        checked={checked}
        aria-label={inList ? undefined : label}
        aria-describedby={describedBy}
        onChange={onToggle}
        onClick={(e) => {
          if (!multiple && checked && e.detail > 0) onClear?.();
        }}
      />
      <span className={cx('r-ind', multiple && 'is-box')} aria-hidden />
      {inList ? (
        <span className="r-opt-text">
          {text}
          {note ? <small className="r-opt-note">{note}</small> : null}
        </span>
      ) : null}
    </label>
  );
}

const without = <T,>(r: Record<string, T>, key: string) => {
  const out = { ...r };
  delete out[key];
  return out;
};

export function MatrixSingle({ subject: s, value, onChange, base, describedBy, errorRefs }: TWidgetProps<TSubjectOf<11>>) {
  const answer = asRecord<string>(value);
  const columns = s.columns.map((c) => ({ key: c.uuid, title: c.title }));
  return (
    <Matrix
      base={base}
      rows={s.rows}
      columns={columns}
      errorRefs={errorRefs}
      advance
      answered={(r) => own(answer, r) !== undefined}
      cell={(row, col, r, _c, inList) => (
        <PickCell
          name={`${base}-r${r}`}
          multiple={false}
          checked={own(answer, row.uuid) === col.key}
          label={`${row.title}：${col.title}`}
          text={col.title}
          inList={inList}
          describedBy={describedBy}
          onToggle={() => onChange({ ...answer, [row.uuid]: col.key })}
          onClear={() => onChange(without(answer, row.uuid))}
        />
      )}
    />
  );
}

export function MatrixMultiple({ subject: s, value, onChange, base, describedBy, errorRefs }: TWidgetProps<TSubjectOf<12>>) {
  const answer = asRecord<string[]>(value);
  const columns = s.columns.map((c) => ({ key: c.uuid, title: c.title }));
  return (
    <Matrix
      base={base}
      rows={s.rows}
      columns={columns}
      errorRefs={errorRefs}
      answered={(r) => (own(answer, r)?.length ?? 0) > 0}
      cell={(row, col, r, _c, inList) => {
        const picked = own(answer, row.uuid) ?? [];
        const on = picked.includes(col.key);
        return (
          <PickCell
            name={`${base}-r${r}`}
            multiple
            checked={on}
            label={`${row.title}：${col.title}`}
            text={col.title}
            inList={inList}
            describedBy={describedBy}
            onToggle={() => onChange({ ...answer, [row.uuid]: on ? picked.filter((x) => x !== col.key) : [...picked, col.key] })}
          />
        );
      }}
    />
  );
}

export function MatrixScale({ subject: s, value, onChange, base, describedBy, errorRefs }: TWidgetProps<TSubjectOf<18>>) {
  const answer = asRecord<number>(value);
  const columns = Array.from({ length: s.points }, (_, i) => {
    const v = s.start + i;
    const label = pointLabel(s, v);
    return { key: String(v), title: label ? `${v}` : String(v), note: label || undefined };
  });
  return (
    <>
      <div className="r-ends r-matrix-ends" aria-hidden>
        <span>
          {s.start} = {s.minLabel}
        </span>
        <span>
          {s.start + s.points - 1} = {s.maxLabel}
        </span>
      </div>
      <Matrix
        base={base}
        rows={s.rows}
        columns={columns}
        errorRefs={errorRefs}
        advance
        answered={(r) => own(answer, r) !== undefined}
        cell={(row, col, r, _c, inList) => (
          <PickCell
            name={`${base}-r${r}`}
            multiple={false}
            checked={own(answer, row.uuid) === Number(col.key)}
            label={`${row.title}：${col.key}${col.note ? ` ${col.note}` : ''}`}
            text={col.title}
            note={col.note}
            inList={inList}
            describedBy={describedBy}
            onToggle={() => onChange({ ...answer, [row.uuid]: Number(col.key) })}
            onClear={() => onChange(without(answer, row.uuid))}
          />
        )}
      />
    </>
  );
}

export function MatrixText({ subject: s, value, onChange, base, describedBy, errorRefs }: TWidgetProps<TSubjectOf<25>>) {
  const answer = asRecord<Record<string, string>>(value);
  const columns = s.columns.map((c) => ({ key: c.uuid, title: c.title }));
  return (
    <Matrix
      base={base}
      rows={s.rows}
      columns={columns}
      errorRefs={errorRefs}
      textCells
      answered={(r) => Object.values(own(answer, r) ?? {}).some((t) => t.trim() !== '')}
      cell={(row, col, r, c, inList) => {
        const cells = own(answer, row.uuid) ?? {};
        const input = (
          <input
            className={cx('r-input', 'r-cell-input', errorRefs.has(`${row.uuid}:${col.key}`) && 'is-bad')}
            id={`${base}-c${r}-${c}`}
            aria-label={inList ? undefined : `${row.title}：${col.title}`}
            aria-describedby={describedBy}
            maxLength={500}
            value={own(cells, col.key) ?? ''}
            onChange={(e) => onChange({ ...answer, [row.uuid]: { ...cells, [col.key]: e.target.value } })}
          />
        );
        return inList ? (
          <label className="r-blank" htmlFor={`${base}-c${r}-${c}`}>
            <span className="r-blank-label">{col.title}</span>
            {input}
          </label>
        ) : (
          input
        );
      }}
    />
  );
}
