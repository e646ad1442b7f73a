import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ARTICLE_MESSAGES, FEEDBACK_MAX } from '../../../schemas/api/article';
import { sendFeedback } from '../../api/article';
import { Button } from '../../ui';
import { HELP } from './help-texts';
import styles from './help.module.css';

const errorText = (error: Error) => error.message.replace(/^\w+: /, '');

/** 意见反馈 about one article (or the centre when `articleId` is absent). */
export function FeedbackForm({ articleId }: { articleId?: number }) {
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => sendFeedback({ articleId, content: content.trim(), contact: contact.trim() }),
    onSuccess: () => (setContent(''), setContact(''), setProblem(null)),
    onError: (error: Error) => setProblem(errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim().length < 5) return setProblem(HELP.feedbackShort);
    send.mutate();
  };
  return (
    <section className={styles.card} aria-labelledby="help-feedback">
      <h2 id="help-feedback" className={styles.cardTitle}>
        {HELP.feedbackTitle}
      </h2>
      <p className={styles.summary}>{HELP.feedbackLead}</p>
      <form className={styles.feedback} onSubmit={submit} noValidate>
        <label>
          <span>{HELP.feedbackContent}</span>
          <textarea
            value={content}
            maxLength={FEEDBACK_MAX}
            rows={4}
            placeholder={HELP.feedbackPlaceholder}
            onChange={(e) => setContent(e.target.value)}
            aria-invalid={problem ? true : undefined}
          />
        </label>
        <label>
          <span>{HELP.feedbackContact}</span>
          <input value={contact} maxLength={50} placeholder={HELP.feedbackContactPlaceholder} onChange={(e) => setContact(e.target.value)} />
        </label>
        {problem ? (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        ) : null}
        {send.isSuccess && !problem ? (
          <p role="status" className={styles.sent}>
            {ARTICLE_MESSAGES.feedbackSaved}
          </p>
        ) : null}
        <Button type="submit" variant="primary" disabled={send.isPending}>
          {send.isPending ? HELP.feedbackSending : HELP.feedbackSend}
        </Button>
      </form>
    </section>
  );
}
