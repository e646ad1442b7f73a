import { ChartPie, Gauge, MessageSquareHeart, SlidersHorizontal, Star, ThumbsUp } from 'lucide-react';
import { plainOf } from '../../ui/rich-text/sanitize';
import { labelledLines, pointLabels } from '../fields';
import styles from '../preview.module.css';
import { BlankLines, Box, Points } from '../preview-parts';
import type { Look } from './look-types';

// 评分题: points, stars, a slider, shares of a total, an evaluation.

const Stars = ({ count, size }: { count: number; size: number }) => Array.from({ length: count }, (_, i) => <Star key={i} size={size} aria-hidden />);

export const scale: Look<'scale'> = {
  icon: Gauge,
  palette: { group: '评分题', at: 0 },
  Preview: ({ subject }) => (
    <Points from={subject.start} count={subject.points} minLabel={subject.minLabel} maxLabel={subject.maxLabel} labels={subject.labels} />
  ),
  fields: (ctx) => [pointLabels(ctx)],
};

export const nps: Look<'nps'> = {
  icon: ThumbsUp,
  palette: { group: '评分题', at: 1 },
  Preview: ({ subject }) => <Points from={0} count={11} minLabel={subject.minLabel} maxLabel={subject.maxLabel} />,
};

export const rating: Look<'rating'> = {
  icon: Star,
  palette: { group: '评分题', at: 2 },
  Preview: ({ subject }) => (
    <div className={styles.stars} role="img" aria-label={`${subject.stars}星评分`}>
      <Stars count={subject.stars} size={24} />
    </div>
  ),
};

export const slider: Look<'slider'> = {
  icon: SlidersHorizontal,
  palette: { group: '评分题', at: 3 },
  Preview: ({ subject }) => (
    <div className={styles.slider}>
      <div className={styles.track}>
        <span className={styles.thumb} />
      </div>
      <div className={styles.scaleLabels}>
        <span>{subject.minLabel || subject.min}</span>
        <span>{subject.maxLabel || subject.max}</span>
      </div>
    </div>
  ),
};

export const constantSum: Look<'constantSum'> = {
  icon: ChartPie,
  palette: { group: '评分题', at: 4 },
  Preview: ({ subject }) => (
    <BlankLines lines={subject.items.map((item) => ({ uuid: item.uuid, label: plainOf(item.title) }))} note={`合计须等于 ${subject.total}`} />
  ),
};

export const evaluation: Look<'evaluation'> = {
  icon: MessageSquareHeart,
  palette: { group: '评分题', at: 5 },
  Preview: ({ subject }) => (
    <div className={styles.slots}>
      <div className={styles.stars}>
        <Stars count={subject.maxScore} size={22} />
      </div>
      {subject.labels.length ? (
        <div className={styles.inline}>
          {subject.labels.map((label) => (
            <span key={label.uuid} className={styles.chip}>
              {label.title}
            </span>
          ))}
        </div>
      ) : null}
      {subject.allowComment ? <Box tall>说说您的评价</Box> : null}
    </div>
  ),
  fields: (ctx) => [labelledLines(ctx, 'labels', '评价标签')],
};
