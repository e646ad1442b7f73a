import { z } from 'zod';
import { zInt } from '../../int';
import { ZId, ZParts, ZSubjectBase, baseDefaults, defineSubjectType, newUuid } from '../base';
import { msg, type SubjectMessage } from '../messages';
import { productLabel, specOf, specsOf } from './product-specs';

/** One spec of a product (规格): its own name, price (fen) and stock (absent: unlimited). */
export const ZSpec = z.object({
  uuid: ZId,
  name: z.string().trim().max(40, '规格名称不能超过40个字'),
  price: zInt(0),
  stock: zInt(0).optional(),
});

export const ZProduct = z.object({
  uuid: ZId,
  /** Empty while the creator has not named it yet (a draft); publishing refuses an unnamed product. */
  title: z.string().max(200),
  spec: z.string().max(200).optional(),
  /** Integer fen (分). */
  price: zInt(0),
  /** Remaining stock; absent means unlimited. */
  stock: zInt(0).optional(),
  maxPerPerson: zInt(1).optional(),
  image: z.string().max(2_000).optional(),
  /** The spec rows (issue 49 item 6); absent: the product is its one spec (`spec`, `price`, `stock` above). */
  specs: ZParts(ZSpec, 1, 50).optional(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductSubject = ZSubjectBase.extend({
  subjectType: z.literal(34),
  products: ZParts(ZProduct, 1, 200),
});
export type TProductSubject = z.infer<typeof ZProductSubject>;

/** A line: the product, the spec chosen (absent: the product's only spec) and how many. */
export const ZProductAnswer = z.array(z.object({ productId: ZId, specId: ZId.optional(), quantity: z.number() })).max(200);
export type TProductAnswer = z.infer<typeof ZProductAnswer>;

/** What the respondent pays, in fen. */
export function productTotal(s: TProductSubject, a: TProductAnswer): number {
  const byId = new Map(s.products.map((p) => [p.uuid, p]));
  return a.reduce((sum, line) => {
    const p = byId.get(line.productId);
    return sum + (p ? (specOf(p, line.specId)?.price ?? 0) : 0) * line.quantity;
  }, 0);
}

export const product = defineSubjectType(
  ZProductSubject,
  ZProductAnswer,
)({
  subjectType: 34,
  create: (init) => ({
    ...baseDefaults(init, '商品'),
    subjectType: 34,
    // Empty fields with hints, never sample values a buyer could see if the creator forgot them (issue 43 item 5).
    products: [{ uuid: (init.newId ?? newUuid)(), title: '', price: 0 }],
  }),
  // Widgets send every product with its counter; lines at 0 are not part of the order.
  normalize: (_s, raw) => (Array.isArray(raw) ? raw.filter((l) => !(l && typeof l === 'object' && (l as { quantity?: unknown }).quantity === 0)) : raw),
  rules: (s, a) => {
    const lineKey = (l: TProductAnswer[number]) => `${l.productId}|${l.specId ?? ''}`;
    if (new Set(a.map(lineKey)).size !== a.length) return [msg.duplicateOption()];
    const byId = new Map(s.products.map((p) => [p.uuid, p]));
    const out: SubjectMessage[] = [];
    for (const line of a) {
      const p = byId.get(line.productId);
      const spec = p && specOf(p, line.specId);
      if (!p) out.push(msg.unknownPart(line.productId));
      else if (!spec) out.push(line.specId === undefined ? msg.chooseSpec(p.title, p.uuid) : msg.unknownPart(line.specId));
      else if (!Number.isInteger(line.quantity) || line.quantity < 1) out.push(msg.quantity(p.title, p.uuid));
      else if (spec.stock !== undefined && line.quantity > spec.stock) out.push(msg.stock(productLabel(p.title, spec.name), spec.stock, p.uuid));
      else if (p.maxPerPerson !== undefined && line.quantity > p.maxPerPerson) out.push(msg.perPerson(p.title, p.maxPerPerson, p.uuid));
    }
    return out;
  },
  // "title（spec） ×qty" joined with ", " (the spec named when the product has several).
  format: (s, a) => {
    const byId = new Map(s.products.map((p) => [p.uuid, p]));
    return a
      .map((l) => {
        const p = byId.get(l.productId);
        const spec = p && specsOf(p).length > 1 ? (specOf(p, l.specId)?.name ?? '') : '';
        return `${productLabel(p?.title ?? '', spec)} ×${l.quantity}`;
      })
      .join(', ');
  },
  facts: (_s, a) => ({ chosen: a.map((l) => l.productId) }),
  logic: (s) => ({ choices: s.products.map((p) => p.uuid) }),
});
