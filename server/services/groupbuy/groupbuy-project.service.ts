import type { TGroupBuyProduct, TGroupBuyShape } from '../../../schemas/api/groupbuy';
import { shapeOf } from '../../../schemas/groupbuy/shape';
import { GROUP_BUY_MESSAGES } from '../../../schemas/api/groupbuy';
import { ZProjectSettings } from '../../../schemas/api/settings';
import { SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import type { TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import type { TProductSubject } from '../../../schemas/subjects/types/product';
import type { Query } from '../../db/client';
import { solitaireAccess } from '../projects/solitaire-access.service';
import { specStockKey } from '../submit/submit-capacity.service';
import { specsOf } from '../../../schemas/subjects/types/product-specs';
import { col, defineSql } from '../../db/sql';

const access = solitaireAccess(SOLITAIRE_TYPE.groupBuy, GROUP_BUY_MESSAGES.notGroupBuy);
/** A group-buy as anyone reaches it by its link: live (not binned, not a template), or "404". */
export const publicGroupBuy = access.byLink;
/** A group-buy as its creator or a collaborator reaches it: the power checked first. */
export const managedGroupBuy = access.managed;

export interface GroupBuyProject {
  subjects: TSubject[];
  products: { subject: TProductSubject; items: TProductSubject['products'] }[];
  shape: TGroupBuyShape;
  deadline: string | null;
  description: string;
}

const readGroupBuySql = defineSql(
  'groupbuy-project.readGroupBuy',
  { config: col.json.as<TSubject>() },
  'SELECT config FROM subjects WHERE project_id = $1 AND deleted_at IS NULL ORDER BY index_sort, id',
);
const readGroupBuySql2 = defineSql(
  'groupbuy-project.readGroupBuy2',
  { settings: col.json, subtitle: col.text.orNull() },
  'SELECT settings, subtitle FROM projects WHERE id = $1',
);

/** The project's live subjects, settings and description, read as the group-buy page uses them. */
export async function readGroupBuy(query: Query, projectId: number): Promise<GroupBuyProject> {
  const rows = await readGroupBuySql.run(query, [projectId]);
  const [project] = await readGroupBuySql2.run(query, [projectId]);
  const subjects = rows.map((r) => r.config);
  const settings = ZProjectSettings.parse(project?.settings ?? {});
  const products = subjects
    .filter((s): s is TProductSubject => s.subjectType === SUBJECT_TYPE.product)
    .map((subject) => ({ subject, items: subject.products.filter((p) => !(p as { hidden?: boolean }).hidden) }));
  return { subjects, products, shape: shapeOf(subjects), deadline: settings.endTime, description: project?.subtitle ?? '' };
}

const soldOfSql = defineSql(
  'groupbuy-project.soldOf',
  { key: col.text, n: col.int },
  `SELECT key, n FROM respondent_counters WHERE project_id = $1 AND kind = 'stock'`,
);

/** Units sold per stock key (the submit's counters: placed and paid orders hold theirs; closed ones gave them back). */
export async function soldOf(query: Query, projectId: number): Promise<Map<string, number>> {
  const rows = await soldOfSql.run(query, [projectId]);
  return new Map(rows.map((r) => [r.key, r.n]));
}

/** Every product spec on sale with what is left (one entry per spec row: the page sells specs). */
export function productsOf(project: GroupBuyProject, sold: ReadonlyMap<string, number>): TGroupBuyProduct[] {
  return project.products.flatMap(({ subject, items }) =>
    items.flatMap((p) =>
      specsOf(p).map((spec) => ({
        subjectId: subject.uuid,
        productId: p.uuid,
        specId: spec.uuid,
        title: p.title,
        spec: spec.name,
        priceFen: spec.price,
        stock: spec.stock === undefined ? null : Math.max(0, spec.stock - (sold.get(specStockKey(subject.uuid, p.uuid, spec.uuid)) ?? 0)),
        maxPerPerson: p.maxPerPerson ?? null,
        image: p.image ?? '',
      })),
    ),
  );
}
