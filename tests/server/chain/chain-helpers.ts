import type { TChainSettings } from '../../../schemas/api/chain';
import type { TCreateResult } from '../../../schemas/api/question';
import { grantUnits, loginNewUser, makeSubject } from '../../helpers/fixtures';
import type { TestApp } from '../../helpers/test-app';

export const S = 'activity/question/solitaire/';

/**
 * A published sign-up chain (questionType 5, solitaireType 4) with the given settings (no cap unless given: the
 * choice publishing asks for), and its owner. The chain's join takes a name and a short answer of its own.
 */
export async function publishChain(t: TestApp, settings: Partial<Omit<TChainSettings, 'pinnedNote' | 'closed'>> = {}) {
  const owner = await loginNewUser(t);
  // Texts to its respondents take the owner's SMS count (issue 46): the owner has bought plenty.
  await grantUnits(t, owner.phone, 'sms', 1_000);
  const created = await t.call<TCreateResult>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 4, title: '周六羽毛球报名', subtitle: '场地 3 号馆，自带球拍', subjects: [makeSubject(6, 1, '备注')] },
    owner.headers,
  );
  if (created.resultCode !== '200') throw new Error(`${created.resultCode} ${created.resultMsg}`);
  const questionId = created.data.questionId!;
  const saved = await t.call(`${S}saveChainSetting`, { questionId, cap: null, ...settings }, owner.headers);
  if (saved.resultCode !== '200') throw new Error(`${saved.resultCode} ${saved.resultMsg}`);
  const published = await t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, owner.headers);
  if (published.resultCode !== '200') throw new Error(`${published.resultCode} ${published.resultMsg}`);
  return { questionId, owner };
}

let n = 0;
/** A new participant's device key. */
export const device = () => `dev-${process.pid}-${(n++).toString().padStart(4, '0')}-${Math.random().toString(36).slice(2, 8)}`;
