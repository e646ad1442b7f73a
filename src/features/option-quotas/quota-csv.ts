import type { TQuotaStat } from '../../../schemas/api/report';

const cell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The quota statement as a CSV sheet (BOM first, so Excel reads the Chinese): one row a quota. */
export function quotaCsv(rows: readonly TQuotaStat[], words: { head: string[]; onFull: (q: TQuotaStat) => string; state: (q: TQuotaStat) => string }): string {
  const lines = [words.head, ...rows.map((q) => [q.label, q.condition ?? '', words.onFull(q), q.message ?? '', q.used, q.limit, words.state(q)])];
  return `\ufeff${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}
