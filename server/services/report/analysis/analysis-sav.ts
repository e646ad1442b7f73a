import type { Writable } from 'node:stream';
import type { TReportFilter } from '../../../../schemas/api/report';
import { QUESTION_TYPE } from '../../../../schemas/project-kinds';
import type { Query } from '../../../db/client';
import type { ProjectRow } from '../../../db/rows';
import { utf8Length } from '../sav/sav-bytes';
import { caseRecord, savDictionary, shortNames, type SavVariable } from '../sav/sav-file';
import { FORMAT, MAX_STRING_BYTES } from '../sav/sav-records';
import { plainTitle, reportSubjects } from '../report-subjects';
import { analysisSheets } from './analysis-sheets';
import { analysisVariables, type AnalysisVariable } from './analysis-variables';

/** Told the share done (0–1) after each batch of sheets. */
export type ShareDone = (share: number) => Promise<void>;

export async function projectVariables(query: Query, project: ProjectRow): Promise<AnalysisVariable[]> {
  return analysisVariables(await reportSubjects(query, project.id), project.question_type === QUESTION_TYPE.exam);
}

interface Shape {
  width: number;
  decimals: number;
}

/** The SPSS dictionary entry of a variable, with the string width and decimals the first pass measured. */
export function savVariable(v: AnalysisVariable, shortName: string, shape: Shape): SavVariable {
  const base = { name: v.name, shortName, label: v.label, measure: v.measure };
  switch (v.kind) {
    case 'string':
      return { ...base, width: shape.width, format: { type: FORMAT.A, width: shape.width, decimals: 0 } };
    case 'datetime':
      return { ...base, width: 0, format: { type: FORMAT.DATETIME, width: 20, decimals: 0 } };
    case 'number':
      return { ...base, width: 0, format: { type: FORMAT.F, width: 12, decimals: shape.decimals } };
    default:
      return { ...base, width: 0, format: { type: FORMAT.F, width: 8, decimals: 0 }, valueLabels: v.valueLabels };
  }
}

const drain = (out: Writable, chunk: Buffer | string) =>
  out.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));

/**
 * The .sav file: a first pass over the sheets measures each string's widest value (≤ 255 bytes) and whether
 * numbers need decimals, a second writes the dictionary and one uncompressed case per sheet. Ends `out`.
 */
export async function writeSav(
  query: Query,
  project: ProjectRow,
  filter: TReportFilter | undefined,
  out: Writable,
  total: number,
  onShare?: ShareDone,
  now = new Date(),
): Promise<void> {
  const variables = await projectVariables(query, project);
  const shapes: Shape[] = variables.map(() => ({ width: 1, decimals: 0 }));
  let cases = 0;
  const half = (offset: number) => (n: number) => onShare?.(offset + Math.min(n / Math.max(total, 1), 1) / 2) ?? Promise.resolve();
  for await (const sheet of analysisSheets(query, project, filter, half(0))) {
    cases += 1;
    variables.forEach((v, i) => {
      const x = v.value(sheet);
      if (x === null) return;
      const shape = shapes[i]!;
      if (typeof x === 'string') shape.width = Math.min(Math.max(shape.width, utf8Length(x)), MAX_STRING_BYTES);
      else if (!Number.isInteger(x)) shape.decimals = 2;
    });
  }
  const short = shortNames(variables.map((v) => v.name));
  const dictionary = variables.map((v, i) => savVariable(v, short[i]!, shapes[i]!));
  await drain(out, savDictionary(dictionary, cases, now, plainTitle(project.title)));
  let batch: Buffer[] = [];
  let written = 0;
  for await (const sheet of analysisSheets(query, project, filter, half(0.5))) {
    // Sheets that arrived between the passes are left out: the header promised `cases` rows.
    if (written >= cases) break;
    written += 1;
    batch.push(
      caseRecord(
        dictionary,
        variables.map((v) => v.value(sheet)),
      ),
    );
    if (batch.length >= 500) {
      await drain(out, Buffer.concat(batch));
      batch = [];
    }
  }
  if (batch.length) await drain(out, Buffer.concat(batch));
  out.end();
}
