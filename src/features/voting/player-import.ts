/** The most an Excel file may weigh (batchAddPlayer reads it on the server). */
export const MAX_XLSX_BYTES = 2 * 1024 * 1024;

/** Names in pasted text as batchNameAddPlayer reads them: one a line, blank lines skipped. */
export function namesIn(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
