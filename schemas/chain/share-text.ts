import { formatProjectTime } from '../project-time';

/**
 * 复制接龙文本 (issue 47 item 3): the chain as the numbered text people paste into a WeChat group, and the
 * organiser's pick-up summary of a group-buy the same way. Pure: the phone page, the organiser's screen and
 * the tests build the same text.
 */

export interface TChainTextEntry {
  name: string;
  people: number;
  answer: string;
}

export interface TChainTextInput {
  title: string;
  /** ISO time, or null when the chain stays open until closed. */
  deadline: string | null;
  /** Joined entries in number order, then the waitlist in arrival order. */
  joined: readonly TChainTextEntry[];
  waiting: readonly TChainTextEntry[];
  /** The page's link (the last line, so a tap in the group opens it). */
  link: string;
}

/** "2026-12-05 18:00" in the project's zone. */
const minuteOf = (iso: string): string => formatProjectTime(iso).slice(0, 16);

const entryLine = (e: TChainTextEntry, i: number): string => {
  const people = e.people > 1 ? `（${e.people}人）` : '';
  const answer = e.answer.trim() ? ` ${e.answer.trim().replace(/\s+/g, ' ')}` : '';
  return `${i + 1}. ${e.name}${people}${answer}`;
};

/** #接龙, title, deadline, 1. 张三 2. 李四 …, the waitlist numbered on its own, and the link. */
export function chainShareText(input: TChainTextInput): string {
  const lines = ['#接龙', input.title.trim()];
  if (input.deadline) lines.push(`截止时间：${minuteOf(input.deadline)}`);
  lines.push('');
  if (input.joined.length) lines.push(...input.joined.map(entryLine));
  else lines.push('（还没有人接龙）');
  if (input.waiting.length) lines.push('', `候补（${input.waiting.length}）`, ...input.waiting.map(entryLine));
  lines.push('', `接龙链接：${input.link}`);
  return lines.join('\n');
}

export interface TPickupOrder {
  seq: number;
  name: string;
  phone: string;
  /** The pick-up point's title ('' when none was chosen). */
  point: string;
  lines: readonly { title: string; spec: string; quantity: number }[];
  /** The order's state: only orders whose units are handed out are listed (not closed, refunding or refunded). */
  state: string;
}

const COUNTING = new Set(['created', 'paid', 'shipped', 'collected', 'done']);
const STATE_MARK: Record<string, string> = { created: '未付', collected: '已取', done: '已取' };

const itemName = (l: { title: string; spec: string }): string => `${l.title}${l.spec ? `(${l.spec})` : ''}`;
const itemsOf = (o: TPickupOrder): string => o.lines.map((l) => `${itemName(l)}×${l.quantity}`).join('、');
const tailOf = (phone: string): string => (phone.length >= 4 ? ` 尾号${phone.slice(-4)}` : '');

/**
 * 自提汇总: per pick-up point (in the order given, '未选自提点' last) its orders numbered 1…n with the name, the
 * phone's last four digits, the items and 未付 / 已取 marks; then what to hand out in all. Closed and refunded
 * orders are left out.
 */
export function pickupSummaryText(input: { title: string; points: readonly string[]; orders: readonly TPickupOrder[] }): string {
  const live = input.orders.filter((o) => COUNTING.has(o.state));
  const known = new Set(input.points);
  const groups = [...input.points, ...(live.some((o) => !o.point || !known.has(o.point)) ? [''] : [])];
  const lines = [`#团购自提 ${input.title.trim()}`, `共 ${live.length} 单`];
  for (const point of groups) {
    const here = live.filter((o) => (point ? o.point === point : !o.point || !known.has(o.point))).sort((a, b) => a.seq - b.seq);
    if (!here.length) continue;
    lines.push('', `【${point || '未选自提点'}】${here.length} 单`);
    here.forEach((o, i) => {
      const mark = STATE_MARK[o.state] ? ` [${STATE_MARK[o.state]}]` : '';
      lines.push(`${i + 1}. ${o.name}${tailOf(o.phone)} ${itemsOf(o)}${mark}`);
    });
  }
  const totals = new Map<string, number>();
  for (const o of live)
    for (const l of o.lines) {
      const key = itemName(l);
      totals.set(key, (totals.get(key) ?? 0) + l.quantity);
    }
  if (totals.size) lines.push('', '合计', ...[...totals].map(([k, n]) => `${k}×${n}`));
  return lines.join('\n');
}
