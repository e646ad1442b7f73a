import type { FastifyInstance } from 'fastify';
import { atTime, call, type Story } from '../seed-calls';

const S = 'activity/question/solitaire/';

/** Who joined when (day offset, time), with how many people and a note: 12 places in all, then three on the waitlist. */
const JOINS: [name: string, people: number, answer: string, day: number, time: string][] = [
  ['张伟', 1, '', -2, '20:16'],
  ['王芳', 2, '带一位朋友', -2, '20:21'],
  ['李娜', 1, '需要借球拍', -2, '20:40'],
  ['刘洋', 1, '', -2, '21:05'],
  ['陈静', 1, '', -2, '22:12'],
  ['杨帆', 2, '和爱人一起', -1, '07:48'],
  ['赵磊', 1, '', -1, '08:30'],
  ['黄敏', 1, '可以带一筒球', -1, '12:05'],
  ['周杰', 1, '', -1, '18:22'],
  ['吴婷', 1, '第一次参加', -1, '19:47'],
  ['徐明', 1, '候补也行', -1, '20:30'],
  ['孙悦', 1, '', -1, '21:15'],
  ['郭强', 1, '有空位请叫我', -1, '22:02'],
];

/**
 * 接龙通: a sign-up chain (报名接龙) at its cap of 12 with a waitlist: made two evenings ago, filled over two days,
 * then one who joined withdrew and the first on the waitlist moved up, two still waiting.
 */
export async function seedDemoChain(app: FastifyInstance, token: string, story: Story): Promise<string> {
  const { questionId } = await atTime(app, story.at(-2, '20:10'), async () => {
    const created = await call<{ questionId: string }>(
      app,
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 5, solitaireType: 4, title: '周六羽毛球活动报名', subtitle: '体育中心 3 号馆，下午 2 点到 5 点，AA 场地费', subjects: [] },
      token,
      undefined,
      'jielong',
    );
    await call(
      app,
      `${S}saveChainSetting`,
      { questionId: created.questionId, cap: 12, waitlist: true, multiple: false, maskNames: false, deadline: story.at(2, '12:00').toISOString() },
      token,
    );
    await call(app, `${S}pinChainNote`, { questionId: created.questionId, note: '满 12 人开场；有事不能来请提前退出，候补会自动递补。' }, token);
    await call(app, 'activity/question/getQuestionStatus', { questionId: created.questionId, status: 1 }, token);
    return created;
  });
  const entries = new Map<string, string>();
  for (const [i, [name, people, answer, day, time]] of JOINS.entries()) {
    const deviceId = `demo-chain-${String(i).padStart(3, '0')}`;
    const joined = await atTime(app, story.at(day, time), () =>
      call<{ entry: { entryId: string } }>(app, `${S}joinChain`, { questionId, deviceId, name, answer, people }, undefined, `10.8.0.${i + 10}`),
    );
    entries.set(name, joined.entry.entryId);
  }
  // 刘洋 cannot come: the first on the waitlist (徐明) takes the place.
  await atTime(app, story.at(-1, '22:40'), () =>
    call(app, `${S}withdrawChainEntry`, { questionId, deviceId: 'demo-chain-003', entryId: entries.get('刘洋') }, undefined, '10.8.0.13'),
  );
  return questionId;
}
