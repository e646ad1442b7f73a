// Text import (/textImport.html): a questionnaire pasted from Word or another survey site becomes subjects.
// Two passes: lines are grouped into drafts (question, paragraph, section heading, page break) using the
// document's shape, then each draft becomes a subject built by the registry's `create`. Never throws;
// whatever cannot be read becomes a warning with its line number.
import { newUuid } from '../subjects/base';
import type { TSubject } from '../subjects/registry';
import { classifyLine, optionTexts, splitInlineOptions, type LineKind } from './lines';
import { hasTypeMarker, mergeMarkers, type Markers } from './markers';
import { buildSubjects, takesOptionLines, type Draft, type QuestionDraft } from './build';
import type { TextImportWarning } from './warning';

export type { TextImportWarning };

export interface TextImportResult {
  title: string | null;
  subjects: TSubject[];
  warnings: TextImportWarning[];
}

export interface TextImportOptions {
  /** Id source for subjects and options (tests pass a counter). */
  newId?: () => string;
}

interface Line {
  no: number;
  kind: LineKind;
}

const ENDS_AS_QUESTION = /[？?]\s*\*?$/;
const ENDS_AS_SENTENCE = /[。！!…]$/;
const ENDS_AS_LABEL = /[？?:：]$/;
const BLANK_RUN = /_{2,}|＿{2,}/;
const WRAPPED = /^[（(][^（）()]*[)）]$/;

export function parseQuestionnaireText(text: string, options: TextImportOptions = {}): TextImportResult {
  const warnings: TextImportWarning[] = [];
  try {
    const lines = String(text ?? '')
      .split(/\r\n|\r|\n/)
      .map((raw, i) => ({ no: i + 1, kind: classifyLine(raw) }));
    const { title, drafts } = new Grouper(lines, warnings).run();
    const subjects = buildSubjects(drafts, options.newId ?? newUuid, warnings);
    return { title, subjects, warnings };
  } catch (error) {
    warnings.push({ line: 0, message: `无法解析文本：${error instanceof Error ? error.message : String(error)}` });
    return { title: null, subjects: [], warnings };
  }
}

/** Walks the lines once, keeping the question being written. */
class Grouper {
  private readonly drafts: Draft[] = [];
  private current: QuestionDraft | undefined;
  /** The paragraph being written (intro text or a [段落] block). */
  private paragraph: { line: number; lines: string[] } | undefined;
  private afterBlank = false;
  /** Any numbered stem in the text: plain lines are then options or prose, never questions. */
  private readonly numbered: boolean;

  constructor(
    private readonly lines: readonly Line[],
    private readonly warnings: TextImportWarning[],
  ) {
    this.numbered = lines.some((l) => l.kind.kind === 'stem');
  }

  run(): { title: string | null; drafts: Draft[] } {
    const titleAt = this.findTitle();
    for (const line of this.lines) {
      if (line.no === titleAt) continue;
      this.take(line);
      this.afterBlank = line.kind.kind === 'blank';
    }
    this.closeParagraph();
    const title = titleAt === undefined ? null : (this.lines[titleAt - 1]!.kind as { text: string }).text;
    return { title, drafts: this.drafts };
  }

  private warn(line: number, message: string) {
    this.warnings.push({ line, message });
  }

  /** The first non-blank line is the title when it reads like one and not like a question. */
  private findTitle(): number | undefined {
    const filled = this.lines.filter((l) => l.kind.kind !== 'blank');
    const first = filled[0];
    if (!first || first.kind.kind !== 'plain') return undefined;
    const k = first.kind;
    if (hasTypeMarker(k.markers) || ENDS_AS_LABEL.test(k.text) || BLANK_RUN.test(k.text) || k.text.length > 100) return undefined;
    if (splitInlineOptions(k.text)) return undefined;
    const next = filled[1];
    if (!next) return first.no;
    if (next.kind.kind === 'option') return undefined;
    if (this.numbered) return first.no;
    // Without numbering, "问卷标题 / 您的性别？ / 男 / 女" and "您的性别 / 男 / 女" differ only by what follows.
    if (next.no > first.no + 1 || next.kind.kind !== 'plain') return first.no;
    return this.startsQuestion(next.kind) || this.isProse(next.kind.text) ? first.no : undefined;
  }

  private startsQuestion(k: Extract<LineKind, { kind: 'plain' }>): boolean {
    return hasTypeMarker(k.markers) || k.markers.required !== undefined || ENDS_AS_QUESTION.test(k.text);
  }

  private isProse(text: string): boolean {
    return ENDS_AS_SENTENCE.test(text) || text.length > 40;
  }

  private take(line: Line): void {
    const k = line.kind;
    switch (k.kind) {
      case 'blank':
        this.closeParagraph();
        // Without numbering a blank line ends the question; with numbering options may follow a blank.
        if (!this.numbered) this.current = undefined;
        return;
      case 'rule':
        return;
      case 'pageBreak':
        this.push({ kind: 'pageBreak', line: line.no });
        return;
      case 'section':
        this.push({ kind: 'section', line: line.no, text: k.text });
        return;
      case 'paragraph':
        this.closeParagraph();
        this.current = undefined;
        this.paragraph = { line: line.no, lines: k.text ? [k.text] : [] };
        return;
      case 'stem':
        this.reportUnknown(line.no, k.unknown);
        this.startQuestion(line.no, k.text, k.markers);
        return;
      case 'markers':
        this.reportUnknown(line.no, k.unknown);
        if (this.current) mergeMarkers(this.current.markers, k.markers);
        else this.warn(line.no, '标记前没有题目，已忽略');
        return;
      case 'option':
        this.takeOption(line.no, k.text);
        return;
      case 'plain':
        this.reportUnknown(line.no, k.unknown);
        this.takePlain(line.no, k);
    }
  }

  private reportUnknown(line: number, unknown: readonly string[]) {
    for (const word of unknown) this.warn(line, `不支持的标记“${word}”，已忽略`);
  }

  private push(draft: Draft) {
    this.closeParagraph();
    this.current = undefined;
    this.drafts.push(draft);
  }

  private closeParagraph() {
    if (this.paragraph) {
      this.drafts.push({ kind: 'paragraph', line: this.paragraph.line, lines: this.paragraph.lines });
      this.paragraph = undefined;
    }
  }

  private startQuestion(line: number, text: string, markers: Markers) {
    this.closeParagraph();
    const inline = splitInlineOptions(text);
    const stem = inline ? inline.head.replace(/[:：]\s*$/, '') : text;
    const draft: QuestionDraft = { kind: 'question', line, text: stem, markers, options: [], descriptions: [] };
    if (inline) draft.options.push(...inline.options.map((t) => ({ line, text: t })));
    this.drafts.push(draft);
    this.current = draft;
  }

  private takeOption(line: number, text: string) {
    this.closeParagraph();
    if (!this.current) {
      this.warn(line, '选项前没有题目，已忽略');
      return;
    }
    this.current.options.push(...optionTexts(text).map((t) => ({ line, text: t })));
  }

  private takePlain(line: number, k: Extract<LineKind, { kind: 'plain' }>) {
    const explicit = hasTypeMarker(k.markers) || k.markers.required !== undefined;
    const opensQuestion = explicit || (!this.numbered && this.startsQuestion(k));
    if (this.paragraph && !opensQuestion) {
      this.paragraph.lines.push(k.text);
      return;
    }
    const q = this.current;
    if (!q || explicit) {
      // With numbering, unnumbered text outside a question is prose unless a marker says otherwise.
      if (opensQuestion || (!this.numbered && !this.isProse(k.text))) this.startQuestion(line, k.text, k.markers);
      else this.paragraph = { line, lines: [k.text] };
      return;
    }
    if (WRAPPED.test(k.text) && q.options.length === 0) {
      q.descriptions.push(k.text.slice(1, -1).trim());
      return;
    }
    const takesOptions = acceptsOptionLines(q.markers);
    if (!this.numbered && (opensQuestion || !takesOptions)) {
      this.startQuestion(line, k.text, k.markers);
      return;
    }
    if (this.afterBlank && this.isProse(k.text) && !/^其[他它]/.test(k.text)) {
      this.current = undefined;
      this.paragraph = { line, lines: [k.text] };
      return;
    }
    if (!takesOptions) {
      this.warn(line, '无法识别这一行（该题型不需要选项），已忽略');
      return;
    }
    q.options.push(...optionTexts(k.text).map((t) => ({ line, text: t })));
  }
}

/** Questions whose following plain lines are options (or scale labels). */
function acceptsOptionLines(m: Markers): boolean {
  return m.subjectType === undefined || takesOptionLines(m.subjectType);
}
