import { createRequire } from 'node:module';

// sav-reader exports CommonJS only (its exports map has no import condition).
// Its package has no types for an ESM import either: the little used here is declared below.
interface TSavBufferReader {
  open(): Promise<void>;
  meta: unknown;
  readAllRows(includeNulls?: boolean): Promise<Record<string, unknown>[]>;
}
const { SavBufferReader } = createRequire(import.meta.url)('sav-reader') as { SavBufferReader: new (file: Buffer) => TSavBufferReader };

/**
 * An .sav file read back with the independent reader `sav-reader`. Two adaptations, neither touching how it
 * parses records: it decodes each 8-byte piece of a string value on its own (a UTF-8 character across a piece
 * boundary would come out broken), so its text reads keep raw bytes (as private-use characters) and are decoded
 * here once whole; and it returns uncompressed system-missing as -DBL_MAX, which is SPSS's missing value → null.
 */
const RAW = 0xe000;

function keepBytes(sav: TSavBufferReader): void {
  const reader = (sav as unknown as { reader: { readBytes: (n: number) => Promise<Buffer>; readString: unknown } }).reader;
  reader.readString = async (len: number, trimEnd = false) => {
    if (len < 1) return '';
    const bytes = await reader.readBytes(len);
    const text = Array.from(bytes, (b) => String.fromCharCode(b < 0x80 ? b : RAW + b)).join('');
    return trimEnd ? text.trimEnd() : text;
  };
}

const decode = (text: string | null | undefined): string =>
  Buffer.from(Array.from(text ?? '', (c) => (c.charCodeAt(0) >= RAW ? c.charCodeAt(0) - RAW : c.charCodeAt(0)))).toString('utf8');

export interface ReadSav {
  meta: { header: { n_cases: number; encoding: string } };
  variables: { name: string; label: string; type: number }[];
  valueLabels: (name: string) => Record<string, string>;
  rows: Record<string, number | string | null>[];
}

interface Meta {
  header: { n_cases: number; encoding: string };
  sysvars: { name: string; label: string | null; type: number }[];
  valueLabels: { appliesToNames: string[]; entries: { val: number; label: string }[] }[];
}

/** Read a whole .sav file. */
export async function readSav(file: Buffer): Promise<ReadSav> {
  const sav = new SavBufferReader(file);
  keepBytes(sav);
  await sav.open();
  const meta = sav.meta as unknown as Meta;
  const rows = (await sav.readAllRows(true)) as Record<string, number | string | null>[];
  const numeric = new Set(meta.sysvars.filter((v) => v.type === 0).map((v) => v.name));
  return {
    meta,
    variables: meta.sysvars.map((v) => ({ name: v.name, label: decode(v.label), type: v.type })),
    valueLabels: (name) =>
      Object.fromEntries(
        meta.valueLabels.filter((s) => s.appliesToNames.includes(name)).flatMap((s) => s.entries.map((e) => [String(e.val), decode(e.label)])),
      ),
    rows: rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [k, numeric.has(k) ? (typeof v === 'number' && v > -Number.MAX_VALUE ? v : null) : decode(v as string)]),
      ),
    ),
  };
}
