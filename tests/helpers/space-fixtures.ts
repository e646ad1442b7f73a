import type { TSubject } from '../../schemas/subjects/registry';
import { exactCoinMover } from '../../server/services/coin-ledger/coin-ledger.service';
import { makeSubject } from './fixtures';
import { pick, publishProject, submissionId } from './publish';
import type { TestApp } from './test-app';

/** Issue 51 (helper space): a user's id by phone, coins given by the ledger, a published survey and a space answer. */
export async function userIdByPhone(t: TestApp, phone: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
  return row!.id;
}

/** Coins as a coin-pack purchase gives them (reason buy), in a transaction of their own. */
export async function giveCoins(t: TestApp, phone: string, coins: number, brand = 'wenjuan'): Promise<void> {
  const userId = await userIdByPhone(t, phone);
  await t.database.transaction((q) => exactCoinMover.change(q, { userId, brand, delta: coins, reason: 'buy', at: new Date() }));
}

export const spaceSubject = makeSubject(1, 1, '你常用哪款产品？') as TSubject;

export async function publishedSurvey(t: TestApp, headers: { token: string }, input: Partial<Parameters<typeof publishProject>[2]> = {}): Promise<string> {
  return publishProject(t, headers, { subjects: [spaceSubject], ...input });
}

/** Answer a project from the space (?space=): the submit's answer. */
export function answerFromSpace(
  t: TestApp,
  questionId: string,
  releaseId: string | undefined,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) {
  return t.call<{ sheetId: string; space?: { state: string; reward: number; coinName: string; message: string } }>(
    'active/write/submit',
    {
      questionId,
      submissionId: submissionId(),
      answers: { [spaceSubject.uuid]: pick(spaceSubject, 0) },
      durationSeconds: 30,
      deviceId: `dev-${submissionId()}`,
      spaceReleaseId: releaseId,
      ...extra,
    },
    headers,
  );
}

export async function coinsOfPhone(t: TestApp, phone: string, brand = 'wenjuan'): Promise<number> {
  const [row] = await t.database.query<{ balance: number }>(
    'SELECT a.balance FROM coin_accounts a JOIN users u ON u.id = a.user_id WHERE u.phone = $1 AND a.brand = $2',
    [phone, brand],
  );
  return row?.balance ?? 0;
}
