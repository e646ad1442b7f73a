import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Bot, Check, CircleAlert, LoaderCircle, RotateCcw, Send, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { selectAskFailed, selectAsking, selectCanAsk } from '../../../machines/ai-conversation/ai-conversation.selectors';
import { AI_LIMITS } from '../../../schemas/ai/kinds';
import type { TAiMessage } from '../../../schemas/api/ai';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { cx } from '../../ui/cx';
import styles from './ai-analysis-styles';
import { chartOf, FindingCard } from './finding-card';
import type { useAiConversation } from './use-ai-conversation';

export const SUGGESTIONS = ['这份报告的主要发现是什么？', '哪些题目之间有显著差异？', '开放题里大家都在说什么？'];

/** Who wrote an assistant message: the built-in assistant, or the configured model (its name when known). */
const engineLabel = (message: TAiMessage, modelName: string | null) =>
  message.engine === 'model' ? (modelName ?? 'AI 模型') : message.engine === 'builtin' ? '内置助手' : null;

function Reply({ message, modelName }: { message: TAiMessage; modelName: string | null }) {
  const engine = engineLabel(message, modelName);
  return (
    <li className={cx(styles.message, styles.assistant)} data-testid="ai-reply">
      <span className={styles.avatar} aria-hidden>
        <Bot size={16} />
      </span>
      <div className={styles.bubbleColumn}>
        <div className={styles.bubble}>
          <p className={styles.text}>{message.text}</p>
          {message.findings.map((f, i) => (
            <FindingCard key={i} finding={f} chart={chartOf(f, message.charts)} compact />
          ))}
        </div>
        {engine ? <span className={styles.byline}>由{engine}回答</span> : null}
      </div>
    </li>
  );
}

function Question({ text }: { text: string }) {
  return (
    <li className={cx(styles.message, styles.user)} data-testid="ai-question">
      <div className={styles.bubble}>
        <p className={styles.text}>{text}</p>
      </div>
    </li>
  );
}

const SAVE_TEXT = { idle: null, saving: '保存中…', saved: '对话已保存', failed: '对话保存失败' } as const;

/** The conversation about the report: suggested questions, the messages with their findings and charts, the input. */
export function ConversationPanel({ conversation, modelName }: { conversation: ReturnType<typeof useAiConversation>; modelName: string | null }) {
  const { actor, messages, pending, streamText, error, errorCode, saveState, analysis, aiRemaining } = conversation;
  const asking = useSelector(actor, selectAsking);
  const failed = useSelector(actor, selectAskFailed);
  const canAsk = useSelector(actor, selectCanAsk);
  const [draft, setDraft] = useState('');
  const [confirmClear, setConfirmClear] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const box = list.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [messages.length, pending, streamText, failed]);

  const ask = (text: string) => {
    if (!canAsk || !text.trim()) return;
    actor.send({ type: 'conversation.ask', message: text });
    setDraft('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      ask(draft);
    }
  };
  const saveText = SAVE_TEXT[saveState];

  return (
    <section className={styles.chat} id="ai-chat" aria-labelledby="ai-chat-title">
      <header className={styles.chatHead}>
        <h2 id="ai-chat-title">向 AI 提问</h2>
        <div className={styles.chatTools}>
          {saveText ? (
            <span className={cx(styles.saveState, saveState === 'failed' && styles.saveFailed)} data-testid="ai-save-state">
              {saveState === 'saved' ? <Check size={14} aria-hidden /> : saveState === 'failed' ? <CircleAlert size={14} aria-hidden /> : null}
              {saveText}
            </span>
          ) : null}
          {messages.length > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => setConfirmClear(true)} disabled={!canAsk}>
              <Trash2 size={14} aria-hidden />
              清空对话
            </Button>
          ) : null}
        </div>
      </header>
      <ol className={styles.messages} ref={list} aria-live="polite" aria-label="对话记录" tabIndex={0}>
        <li className={cx(styles.message, styles.assistant)}>
          <span className={styles.avatar} aria-hidden>
            <Bot size={16} />
          </span>
          <div className={styles.bubble}>
            <p className={styles.text}>
              您好，我已读完这份报告{analysis ? `（${analysis.summary.sheetCount} 份有效答卷）` : ''}
              。您可以问我报告里的任何问题，比如哪个选项最多、不同人群的回答有没有差异。
            </p>
          </div>
        </li>
        {messages.map((m, i) => (m.role === 'user' ? <Question key={i} text={m.text} /> : <Reply key={i} message={m} modelName={modelName} />))}
        {pending ? <Question text={pending} /> : null}
        {asking ? (
          <li className={cx(styles.message, styles.assistant)} data-testid="ai-streaming">
            <span className={styles.avatar} aria-hidden>
              <Bot size={16} />
            </span>
            <div className={styles.bubble}>
              {streamText ? (
                <p className={styles.text}>{streamText}</p>
              ) : (
                <p className={styles.thinking}>
                  <LoaderCircle size={14} className={styles.spin} aria-hidden />
                  正在分析报告…
                </p>
              )}
            </div>
          </li>
        ) : null}
        {failed ? (
          <li className={cx(styles.message, styles.assistant)} role="alert">
            <span className={cx(styles.avatar, styles.avatarError)} aria-hidden>
              <CircleAlert size={16} />
            </span>
            <div className={cx(styles.bubble, styles.errorBubble)}>
              <p className={styles.text}>{error ?? '系统处理出错'}</p>
              <div className={styles.errorActions}>
                <Button size="sm" onClick={() => actor.send({ type: 'conversation.retry' })}>
                  <RotateCcw size={14} aria-hidden />
                  重新提问
                </Button>
                {/* 409: no AI counts left — the model answers only with counts bought. */}
                {errorCode === '409' ? (
                  <Button size="sm" variant="primary" asChild>
                    <Link to="/buyAI.html">购买 AI 次数</Link>
                  </Button>
                ) : null}
              </div>
            </div>
          </li>
        ) : null}
      </ol>
      <div className={styles.suggestions} aria-label="推荐问题" role="group">
        {SUGGESTIONS.map((s) => (
          <button key={s} type="button" className={styles.suggestion} onClick={() => ask(s)} disabled={!canAsk}>
            {s}
          </button>
        ))}
      </div>
      <form className={styles.composer} onSubmit={submit}>
        <textarea
          className={styles.input}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={AI_LIMITS.messageMax}
          rows={2}
          aria-label="输入您的问题"
          placeholder="问问这份报告，例如：哪个选项最多？"
        />
        <div className={styles.composerBar}>
          <span className={styles.counter}>
            {draft.length}/{AI_LIMITS.messageMax}
            {aiRemaining !== null ? <span data-testid="ai-remaining"> · 剩余 AI 次数 {aiRemaining}</span> : null}
          </span>
          <Button type="submit" variant="primary" size="sm" disabled={!canAsk || !draft.trim()}>
            {asking ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <Send size={14} aria-hidden />}
            {asking ? '回答中' : '发送'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmClear}
        title="清空对话"
        message="清空后，这份报告的对话记录将被删除且无法恢复。"
        confirmLabel="清空"
        cancelLabel="取消"
        tone="danger"
        onConfirm={() => {
          setConfirmClear(false);
          actor.send({ type: 'conversation.clear' });
        }}
        onCancel={() => setConfirmClear(false)}
      />
    </section>
  );
}
