import { Link } from '@tanstack/react-router';
import { LoaderCircle, PencilLine, Send } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../ui/button';
import styles from './quick-styles';
import type { TChainQuickStart } from './use-chain-quick-start';

export const FULL_CREATE = '/questionnaire/createSolitaire.html';

interface Props {
  heading: string;
  lead: string;
  /** The form's accessible name. */
  label: string;
  chain: TChainQuickStart;
  /** The submit button's words when idle (发布接龙, 发布打卡 …, or 下一步 on a first screen). */
  submitLabel: string;
  /** A message of the screen's own (a first screen's check), shown where the machine's are. */
  problem?: string | null;
  onSubmit: () => void;
  /** Above the form (a group-buy's step line). */
  top?: ReactNode;
  children: ReactNode;
}

/**
 * The frame every quick chain screen shares (issue 47 item 5): heading, the form card with its fields, the message,
 * the publish button saying the running step, 完整编辑 one tap away, and the creation limit dialog.
 */
export function QuickStartFrame({ heading, lead, label, chain, submitLabel, problem, onSubmit, top, children }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const message = problem ?? chain.error;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1>{heading}</h1>
        <p>{lead}</p>
      </header>
      {top}
      <form className={styles.card} onSubmit={submit} noValidate aria-label={label}>
        {children}
        {message ? (
          <p className={styles.error} role="alert">
            {message}
          </p>
        ) : null}
        <Button type="submit" variant="primary" size="lg" block disabled={chain.busy}>
          {chain.busy ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : <Send size={16} aria-hidden />}
          {chain.step ?? submitLabel}
        </Button>
      </form>
      <p className={styles.more}>
        需要更多题目或设置？
        <Link to={FULL_CREATE}>
          <PencilLine size={14} aria-hidden />
          完整编辑
        </Link>
      </p>
      {chain.dialog}
    </div>
  );
}
