import { ByteWriter, SYSMIS, fitUtf8, roundUp } from './sav-bytes';

/**
 * The dictionary records of an uncompressed SPSS system file ($FL2, little-endian, UTF-8), each a function of
 * what it describes (PSPP "System File Format"): file header (176 bytes), variable records (type 2, with a
 * continuation record per further 8 bytes of a string), value labels (3) with the variables they apply to (4),
 * machine integer / floating-point info (7.3 / 7.4), variable display (7.11), long variable names (7.13),
 * character encoding (7.20) and the dictionary termination (999). Strings are at most 255 bytes, so no very
 * long string records (7.14) are needed.
 */

/** Print/write format types used here. */
export const FORMAT = { F: 5, A: 1, DATETIME: 22 } as const;
/** SPSS measurement levels of the variable display record. */
export const MEASURE = { nominal: 1, ordinal: 2, scale: 3 } as const;
export type TMeasure = keyof typeof MEASURE;

export const MAX_STRING_BYTES = 255;
export const MAX_LABEL_BYTES = 255;
/** SPSS shows at most 120 bytes of a value label. */
export const MAX_VALUE_LABEL_BYTES = 120;

export interface SavVariable {
  /** Long name (7.13), ASCII letters, digits and _ , unique, at most 64 bytes. */
  name: string;
  /** Short name of the variable record: at most 8 bytes, unique, upper case. */
  shortName: string;
  label: string;
  /** 0 numeric, 1–255 a string of that many bytes. */
  width: number;
  format: { type: number; width: number; decimals: number };
  measure: TMeasure;
  /** Numeric variables only: value → label. */
  valueLabels?: readonly (readonly [number, string])[];
}

/** 8-byte slots a variable takes in a case. */
export const slotsOf = (v: Pick<SavVariable, 'width'>): number => (v.width === 0 ? 1 : roundUp(v.width, 8) / 8);

const packFormat = (f: SavVariable['format']) => (f.type << 16) | (f.width << 8) | f.decimals;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function headerRecord(variables: readonly SavVariable[], cases: number, created: Date, fileLabel: string): Buffer {
  const slots = variables.reduce((n, v) => n + slotsOf(v), 0);
  const pad2 = (n: number) => String(n).padStart(2, '0');
  const date = `${pad2(created.getUTCDate())} ${MONTHS[created.getUTCMonth()]} ${pad2(created.getUTCFullYear() % 100)}`;
  const time = `${pad2(created.getUTCHours())}:${pad2(created.getUTCMinutes())}:${pad2(created.getUTCSeconds())}`;
  return new ByteWriter()
    .fixed('$FL2', 4)
    .fixed('@(#) SPSS DATA FILE wenjuan analysis export', 60)
    .int32(2) // layout code
    .int32(slots) // nominal case size
    .int32(0) // uncompressed
    .int32(0) // no weight variable
    .int32(cases)
    .float64(100) // compression bias (unused)
    .fixed(date, 9)
    .fixed(time, 8)
    .fixed(fileLabel, 64)
    .fixed('', 3, 0)
    .toBuffer();
}

/** The variable record and, for a string longer than 8 bytes, its continuation records. */
export function variableRecords(v: SavVariable): Buffer {
  const w = new ByteWriter();
  const label = fitUtf8(v.label, MAX_LABEL_BYTES);
  const format = packFormat(v.format);
  w.int32(2)
    .int32(v.width)
    .int32(label.length ? 1 : 0)
    .int32(0)
    .int32(format)
    .int32(format)
    .fixed(v.shortName, 8);
  if (label.length) {
    w.int32(label.length);
    const padded = Buffer.alloc(roundUp(label.length, 4), 0x20);
    label.copy(padded);
    w.bytes(padded);
  }
  for (let i = 1; i < slotsOf(v); i++) w.int32(2).int32(-1).int32(0).int32(0).int32(0).int32(0).fixed('', 8);
  return w.toBuffer();
}

/** A value label set (3) and the variables it applies to (4), by 1-based slot index. */
export function valueLabelRecords(labels: readonly (readonly [number, string])[], slotIndexes: readonly number[]): Buffer {
  const w = new ByteWriter().int32(3).int32(labels.length);
  for (const [value, text] of labels) {
    const label = fitUtf8(text, MAX_VALUE_LABEL_BYTES);
    const field = Buffer.alloc(roundUp(label.length + 1, 8), 0x20);
    field[0] = label.length;
    label.copy(field, 1);
    w.float64(value).bytes(field);
  }
  w.int32(4).int32(slotIndexes.length);
  for (const i of slotIndexes) w.int32(i);
  return w.toBuffer();
}

/** An extension record (type 7): subtype, element size, element count, data. */
function infoRecord(subtype: number, size: number, data: Buffer): Buffer {
  return new ByteWriter()
    .int32(7)
    .int32(subtype)
    .int32(size)
    .int32(data.length / size)
    .bytes(data)
    .toBuffer();
}

/** 7.3: release 1.0.0, machine -1, IEEE 754 floats, little-endian, character code 65001 (UTF-8). */
export const machineIntegerInfo = (): Buffer => {
  const w = new ByteWriter();
  for (const n of [1, 0, 0, -1, 1, 1, 2, 65001]) w.int32(n);
  return infoRecord(3, 4, w.toBuffer());
};

/** 7.4: system-missing, highest and lowest values. */
export const machineFloatInfo = (): Buffer => {
  const lowest = Buffer.from([0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xef, 0xff]);
  return infoRecord(4, 8, new ByteWriter().float64(SYSMIS).float64(Number.MAX_VALUE).bytes(lowest).toBuffer());
};

/** 7.11: measure, display width and alignment (left for strings, right for numbers) of each variable. */
export const variableDisplay = (variables: readonly SavVariable[]): Buffer => {
  const w = new ByteWriter();
  for (const v of variables)
    w.int32(MEASURE[v.measure])
      .int32(Math.min(Math.max(v.format.width, 8), 40))
      .int32(v.width === 0 ? 1 : 0);
  return infoRecord(11, 4, w.toBuffer());
};

/** 7.13: SHORT=LongName pairs separated by tabs. */
export const longNames = (variables: readonly SavVariable[]): Buffer =>
  infoRecord(13, 1, Buffer.from(variables.map((v) => `${v.shortName}=${v.name}`).join('\t'), 'utf8'));

/** 7.20: the character encoding of every string in the file. */
export const encodingRecord = (): Buffer => infoRecord(20, 1, Buffer.from('UTF-8', 'ascii'));

export const terminationRecord = (): Buffer => new ByteWriter().int32(999).int32(0).toBuffer();

/** A case's value of one variable: a number (null = system-missing) or a string (null = blank). */
export type SavValue = number | string | null;

/** One case, uncompressed: 8 bytes per numeric value, strings space-padded to their slots. */
export function caseRecord(variables: readonly SavVariable[], values: readonly SavValue[]): Buffer {
  const w = new ByteWriter();
  variables.forEach((v, i) => {
    const value = values[i] ?? null;
    if (v.width === 0) w.float64(typeof value === 'number' && Number.isFinite(value) ? value : SYSMIS);
    else w.fixed(fitUtf8(value === null ? '' : String(value), v.width).toString('utf8'), slotsOf(v) * 8);
  });
  return w.toBuffer();
}
