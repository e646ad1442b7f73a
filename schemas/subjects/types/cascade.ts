import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType, newUuid } from '../base';
import { msg } from '../messages';

/** Node ids may not contain "_": the stored value is `id_label` and display takes the text after it. */
const ZNodeId = z.string().check(z.regex(/^[^_]{1,64}$/));
const ZLeaf = z.object({ id: ZNodeId, label: z.string().check(z.minLength(1), z.maxLength(100)) });
// Four explicit levels rather than a recursive schema: the catalogue allows at most four.
const ZLevel3 = z.extend(ZLeaf, { children: z.optional(z.array(ZLeaf).check(z.maxLength(500))) });
const ZLevel2 = z.extend(ZLeaf, { children: z.optional(z.array(ZLevel3).check(z.maxLength(500))) });
const ZLevel1 = z.extend(ZLeaf, { children: z.optional(z.array(ZLevel2).check(z.maxLength(500))) });

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

export const ZCascadeSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(17),
    /** Names of the levels ("省", "市" …); the tree is no deeper than this list. */
    levels: z.array(z.string().check(z.maxLength(20))).check(z.minLength(1), z.maxLength(4)),
    nodes: z.array(ZLevel1).check(z.minLength(1), z.maxLength(500)),
  })
  .check(
    z.refine(
      (c) => {
        const ids = new Set<string>();
        for (const [n, depth] of walk(c.nodes)) {
          if (ids.has(n.id) || depth > c.levels.length) return false;
          ids.add(n.id);
        }
        return true;
      },
      { message: '级联数据的标识重复或层级超出', path: ['nodes'] },
    ),
  );
export type TCascadeSubject = z.infer<typeof ZCascadeSubject>;

/** One `id_label` per level, from the top. */
export const ZCascadeAnswer = z.array(z.string().check(z.maxLength(300))).check(z.maxLength(4));

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
