import { useState } from 'react';
import { Clock3, ListChecks, UserRound } from 'lucide-react';
import type { TSpaceItem } from '../../../schemas/api/coins';
import { spaceListQuery, type TSpaceSort } from '../../api/space';
import { Button } from '../../ui/button';
import chip from '../../ui/chip.module.css';
import { cx } from '../../ui/cx';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { usePagedList } from '../../ui/use-paged-list';
import styles from './mutual-styles';
import { KIND_FILTERS, kindName, pagerWords, SORTS } from './space-words';

/** 互助答题: the releases to answer, by reward, newest or shortest, one kind or all; answered and own ones marked. */
export function SpaceListTab({ coinName }: { coinName: string }) {
  const [sort, setSort] = useState<TSpaceSort>('reward');
  const [kind, setKind] = useState(0);
  const list = usePagedList((page, size) => spaceListQuery(sort, kind, page, size), 10);
  return (
    <div className={styles.tab}>
      <div className={styles.filters}>
        <div className={styles.chips} role="group" aria-label="排序">
          {SORTS.map((s) => (
            <button
              key={s.value}
              type="button"
              className={cx(chip.chip, sort === s.value && chip.chipOn)}
              aria-pressed={sort === s.value}
              onClick={() => list.refilter(setSort)(s.value)}
            >
              {s.label}
            </button>
          ))}
        </div>
        <label className={styles.kind}>
          <span className="visually-hidden">项目类型</span>
          <select value={kind} onChange={(e) => list.refilter(setKind)(Number(e.target.value))} aria-label="项目类型">
            {KIND_FILTERS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.loading ? (
        <LoadingState compact />
      ) : list.failed ? (
        <ErrorState
          compact
          title="互助问卷加载失败"
          description={list.query.error?.message}
          actions={<Button onClick={() => void list.query.refetch()}>重试</Button>}
        />
      ) : list.list.length === 0 ? (
        <EmptyState compact title="暂时没有可答的问卷" description={`稍后再来看看，或发布自己的问卷，用${coinName}换来答卷。`} />
      ) : (
        <>
          <ul className={styles.cards}>
            {list.list.map((item) => (
              <SpaceCard key={item.releaseId} item={item} coinName={coinName} />
            ))}
          </ul>
          <Pager {...list.pager} {...pagerWords(list.total)} />
        </>
      )}
    </div>
  );
}

function SpaceCard({ item, coinName }: { item: TSpaceItem; coinName: string }) {
  return (
    <li className={styles.card} data-testid="space-item">
      <div className={styles.cardMain}>
        <div className={styles.cardTitleRow}>
          <span className={styles.kindTag}>{kindName(item.questionType)}</span>
          <h3 className={styles.cardTitle}>{item.title || '未命名项目'}</h3>
        </div>
        <p className={styles.facts}>
          <span>
            <ListChecks size={14} aria-hidden /> {item.subjectCount} 题
          </span>
          <span>
            <Clock3 size={14} aria-hidden /> 预计 {item.minutes} 分钟
          </span>
          <span>
            <UserRound size={14} aria-hidden /> {item.releaser}
          </span>
          <span>剩余 {item.remaining} 份奖励</span>
        </p>
      </div>
      <div className={styles.cardSide}>
        <span className={styles.reward} aria-label={`每份奖励 ${item.reward} ${coinName}`}>
          +{item.reward} <small>{coinName}</small>
        </span>
        {item.mine ? (
          <span className={styles.mark} title="自己发布的问卷不能获得奖励">
            我发布的
          </span>
        ) : item.answered ? (
          <span className={styles.mark}>已答过</span>
        ) : (
          <Button asChild variant="primary" size="sm">
            <a href={`/s/${item.questionId}?space=${encodeURIComponent(item.releaseId)}`}>去答题</a>
          </Button>
        )}
      </div>
    </li>
  );
}
