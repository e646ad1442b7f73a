import type { TGroupBuyShape } from '../api/groupbuy';
import type { TSubject } from '../subjects/registry';
import { SUBJECT_TYPE } from '../subjects/subject-types';

/**
 * A group-buy's sheet as its page reads it (issue 20 item 3), shared by the server and the phone page (zod-free
 * for the respondent bundle): the product subject sells, the first 姓名, 手机号, 自提点 choice and 地址 fill-in
 * are found by type and title.
 */
/** Subjects without an answer (paragraph, page break, dividers, media blocks): spec §8's unnumbered types. */
export const NO_ANSWER: readonly number[] = [15, 16, 30, 31, 32, 35, 36];
const NAME = /姓名|名字|联系人|收货人|昵称/;
const PHONE = /电话|手机/;
const PICKUP = /自提|提货|取货|配送|收货方式|领取/;
const ADDRESS = /地址|楼号|门牌|房号/;
/** A pick-up option that is delivery: the buyer gives an address. */
export const DELIVERY = /送货|配送|快递|到家|上门/;

/** Which subjects the page fills in: the first name, phone, pick-up choice and address subjects by type and title. */
export function shapeOf(subjects: readonly TSubject[]): TGroupBuyShape {
  const text = (s: TSubject) => s.subjectType === SUBJECT_TYPE.textInput || s.subjectType === SUBJECT_TYPE.textarea;
  const name = subjects.find((s) => text(s) && NAME.test(s.title));
  const phone = subjects.find((s) => s.subjectType === SUBJECT_TYPE.mobile || (text(s) && PHONE.test(s.title)));
  const pickup = subjects.find((s) => s.subjectType === SUBJECT_TYPE.singleChoice && PICKUP.test(s.title));
  const address = subjects.find((s) => text(s) && s !== name && s !== phone && ADDRESS.test(s.title));
  const options = (pickup as { options?: { uuid: string; title: string; hidden?: boolean }[] } | undefined)?.options ?? [];
  const known = new Set([name, phone, pickup, address].filter(Boolean).map((s) => s!.uuid));
  return {
    nameSubjectId: name?.uuid ?? null,
    phoneSubjectId: phone?.uuid ?? null,
    pickupSubjectId: pickup?.uuid ?? null,
    addressSubjectId: address?.uuid ?? null,
    points: options.filter((o) => !o.hidden).map((o) => ({ id: o.uuid, title: o.title, delivery: DELIVERY.test(o.title) })),
    unsupported: subjects
      .filter((s) => s.required && !known.has(s.uuid) && s.subjectType !== SUBJECT_TYPE.product && !NO_ANSWER.includes(s.subjectType))
      .map((s) => s.title),
  };
}
