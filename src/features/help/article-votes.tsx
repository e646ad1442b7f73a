import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import type { TArticleDetail, TVoteResult } from '../../../schemas/api/article';
import { articleKeys, voteArticle } from '../../api/article';
import { Button } from '../../ui';
import { cx } from '../../ui/cx';
import { HELP } from './help-texts';
import styles from './help.module.css';
import { rememberedVote, rememberVote, visitorId } from './visitor-id';

/** 有用 / 没用 under an article: the counts the server answers, the visitor's own choice marked. `opened` is how the page asked for it (id or slug). */
export function ArticleVotes({ article, opened }: { article: TArticleDetail; opened: number | string }) {
  const client = useQueryClient();
  const [voted, setVoted] = useState(() => rememberedVote(article.articleId));
  const [note, setNote] = useState<string | null>(null);
  const vote = useMutation({
    mutationFn: (useful: boolean) => voteArticle(article.articleId, useful, visitorId()),
    onSuccess: (result: TVoteResult) => {
      rememberVote(article.articleId, result.voted);
      setVoted(result.voted);
      setNote(result.counted ? HELP.voteThanks : HELP.voteAlready);
      client.setQueryData(articleKeys.detail(opened), { ...article, usefulCount: result.usefulCount, uselessCount: result.uselessCount });
    },
    onError: () => setNote(HELP.voteFailed),
  });
  const button = (useful: boolean) => {
    const mine = voted === (useful ? 'useful' : 'useless');
    return (
      <Button
        aria-pressed={mine}
        className={cx(styles.voteButton, mine && styles.voteMine)}
        disabled={vote.isPending || voted !== null}
        onClick={() => vote.mutate(useful)}
      >
        {useful ? <ThumbsUp size={16} aria-hidden /> : <ThumbsDown size={16} aria-hidden />}
        {useful ? HELP.useful : HELP.useless}
        <span data-testid={useful ? 'useful-count' : 'useless-count'}>{useful ? article.usefulCount : article.uselessCount}</span>
      </Button>
    );
  };
  return (
    <section className={styles.votes} aria-labelledby="help-vote">
      <p id="help-vote">{HELP.voteAsk}</p>
      <div className={styles.voteButtons}>
        {button(true)}
        {button(false)}
      </div>
      <p role="status" className={styles.voteNote}>
        {note}
      </p>
    </section>
  );
}
