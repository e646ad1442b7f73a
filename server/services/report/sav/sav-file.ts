import {
  caseRecord,
  encodingRecord,
  headerRecord,
  longNames,
  machineFloatInfo,
  machineIntegerInfo,
  slotsOf,
  terminationRecord,
  valueLabelRecords,
  variableDisplay,
  variableRecords,
  type SavValue,
  type SavVariable,
} from './sav-records';

export type { SavValue, SavVariable } from './sav-records';

/**
 * Short names (≤ 8 bytes, upper case, unique) for long names: the name itself when it fits, else V1, V2, …
 * (the long names record 7.13 keeps the real ones).
 */
export function shortNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  let next = 1;
  return names.map((name) => {
    let short = name.toUpperCase();
    if (Buffer.byteLength(short) > 8 || used.has(short)) {
      do short = `V${next++}`;
      while (used.has(short) || names.some((n) => n.toUpperCase() === short));
    }
    used.add(short);
    return short;
  });
}

/** Everything before the cases: header, variables, value labels, extension records, termination. */
export function savDictionary(variables: readonly SavVariable[], cases: number, created: Date, fileLabel: string): Buffer {
  const parts = [headerRecord(variables, cases, created, fileLabel), ...variables.map(variableRecords)];
  let slot = 1;
  for (const v of variables) {
    if (v.width === 0 && v.valueLabels?.length) parts.push(valueLabelRecords(v.valueLabels, [slot]));
    slot += slotsOf(v);
  }
  parts.push(machineIntegerInfo(), machineFloatInfo(), variableDisplay(variables), longNames(variables), encodingRecord(), terminationRecord());
  return Buffer.concat(parts);
}

/** A whole file in memory (tests, small sets); exports stream the dictionary then caseRecord per sheet. */
export function savFile(variables: readonly SavVariable[], cases: readonly (readonly SavValue[])[], created: Date, fileLabel = ''): Buffer {
  return Buffer.concat([savDictionary(variables, cases.length, created, fileLabel), ...cases.map((c) => caseRecord(variables, c))]);
}

export { caseRecord };
