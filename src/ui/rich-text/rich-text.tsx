import { Bold, Italic, Quote, RemoveFormatting, Underline } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from '../cx';
import { cleanHtml } from './sanitize';
import styles from './rich-text.module.css';

const COLORS = ['#1f2329', '#f53f3f', '#ff7d00', '#00b42a', '#1f6feb', '#7a5af8'];

export interface TRichTextProps {
  value: string;
  onCommit: (html: string) => void;
  label: string;
  placeholder?: string;
  /** Enter ends the edit instead of starting a new line. */
  singleLine?: boolean;
  className?: string;
  autoFocus?: boolean;
  /**
   * Piping: the answers this field may quote (read when 插入引用 opens). Choosing one inserts its
   * placeholder (`{{Q3}}`) at the caret.
   */
  references?: () => { token: string; label: string }[];
}

/** What the browser produced, cleaned; '' when only whitespace and line breaks are left. */
function cleaned(element: HTMLElement): string {
  const html = cleanHtml(element.innerHTML);
  return element.textContent?.trim() || /<img/i.test(html) ? html : '';
}

/** Text at the caret when it is inside `element`, else at the end; the caret then follows the text. */
function insertAtCaret(element: HTMLElement, text: string): void {
  const selection = window.getSelection();
  const node = document.createTextNode(text);
  const range = selection && selection.rangeCount ? selection.getRangeAt(0) : null;
  if (range && element.contains(range.commonAncestorContainer)) {
    range.deleteContents();
    range.insertNode(node);
  } else {
    element.append(node);
  }
  const after = document.createRange();
  after.setStartAfter(node);
  after.collapse(true);
  selection?.removeAllRanges();
  selection?.addRange(after);
}

/**
 * A small rich-text field: bold, italic, underline and colour on a contentEditable, cleaned with DOMPurify
 * and the shared allow-list. It is uncontrolled while focused and commits once, on blur.
 */
export function RichText({ value, onCommit, label, placeholder, singleLine, className, autoFocus, references }: TRichTextProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(false);
  const [picking, setPicking] = useState<{ token: string; label: string }[] | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (element && document.activeElement !== element) element.innerHTML = cleanHtml(value);
  }, [value]);

  useEffect(() => {
    if (!autoFocus || !ref.current) return;
    const element = ref.current;
    element.focus();
    const range = document.createRange();
    range.selectNodeContents(element);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }, [autoFocus]);

  const format = (command: string, argument?: string) => {
    document.execCommand('styleWithCSS', false, 'true');
    document.execCommand(command, false, argument);
    ref.current?.focus();
  };

  const insertReference = (token: string) => {
    setPicking(null);
    if (ref.current) insertAtCaret(ref.current, token);
  };

  const commit = () => {
    setFocused(false);
    setPicking(null);
    const element = ref.current;
    if (!element) return;
    const html = cleaned(element);
    if (html !== cleanHtml(value)) onCommit(html);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && picking) {
      event.preventDefault();
      setPicking(null);
      return;
    }
    if (event.key === 'Enter' && singleLine) {
      event.preventDefault();
      ref.current?.blur();
    }
    if (event.key === 'Escape') {
      if (ref.current) ref.current.innerHTML = cleanHtml(value);
      ref.current?.blur();
    }
  };

  return (
    <div className={cx(styles.wrap, focused && styles.focused, className)}>
      {focused ? (
        <div className={styles.toolbar} role="toolbar" aria-label="文字格式" onMouseDown={(event) => event.preventDefault()}>
          <button type="button" onClick={() => format('bold')} aria-label="加粗" title="加粗">
            <Bold size={14} aria-hidden />
          </button>
          <button type="button" onClick={() => format('italic')} aria-label="倾斜" title="倾斜">
            <Italic size={14} aria-hidden />
          </button>
          <button type="button" onClick={() => format('underline')} aria-label="下划线" title="下划线">
            <Underline size={14} aria-hidden />
          </button>
          <span className={styles.sep} aria-hidden />
          {COLORS.map((color) => (
            <button
              key={color}
              type="button"
              className={styles.swatch}
              style={{ color }}
              onClick={() => format('foreColor', color)}
              aria-label={`文字颜色 ${color}`}
              title="文字颜色"
            >
              <span style={{ background: color }} />
            </button>
          ))}
          <span className={styles.sep} aria-hidden />
          <button type="button" onClick={() => format('removeFormat')} aria-label="清除格式" title="清除格式">
            <RemoveFormatting size={14} aria-hidden />
          </button>
          {references ? (
            <>
              <span className={styles.sep} aria-hidden />
              <button
                type="button"
                className={styles.textButton}
                aria-expanded={picking !== null}
                title="引用前面题目的答案"
                onClick={() => setPicking(picking ? null : references())}
              >
                <Quote size={13} aria-hidden />
                插入引用
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      <div
        ref={ref}
        className={styles.editable}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline={!singleLine}
        aria-label={label}
        data-placeholder={placeholder}
        tabIndex={0}
        onFocus={() => setFocused(true)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        onPaste={(event) => {
          // Pasted text arrives plain: formatting from other pages is not worth its markup.
          event.preventDefault();
          document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
        }}
      />
      {focused && picking ? (
        // Under the field, keeping the focus (and the caret) in it while a question is chosen.
        <div className={styles.refMenu} role="group" aria-label="选择要引用的题目" onMouseDown={(event) => event.preventDefault()}>
          {picking.length ? (
            picking.map((item) => (
              <button key={item.token} type="button" onClick={() => insertReference(item.token)}>
                <code>{item.token}</code>
                <span>{item.label}</span>
              </button>
            ))
          ) : (
            <p className={styles.refEmpty}>只能引用本题之前的题目，前面还没有题目</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
