/**
 * The soak's data, made through the server's own calls where a person would (login, a survey, a sign-up chain, a
 * group-buy) and directly in the database where bench/vote does (the vote activity and its players): what each
 * kind of request sends, and how many rows each kind has stored (the data check at the end).
 */
import { subjectEntry, type TSubject } from '../../schemas/subjects/registry';
import type { Database } from '../../server/db/client';
import { makeSubject } from '../../tests/helpers/fixtures';

export interface Envelope<T = unknown> {
  resultCode: string;
  resultMsg: string;
  data: T;
}

export type Call = <T>(path: string, body: object, token?: string) => Promise<Envelope<T>>;

export interface SoakData {
  token: string;
  survey: { questionId: string; subjects: TSubject[]; answers: Record<string, unknown> };
  vote: { id: number; publicId: string; players: string[] };
  chain: { questionId: string };
  groupBuy: { questionId: string; answers: Record<string, unknown> };
}

async function ok<T>(answer: Promise<Envelope<T>>, what: string): Promise<T> {
  const a = await answer;
  if (a.resultCode !== '200') throw new Error(`${what}: ${a.resultCode} ${a.resultMsg}`);
  return a.data;
}

async function publish(call: Call, token: string, input: object, chain = false): Promise<string> {
  const { questionId } = await ok(call<{ questionId: string }>('activity/question/saveOrUpdateWxQuestion', input, token), 'create');
  // A chain is published once its size is chosen: no cap.
  if (chain) await ok(call('activity/question/solitaire/saveChainSetting', { questionId, cap: null }, token), 'chain setting');
  await ok(call('activity/question/getQuestionStatus', { questionId, status: 1 }, token), 'publish');
  return questionId;
}

export async function makeSoakData(call: Call, database: Database): Promise<SoakData> {
  const phone = '13900005360';
  await ok(call('activity/user/sendSms', { phone }), 'sendSms');
  const [sms] = await database.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
  const { token } = await ok(call<{ token: string }>('activity/user/login', { phone, code: /(\d{6})/.exec(sms!.text)![1] }), 'login');
  const [user] = await database.query<{ id: number }>('UPDATE users SET member_level = 4 WHERE phone = $1 RETURNING id', [phone]);

  // The survey: bench/submit's 20 single-choice subjects.
  let o = 0;
  const subjects: TSubject[] = Array.from({ length: 20 }, (_, i) => subjectEntry(1).create({ uuid: `b${i}`, indexSort: i + 1, newId: () => `b${i}-o${++o}` }));
  const surveyId = await publish(call, token, { questionType: 1, title: '压测问卷', subjects });
  const answers = Object.fromEntries(subjects.map((s, i) => [s.uuid, { optionIds: [(s as { options: { uuid: string }[] }).options[i % 2]!.uuid] }]));

  // The vote: ten players, every ballot from a new voter (bench/vote's settings).
  const [vote] = await database.query<{ id: number; public_id: string }>(
    `INSERT INTO vote_activities (public_id, owner_id, title, status, settings) VALUES ('soakVote' || floor(random() * 1e9)::text, $1, '压测投票', 'running', $2::jsonb) RETURNING id, public_id`,
    [user!.id, JSON.stringify({ votesPerVoter: 1000, perPlayerPerDay: null })],
  );
  const players = await database.query<{ public_id: string }>(
    `INSERT INTO vote_players (public_id, vote_id, no, name) SELECT 'soakPlayer' || g || '_' || floor(random() * 1e9)::text, $1, g, '选手' || g FROM generate_series(1, 10) g RETURNING public_id`,
    [vote!.id],
  );

  // The sign-up chain (bench/solitaire's).
  const chainId = await publish(call, token, { questionType: 5, solitaireType: 4, title: '压测接龙', subjects: [makeSubject(6, 1, '备注')] }, true);

  // The group-buy: a product with stock enough for the whole soak, picked up at one point.
  const name = makeSubject(6, 1, '姓名');
  const goods = makeSubject(34, 2, '选择商品') as TSubject & { products: object[] };
  goods.products = [{ uuid: `${goods.uuid}-p1`, title: '赣南脐橙', spec: '10斤装', price: 5800, stock: 10_000_000 }];
  const pickup = makeSubject(1, 3, '自提点') as TSubject & { options: { uuid: string; title: string }[] };
  pickup.options = [{ ...pickup.options[0]!, uuid: `${pickup.uuid}-a`, title: '东门驿站' }];
  const groupBuyId = await publish(call, token, { questionType: 5, solitaireType: 2, title: '压测团购', subjects: [name, goods, pickup] });

  return {
    token,
    survey: { questionId: surveyId, subjects, answers },
    vote: { id: vote!.id, publicId: vote!.public_id, players: players.map((p) => p.public_id) },
    chain: { questionId: chainId },
    groupBuy: {
      questionId: groupBuyId,
      answers: { [name.uuid]: '王小明', [goods.uuid]: [{ productId: `${goods.uuid}-p1`, quantity: 1 }], [pickup.uuid]: { optionIds: [`${pickup.uuid}-a`] } },
    },
  };
}

/** Rows stored by each writing kind, for the data check. */
export async function storedCounts(database: Database, data: SoakData): Promise<Record<'submit' | 'ballot' | 'join' | 'order', number>> {
  const [row] = await database.query<{ submit: number; ballot: number; join: number; order: number }>(
    `SELECT (SELECT count(*)::int FROM answer_sheets s JOIN projects p ON p.id = s.project_id WHERE p.public_id = $1) AS submit,
            (SELECT count(*)::int FROM vote_receipts WHERE vote_id = $2) AS ballot,
            (SELECT count(*)::int FROM chain_entries e JOIN projects p ON p.id = e.project_id WHERE p.public_id = $3) AS "join",
            (SELECT count(*)::int FROM orders o JOIN projects p ON p.id = o.project_id WHERE p.public_id = $4) AS "order"`,
    [data.survey.questionId, data.vote.id, data.chain.questionId, data.groupBuy.questionId],
  );
  return row!;
}
