import { z } from 'zod';
import { zInt } from '../../int';
import { ZId, ZParts, ZSubjectBase, baseDefaults, defineSubjectType, newUuid } from '../base';
import { msg, type SubjectMessage } from '../messages';

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
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductSubject = ZSubjectBase.extend({
  subjectType: z.literal(34),
  products: ZParts(ZProduct, 1, 200),
});
export type TProductSubject = z.infer<typeof ZProductSubject>;

export const ZProductAnswer = z.array(z.object({ productId: ZId, quantity: z.number() })).max(200);
export type TProductAnswer = z.infer<typeof ZProductAnswer>;

/** What the respondent pays, in fen. */
export function productTotal(s: TProductSubject, a: TProductAnswer): number {
  const price = new Map(s.products.map((p) => [p.uuid, p.price]));
  return a.reduce((sum, line) => sum + (price.get(line.productId) ?? 0) * line.quantity, 0);
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
    if (new Set(a.map((l) => l.productId)).size !== a.length) return [msg.duplicateOption()];
    const byId = new Map(s.products.map((p) => [p.uuid, p]));
    const out: SubjectMessage[] = [];
    for (const line of a) {
      const p = byId.get(line.productId);
      if (!p) out.push(msg.unknownPart(line.productId));
      else if (!Number.isInteger(line.quantity) || line.quantity < 1) out.push(msg.quantity(p.title, p.uuid));
      else if (p.stock !== undefined && line.quantity > p.stock) out.push(msg.stock(p.title, p.stock, p.uuid));
      else if (p.maxPerPerson !== undefined && line.quantity > p.maxPerPerson) out.push(msg.perPerson(p.title, p.maxPerPerson, p.uuid));
    }
    return out;
  },
  // "title ×qty" joined with ", ".
  format: (s, a) => {
    const title = new Map(s.products.map((p) => [p.uuid, p.title]));
    return a.map((l) => `${title.get(l.productId) ?? ''} ×${l.quantity}`).join(', ');
  },
  facts: (_s, a) => ({ chosen: a.map((l) => l.productId) }),
  logic: (s) => ({ choices: s.products.map((p) => p.uuid) }),
});
