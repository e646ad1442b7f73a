import type { TPillTone } from '../../ui/status-pill';
import { SPACE_KIND_NAMES } from '../../../schemas/coins/space';

export const kindName = (questionType: number) => SPACE_KIND_NAMES[questionType] ?? '问卷';
export const KIND_FILTERS = [{ value: 0, label: '全部类型' }, ...Object.entries(SPACE_KIND_NAMES).map(([value, label]) => ({ value: Number(value), label }))];
export const SORTS = [
  { value: 'reward', label: '奖励最高' },
  { value: 'new', label: '最新' },
  { value: 'short', label: '用时最短' },
] as const;
export const RELEASE_STATES: Record<string, { label: string; tone: TPillTone }> = {
  open: { label: '进行中', tone: 'success' },
  closed: { label: '已结束', tone: 'muted' },
};
export const ANSWER_STATES: Record<string, { label: string; tone: TPillTone }> = {
  paid: { label: '已获奖励', tone: 'success' },
  refused: { label: '未获奖励', tone: 'muted' },
};

/** The pager's words (zh-CN). */
export const pagerWords = (total: number) => ({ totalLabel: `共 ${total} 条`, label: '分页', previousLabel: '上一页', nextLabel: '下一页' });
