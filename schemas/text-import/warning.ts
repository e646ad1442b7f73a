/** What the text import could not read, by line; both passes (grouping lines, building subjects) add to it. */
export interface TextImportWarning {
  /** 1-based line of the pasted text. */
  line: number;
  message: string;
}
