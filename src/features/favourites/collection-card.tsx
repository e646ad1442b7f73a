import { Link } from '@tanstack/react-router';
import { LoaderCircle, Star, UserRound, Vote } from 'lucide-react';
import type { CSSProperties } from 'react';
import type { TCollection } from '../../../schemas/api/vote-extras-models';
import { kindOfType } from '../../app/kinds';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import styles from './favourites-styles';

/** Where a favourite opens: a template's detail page, or the public vote page (a player's own card there). */
export function collectionHref(item: TCollection): string {
  if (item.kind === 'template') return `/template/detail.html?questionId=${encodeURIComponent(item.questionId ?? '')}`;
  const vote = `/v/${encodeURIComponent(item.voteId ?? '')}`;
  return item.kind === 'player' ? `${vote}?playerId=${encodeURIComponent(item.playerId ?? '')}` : vote;
}

function Cover({ item }: { item: TCollection }) {
  if (item.cover) return <img className={styles.coverImage} src={item.cover} alt="" loading="lazy" />;
  const kind = item.kind === 'template' ? kindOfType(item.questionType ?? undefined) : undefined;
  const Icon = kind?.icon ?? (item.kind === 'player' ? UserRound : Vote);
  return (
    <span className={styles.coverIcon} style={kind ? ({ '--kind-color': kind.color } as CSSProperties) : undefined} aria-hidden>
      <Icon size={26} />
    </span>
  );
}

/** What the line under the title says: the template's kind, or the vote a player stands in. */
function subtitle(item: TCollection): string {
  if (item.kind === 'template') return `${kindOfType(item.questionType ?? undefined)?.name ?? ''}模板`;
  if (item.kind === 'player') return `投票：${item.voteTitle ?? ''}`;
  return '投票活动';
}

export interface TCollectionCardProps {
  item: TCollection;
  cancelling: boolean;
  onCancel: () => void;
}

/** One favourite: cover, name, what it is, when it was starred, 打开 and 取消收藏. */
export function CollectionCard({ item, cancelling, onCancel }: TCollectionCardProps) {
  const href = collectionHref(item);
  const open =
    item.kind === 'template' ? (
      <Link to="/template/detail.html" search={{ questionId: item.questionId ?? '' }}>
        打开
      </Link>
    ) : (
      <a href={href}>打开</a>
    );
  return (
    <li className={styles.card}>
      <div className={styles.cover}>
        <Cover item={item} />
      </div>
      <div className={styles.body}>
        <h3 className={styles.cardTitle} title={item.title}>
          {item.title}
        </h3>
        <p className={styles.cardMeta}>{subtitle(item)}</p>
        <p className={styles.cardTime}>收藏于 {formatDateTime(item.createTime)}</p>
        <div className={styles.cardActions}>
          <Button size="sm" variant="primary" asChild>
            {open}
          </Button>
          <Button size="sm" variant="ghost" onClick={onCancel} disabled={cancelling} aria-label={`取消收藏：${item.title}`}>
            {cancelling ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <Star size={14} aria-hidden fill="currentColor" />}
            取消收藏
          </Button>
        </div>
      </div>
    </li>
  );
}
