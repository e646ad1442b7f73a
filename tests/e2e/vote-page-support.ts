import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { TVoteSettings } from '../../schemas/vote/vote-rules';

export const SHOTS = '/tmp/shots-vote-page';
export const PHONE = { width: 390, height: 844 };

export async function call<T>(request: APIRequestContext, path: string, body: unknown, token?: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data: body, headers: token ? { token } : {} })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

/** Creates a vote with players (pasted names) through the creator's calls and publishes it; answers its voteId. */
export async function publishVote(
  request: APIRequestContext,
  token: string,
  input: { title: string; names: string[]; settings?: Partial<TVoteSettings>; description?: string; days?: number },
): Promise<string> {
  const endTime = new Date(Date.now() + (input.days ?? 7) * 86_400_000).toISOString();
  const { voteId } = await call<{ voteId: string }>(
    request,
    'activity/vote/saveOrUpdateVote',
    {
      title: input.title,
      description: input.description ?? '',
      endTime,
      settings: { limitScope: 'day', votesPerVoter: 3, perPlayerPerDay: null, ...input.settings },
    },
    token,
  );
  await call(request, 'activity/player/batchNameAddPlayer', { voteId, names: input.names.join('\n') }, token);
  await call(request, 'activity/vote/getVoteSuspendOrStart', { voteId, action: 'start' }, token);
  return voteId;
}

/** A voter of their own: a fresh browser context (own storage, so own device id) at a phone's size. */
export async function voterPage(browser: Browser, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true, locale: 'zh-CN' });
  return context.newPage();
}

/** Page model of the voting page. */
export const Voter = (page: Page) => ({
  card: (name: string) => page.getByRole('article', { name: new RegExp(`号 ${name}$`) }),
  async vote(name: string) {
    const card = this.card(name);
    await card.getByRole('button', { name: new RegExp(`给 ${name} 投票`) }).click();
  },
  async seeVotes(name: string, votes: number) {
    await expect(this.card(name)).toContainText(`${votes} 票`);
  },
  async seeToast(text: string) {
    await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
  },
  async openRanking() {
    await page.getByRole('tab', { name: '排行榜' }).click();
  },
  rankRows: () => page.getByRole('list', { name: '选手排名' }).getByRole('listitem'),
  async openPlayers() {
    await page.getByRole('tab', { name: '选手' }).click();
  },
});
