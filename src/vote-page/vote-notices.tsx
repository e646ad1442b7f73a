import { RichText as Html } from '../respond/rich-text';
import { windowPhase } from './countdown';
import type { TVoteView } from './model';

/** Why votes cannot be cast now (the buttons say it), or null while voting is open. */
export function closedText(vote: TVoteView, now = Date.now()): string | null {
  if (vote.status === 'suspended') return '投票已暂停';
  if (vote.status === 'draft') return '尚未发布';
  const phase = vote.status === 'ended' ? 'after' : windowPhase(now, vote.startTime, vote.endTime);
  if (phase === 'after') return '投票已结束';
  if (phase === 'before') return '尚未开始';
  return null;
}

const BANNERS: Record<string, [string, string]> = {
  投票已暂停: ['投票已暂停', '主办方暂停了本次投票，暂时不能投票，请稍后再来。'],
  投票已结束: ['投票已结束', '感谢您的关注，可以在排行榜查看最终结果。'],
  尚未开始: ['投票尚未开始', '投票开始后即可为喜欢的选手投票。'],
  尚未发布: ['投票尚未发布', '主办方还在准备中，请稍后再来。'],
};

export function ClosedBanner({ vote }: { vote: TVoteView }) {
  const text = closedText(vote);
  if (!text) return null;
  const [title, line] = BANNERS[text]!;
  return (
    <div className="v-banner" role="status" data-testid="closed-banner">
      <strong>{title}</strong>
      {line}
    </div>
  );
}

export function Notice({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <main className="v-notice">
      <h1>{title}</h1>
      {text ? <p>{text}</p> : null}
      {children}
    </main>
  );
}

export function RichText({ html }: { html: string }) {
  return (
    <section className="v-rule v-desc" aria-label="活动介绍">
      <Html html={html} />
    </section>
  );
}
