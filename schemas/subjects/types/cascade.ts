import { z } from 'zod';
import { ZSubjectBase, baseDefaults, defineSubjectType, newUuid } from '../base';
import { msg } from '../messages';

/** Node ids may not contain "_": the stored value is `id_label` and display takes the text after it. */
const ZNodeId = z.string().regex(/^[^_]{1,64}$/);
const ZLeaf = z.object({ id: ZNodeId, label: z.string().min(1).max(100) });
// Four explicit levels rather than a recursive schema: the catalogue allows at most four.
const ZLevel3 = ZLeaf.extend({ children: z.array(ZLeaf).max(500).optional() });
const ZLevel2 = ZLeaf.extend({ children: z.array(ZLevel3).max(500).optional() });
const ZLevel1 = ZLeaf.extend({ children: z.array(ZLevel2).max(500).optional() });

export interface CascadeNode {
  id: string;
  label: string;
  children?: CascadeNode[];
}

function* walk(nodes: readonly CascadeNode[], depth = 1): Generator<[CascadeNode, number]> {
  for (const n of nodes) {
    yield [n, depth];
    if (n.children) yield* walk(n.children, depth + 1);
  }
}

export const ZCascadeSubject = ZSubjectBase.extend({
  subjectType: z.literal(17),
  /** Names of the levels ("省", "市" …); the tree is no deeper than this list. */
  levels: z.array(z.string().max(20)).min(1).max(4),
  nodes: z.array(ZLevel1).min(1).max(500),
}).refine(
  (c) => {
    const ids = new Set<string>();
    for (const [n, depth] of walk(c.nodes)) {
      if (ids.has(n.id) || depth > c.levels.length) return false;
      ids.add(n.id);
    }
    return true;
  },
  { message: '级联数据的标识重复或层级超出', path: ['nodes'] },
);
export type TCascadeSubject = z.infer<typeof ZCascadeSubject>;

/** One `id_label` per level, from the top. */
export const ZCascadeAnswer = z.array(z.string().max(300)).max(4);

export const textAfterUnderscore = (v: string) => v.slice(v.indexOf('_') + 1);

export const cascade = defineSubjectType(
  ZCascadeSubject,
  ZCascadeAnswer,
)({
  subjectType: 17,
  cascade: true,
  create: (init) => {
    const id = init.newId ?? newUuid;
    return {
      ...baseDefaults(init, '级联选择'),
      subjectType: 17,
      levels: ['一级', '二级'],
      nodes: [
        {
          id: id(),
          label: '选项1',
          children: [
            { id: id(), label: '选项1-1' },
            { id: id(), label: '选项1-2' },
          ],
        },
        { id: id(), label: '选项2', children: [{ id: id(), label: '选项2-1' }] },
      ],
    };
  },
  rules: (s, a) => {
    let level: readonly CascadeNode[] | undefined = s.nodes;
    for (const value of a) {
      const id = value.slice(0, value.indexOf('_'));
      const node: CascadeNode | undefined = level?.find((n) => n.id === id);
      if (!node) return [msg.cascadeUnknown()];
      level = node.children?.length ? node.children : undefined;
    }
    return level ? [msg.cascadeIncomplete()] : [];
  },
  // The text after the underscore of each level, joined with "/".
  format: (_s, a) => a.map(textAfterUnderscore).join('/'),
  facts: (_s, a) => ({ chosen: a.map((v) => v.slice(0, v.indexOf('_'))) }),
  logic: (s) => ({ choices: [...walk(s.nodes)].map(([n]) => n.id) }),
});
