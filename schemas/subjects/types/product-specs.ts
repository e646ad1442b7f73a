/**
 * A product's specs (规格, issue 49 item 6): each its own row with a name, a price in fen and a stock (absent:
 * unlimited). Zod-free, shared by the server, the editor and the phone pages. A product saved before specs
 * existed has none: it reads as one spec made of its free-text `spec`, price and stock, whose id is the product's
 * own — so its stock counter (`subject|product`) and its orders stay what they were (docs/decisions.md).
 */
export interface TSpecRow {
  uuid: string;
  name: string;
  price: number;
  stock?: number;
}

interface ProductLike {
  uuid: string;
  spec?: string;
  price: number;
  stock?: number;
  specs?: readonly TSpecRow[];
}

/** The product's spec rows: its own, else the one row its old fields make. */
export function specsOf(p: ProductLike): readonly TSpecRow[] {
  if (p.specs?.length) return p.specs;
  return [{ uuid: p.uuid, name: p.spec ?? '', price: p.price, stock: p.stock }];
}

/** The spec an order line names; a line without one means the product's only spec (undefined when it has several). */
export function specOf(p: ProductLike, specId: string | undefined): TSpecRow | undefined {
  const specs = specsOf(p);
  if (specId === undefined) return specs.length === 1 ? specs[0] : undefined;
  return specs.find((s) => s.uuid === specId);
}

/** The stock counter's product part: the product's own id for its migrated single spec, else `product#spec`. */
export const specPart = (productId: string, specId: string) => (productId === specId ? productId : `${productId}#${specId}`);

/** 苹果（5斤装）, or the title alone when the spec has no name. */
export const productLabel = (title: string, spec: string) => (spec ? `${title}（${spec}）` : title);
