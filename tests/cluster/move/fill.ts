import type { TSubject } from '../../../schemas/subjects/registry';
import { COLLEAGUE_PHONE, DEMO_PASSWORD, DEMO_PHONE } from '../../../server/seed/seed';
import { seedOnStart } from '../../../server/seed/seed-start';
import { makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import type { TestApp } from '../../helpers/test-app';
import { multipartBody } from '../../helpers/uploads';
import { buy, manage, publishShop, sandboxPay, startPay } from '../../server/pay/pay-helpers';
import { answer, envelopeProject, fixedRule } from '../../server/red-envelope/red-helpers';
import { installEnv } from './install';

/** Who and what the filled install holds, for the snapshots and the checks after the move. */
export interface Filled {
  /** Login tokens (sessions are rows: the same tokens must work after the move). */
  demo: string;
  colleague: string;
  shopOwner: string;
  /** The red envelope's payer (a recharge, the envelope paid from the balance, two payouts). */
  payer: string;
  survey: { questionId: string; choice: TSubject; other: TSubject };
  exam: string;
  shop: Awaited<ReturnType<typeof publishShop>>;
  /** The export job that finished, and the file it wrote. */
  exportJobId: string;
  uploadUrl: string;
}

export type Answer<T = unknown> = { resultCode: string; resultMsg: string; data: T };
export function ok<T>(path: string, answer: Answer<T>): T {
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data;
}
export const callOk = async <T>(t: TestApp, path: string, body: object, headers: Record<string, string> = {}) =>
  ok<T>(path, await t.call<T>(path, body, headers));

const options = (subject: TSubject, titles: string[]) =>
  ({ ...subject, options: titles.map((title, i) => ({ uuid: `${subject.uuid}-o${i}`, title })) }) as TSubject;
const login = async (t: TestApp, phone: string) =>
  (await callOk<{ token: string }>(t, 'activity/user/userNameLogin', { userName: phone, password: DEMO_PASSWORD })).token;

/**
 * Every kind of project, through the app's calls: the demo seed (a survey, an exam and a form with sheets; a vote
 * with ballots; a sign-up chain with entries; check-ins shared with a collaborator; a group-buy and a payment page
 * paid in the sandbox; an appointment with bookings), then what it lacks: a survey with a collaborator and an
 * uploaded file in a sheet, an exam with scores, a payment page with an order refunded in part, a red envelope
 * paid from a recharged balance, and an export job run to its file.
 */
export async function fill(t: TestApp): Promise<Filled> {
  if ((await seedOnStart(t.app, t.database, installEnv(t.app.deps.env.DATA_DIR))) !== 'seeded') throw new Error('the demo seed did not run');
  const demo = await login(t, DEMO_PHONE);
  const colleague = await login(t, COLLEAGUE_PHONE);
  const owner = { token: demo };

  // A survey with a collaborator (view and report) and a sheet carrying an uploaded file.
  const choice = options(makeSubject(1, 1, '最常用的交通方式'), ['地铁', '公交', '骑行']);
  const other = options(makeSubject(2, 2, '周末活动'), ['运动', '阅读', '出游', '宅家']);
  const attachment = { ...makeSubject(13, 3, '附件'), required: false, accept: ['pdf'] } as TSubject;
  const name = { ...makeSubject(6, 4, '姓名'), required: false } as TSubject;
  const questionId = await publishProject(t, owner, { subjects: [choice, other, attachment, name] });
  const { workCode } = await callOk<{ workCode: string }>(t, 'activity/question/getTeamWorkCode', { questionId, powerType: 3 }, owner);
  await callOk(t, 'code/joinTeamWork', { workCode }, { token: colleague });
  const body = multipartBody(
    { questionId, subjectId: attachment.uuid },
    { name: '报告.pdf', data: Buffer.from('%PDF-1.4 roundtrip\n'), type: 'application/pdf' },
  );
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/upload/file', payload: body.payload, headers: { 'content-type': body.contentType } });
  const file = ok('upload/file', uploaded.json() as Answer<{ fileName: string; fileUrl: string; fileSize: number }>);
  const pick = (s: TSubject, ...i: number[]) => ({ optionIds: i.map((n) => `${s.uuid}-o${n}`) });
  const sheets = [
    { [choice.uuid]: pick(choice, 0), [other.uuid]: pick(other, 0, 2), [name.uuid]: '甲', [attachment.uuid]: [{ ...file, fileIndex: 0 }] },
    { [choice.uuid]: pick(choice, 1), [other.uuid]: pick(other, 1) },
    { [choice.uuid]: pick(choice, 0), [other.uuid]: pick(other, 3), [name.uuid]: '丙' },
    { [choice.uuid]: pick(choice, 2), [other.uuid]: pick(other, 0, 1, 2) },
  ];
  for (const [i, answers] of sheets.entries())
    await callOk(t, 'active/write/submit', { questionId, submissionId: submissionId(), deviceId: `rt-survey-${i}`, durationSeconds: 30 + i, answers });

  // An exam with scores.
  const q1 = { ...options(makeSubject(1, 1, '1+1=?'), ['2', '3']), score: 5 } as TSubject;
  (q1 as unknown as { options: { isCorrect?: boolean }[] }).options[0]!.isCorrect = true;
  const q2 = { ...makeSubject(6, 2, '姓名'), required: false } as TSubject;
  const exam = await publishProject(t, owner, { subjects: [q1, q2], questionType: 2 });
  for (const [i, o] of [0, 1, 0].entries())
    await callOk(t, 'active/write/submit', {
      questionId: exam,
      submissionId: submissionId(),
      deviceId: `rt-exam-${i}`,
      durationSeconds: 60,
      answers: { [q1.uuid]: pick(q1, o), [q2.uuid]: `考生${i}` },
    });

  // A payment page: one order paid then refunded in part, one paid in full, one never paid.
  const shop = await publishShop(t);
  const buyers = ['rt-buyer-1', 'rt-buyer-2', 'rt-buyer-3'];
  const orderOf = async (device: string, lines: { productId: string; quantity: number }[]) => (await buy(t, shop, device, lines)).data.order!.orderNo;
  const refunded = await orderOf(buyers[0]!, [{ productId: shop.ticket, quantity: 2 }]);
  const paid = await orderOf(buyers[1]!, [{ productId: shop.shirt, quantity: 1 }]);
  await orderOf(buyers[2]!, [{ productId: shop.ticket, quantity: 1 }]);
  for (const [orderNo, device] of [
    [refunded, buyers[0]!],
    [paid, buyers[1]!],
  ] as const) {
    ok('wxTradePay', await startPay(t, orderNo, device));
    ok('sandbox/decide', await sandboxPay(t, orderNo));
  }
  ok('refundOrder', await manage(t, shop, 'refundOrder', { orderNo: refunded, amountFen: 1500, reason: '少发一张' }));
  ok('shipOrder', await manage(t, shop, 'shipOrder', { orderNo: paid }));

  // A red envelope paid from a recharged balance, two respondents paid.
  const envelope = await envelopeProject(t, fixedRule(3), { balanceFen: 1_000, pay: true });
  await answer(t, envelope.questionId, 2);

  // An export job run to its file (我的下载).
  const job = await callOk<{ jobId: string }>(t, 'question/statement/createExportJob', { questionId, kind: 'csv' }, owner);
  if ((await t.app.exportRunner.runOnce()) !== job.jobId) throw new Error('the export job did not run');

  return {
    demo,
    colleague,
    shopOwner: shop.owner.token,
    payer: envelope.owner.headers.token,
    survey: { questionId, choice, other },
    exam,
    shop,
    exportJobId: job.jobId,
    uploadUrl: file.fileUrl,
  };
}
