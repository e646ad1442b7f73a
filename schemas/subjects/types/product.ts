import { z } from 'zod/mini';
import { zIntMini } from '../../int-mini';
import { ZId, ZParts, ZSubjectBase, baseDefaults, defineSubjectType, newUuid } from '../base';
import { msg, type SubjectMessage } from '../messages';
import { productLabel, specOf, specsOf } from './product-specs';

/** One spec of a product (规格): its own name, price (fen) and stock (absent: unlimited). */
export const ZSpec = z.object({
  uuid: ZId,
  name: z.string().check(z.trim(), z.maxLength(40, '规格名称不能超过40个字')),
  price: zIntMini(0),
  stock: z.optional(zIntMini(0)),
});

export const ZProduct = z.object({
  uuid: ZId,
  /** Empty while the creator has not named it yet (a draft); publishing refuses an unnamed product. */
  title: z.string().check(z.maxLength(200)),
  spec: z.optional(z.string().check(z.maxLength(200))),
  /** Integer fen (分). */
  price: zIntMini(0),
  /** Remaining stock; absent means unlimited. */
  stock: z.optional(zIntMini(0)),
  maxPerPerson: z.optional(zIntMini(1)),
  image: z.optional(z.string().check(z.maxLength(2_000))),
  /** The spec rows (issue 49 item 6); absent: the product is its one spec (`spec`, `price`, `stock` above). */
  specs: z.optional(ZParts(ZSpec, 1, 50)),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(34),
  products: ZParts(ZProduct, 1, 200),
});
export type TProductSubject = z.infer<typeof ZProductSubject>;

/** A line: the product, the spec chosen (absent: the product's only spec) and how many. */
export const ZProductAnswer = z.array(z.object({ productId: ZId, specId: z.optional(ZId), quantity: z.number() })).check(z.maxLength(200));
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
