import type { TGroupBuyProduct, TGroupBuyShape } from '../../../schemas/api/groupbuy';
import { GROUP_BUY_MESSAGES } from '../../../schemas/api/groupbuy';
import { ZProjectSettings } from '../../../schemas/api/settings';
import { SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import type { TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import type { TProductSubject } from '../../../schemas/subjects/types/product';
import type { Query } from '../../db/client';
import { solitaireAccess } from '../projects/solitaire-access.service';
import { stockKey } from '../submit/submit-capacity.service';

const access = solitaireAccess(SOLITAIRE_TYPE.groupBuy, GROUP_BUY_MESSAGES.notGroupBuy);
/** A group-buy as anyone reaches it by its link: live (not binned, not a template), or "404". */
export const publicGroupBuy = access.byLink;
/** A group-buy as its creator or a collaborator reaches it: the power checked first. */
export const managedGroupBuy = access.managed;

/** Subjects without an answer (paragraph, page break, dividers, media blocks): spec §8's unnumbered types. */
const NO_ANSWER: readonly number[] = [15, 16, 30, 31, 32, 35, 36];
const NAME = /姓名|名字|联系人|收货人|昵称/;
const PHONE = /电话|手机/;
const PICKUP = /自提|提货|取货|配送|收货方式|领取/;
const ADDRESS = /地址|楼号|门牌|房号/;
/** A pick-up option that is delivery: the buyer gives an address. */
export const DELIVERY = /送货|配送|快递|到家|上门/;

export interface GroupBuyProject {
  subjects: TSubject[];
  products: { subject: TProductSubject; items: TProductSubject['products'] }[];
  shape: TGroupBuyShape;
  deadline: string | null;
  description: string;
}

/** The project's live subjects, settings and description, read as the group-buy page uses them. */
export async function readGroupBuy(query: Query, projectId: number): Promise<GroupBuyProject> {
  const rows = await query<{ config: TSubject }>('SELECT config FROM subjects WHERE project_id = $1 AND deleted_at IS NULL ORDER BY index_sort, id', [
    projectId,
  ]);
  const [project] = await query<{ settings: unknown; subtitle: string | null }>('SELECT settings, subtitle FROM projects WHERE id = $1', [projectId]);
  const subjects = rows.map((r) => r.config);
  const settings = ZProjectSettings.parse(project?.settings ?? {});
  const products = subjects
    .filter((s): s is TProductSubject => s.subjectType === SUBJECT_TYPE.product)
    .map((subject) => ({ subject, items: subject.products.filter((p) => !(p as { hidden?: boolean }).hidden) }));
  return { subjects, products, shape: shapeOf(subjects), deadline: settings.endTime, description: project?.subtitle ?? '' };
}

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

/** Units sold per stock key (the submit's counters: placed and paid orders hold theirs; closed ones gave them back). */
export async function soldOf(query: Query, projectId: number): Promise<Map<string, number>> {
  const rows = await query<{ key: string; n: number }>(`SELECT key, n FROM respondent_counters WHERE project_id = $1 AND kind = 'stock'`, [projectId]);
  return new Map(rows.map((r) => [r.key, r.n]));
}

/** Every product (spec) on sale with what is left. */
export function productsOf(project: GroupBuyProject, sold: ReadonlyMap<string, number>): TGroupBuyProduct[] {
  return project.products.flatMap(({ subject, items }) =>
    items.map((p) => ({
      subjectId: subject.uuid,
      productId: p.uuid,
      title: p.title,
      spec: p.spec ?? '',
      priceFen: p.price,
      stock: p.stock === undefined ? null : Math.max(0, p.stock - (sold.get(stockKey(subject.uuid, p.uuid)) ?? 0)),
      maxPerPerson: p.maxPerPerson ?? null,
      image: p.image ?? '',
    })),
  );
}
