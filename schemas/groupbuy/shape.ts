import type { TGroupBuyShape } from '../api/groupbuy';
import type { TSubject } from '../subjects/registry';
import { SUBJECT_TYPE } from '../subjects/subject-types';

type TRegionAddress = NonNullable<TGroupBuyShape['addressRegion']>;

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
  // The first 地址 fill-in or region subject, whichever comes first: a region subject on a group-buy is where to deliver.
  const address = subjects.find((s) => s.subjectType === SUBJECT_TYPE.region || (text(s) && s !== name && s !== phone && ADDRESS.test(s.title)));
  const region = address?.subjectType === SUBJECT_TYPE.region ? (address as TSubject & Pick<TRegionAddress, 'level' | 'detail'>) : null;
  const options = (pickup as { options?: { uuid: string; title: string; hidden?: boolean }[] } | undefined)?.options ?? [];
  const known = new Set([name, phone, pickup, address].filter(Boolean).map((s) => s!.uuid));
  return {
    nameSubjectId: name?.uuid ?? null,
    phoneSubjectId: phone?.uuid ?? null,
    pickupSubjectId: pickup?.uuid ?? null,
    addressSubjectId: address?.uuid ?? null,
    addressRegion: region ? { level: region.level, detail: region.detail } : null,
    addressRequired: Boolean(address?.required),
    points: options.filter((o) => !o.hidden).map((o) => ({ id: o.uuid, title: o.title, delivery: DELIVERY.test(o.title) })),
    unsupported: subjects
      .filter((s) => s.required && !known.has(s.uuid) && s.subjectType !== SUBJECT_TYPE.product && !NO_ANSWER.includes(s.subjectType))
      .map((s) => s.title),
  };
}

/** An address answer as the organiser reads it: a fill-in's text, or a region's parts joined with two spaces (spec §9). */
export function addressText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (!value || typeof value !== 'object') return '';
  const parts = value as Record<string, unknown>;
  return ['province', 'city', 'district', 'detail']
    .map((part) => (typeof parts[part] === 'string' ? (parts[part] as string).trim() : ''))
    .filter(Boolean)
    .join('  ');
}

/** What a region address still lacks, in the page's words, or null when it is complete. */
export function regionMissing(region: TRegionAddress, value: Readonly<Record<string, string>>): string | null {
  const parts = ['province', 'city', 'district'] as const;
  const names = { province: '省份', city: '城市', district: '区县' } as const;
  for (const part of parts.slice(0, parts.indexOf(region.level) + 1)) {
    if (!value[part]?.trim()) return `请选择收货${names[part]}`;
  }
  return region.detail === 'required' && !value.detail?.trim() ? '请填写详细地址' : null;
}
