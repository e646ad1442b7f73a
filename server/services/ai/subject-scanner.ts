/**
 * Reads a model's JSON answer as it streams and hands out each whole object of its top-level "subjects" array the
 * moment its closing brace arrives, so the page shows subjects one by one. A small brace/string-aware scanner:
 * it tracks strings (and their escapes) and the nesting of objects and arrays, not values; text before the first
 * `{` (a Markdown fence) is skipped. Each character is looked at once, whatever the size of the pieces.
 */
export class SubjectScanner {
  private text = '';
  private at = 0;
  /** Open containers: '{' or '['. */
  private readonly stack: string[] = [];
  private inString = false;
  private escaped = false;
  private stringStart = -1;
  /** The last string completed directly inside the top-level object (the key being read). */
  private lastKey: string | null = null;
  /** stack depth at which the subjects array is open (-1: not open). */
  private subjectsDepth = -1;
  private objectStart = -1;
  private rootStart = -1;
  private rootEnd = -1;
  private subjectsOpenedAt = -1;

  /** Feed the next piece; the subject objects (raw JSON text) completed by it, in order. */
  push(piece: string): string[] {
    this.text += piece;
    const out: string[] = [];
    const s = this.text;
    for (; this.at < s.length; this.at++) {
      const c = s[this.at]!;
      if (this.rootEnd >= 0) break;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === '\\') this.escaped = true;
        else if (c === '"') {
          this.inString = false;
          if (this.stack.length === 1 && this.stack[0] === '{') this.lastKey = s.slice(this.stringStart + 1, this.at);
        }
        continue;
      }
      if (this.rootStart < 0) {
        if (c === '{') {
          this.rootStart = this.at;
          this.stack.push('{');
        }
        continue;
      }
      if (c === '"') {
        this.inString = true;
        this.stringStart = this.at;
      } else if (c === '{' || c === '[') {
        this.stack.push(c);
        if (c === '[' && this.stack.length === 2 && this.lastKey === 'subjects' && this.subjectsDepth < 0) {
          this.subjectsDepth = 2;
          this.subjectsOpenedAt = this.at;
        } else if (c === '{' && this.subjectsDepth === 2 && this.stack.length === 3 && this.stack[1] === '[') this.objectStart = this.at;
      } else if (c === '}' || c === ']') {
        this.stack.pop();
        if (c === '}' && this.objectStart >= 0 && this.stack.length === 2) {
          out.push(s.slice(this.objectStart, this.at + 1));
          this.objectStart = -1;
        } else if (c === ']' && this.stack.length === 1 && this.subjectsDepth === 2) {
          this.subjectsDepth = -3; // closed; never reopened
        } else if (this.stack.length === 0) {
          this.rootEnd = this.at + 1;
        }
      } else if (c === ',' && this.stack.length === 1) {
        this.lastKey = null;
      }
    }
    return out;
  }

  /** The text before the subjects array opened (holds title and subtitle when written first), or null before. */
  head(): string | null {
    return this.subjectsOpenedAt >= 0 ? this.text.slice(this.rootStart, this.subjectsOpenedAt) : null;
  }

  /** The whole top-level object's text once closed, else the text from its start (to report it unparsable). */
  json(): string {
    if (this.rootStart < 0) return this.text;
    return this.text.slice(this.rootStart, this.rootEnd >= 0 ? this.rootEnd : undefined);
  }
}

const stringField = (head: string, key: string): string | null => {
  const m = new RegExp(`"${key}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`).exec(head);
  if (!m) return null;
  try {
    return JSON.parse(m[1]!) as string;
  } catch {
    return null;
  }
};

/** Title and subtitle from the head of the answer (what came before "subjects"), when both are whole. */
export function titleOf(head: string): { title: string; subtitle: string } | null {
  const title = stringField(head, 'title');
  return title ? { title, subtitle: stringField(head, 'subtitle') ?? '' } : null;
}
