/**
 * Sums a sampling heap profile (the soak's promoted.heapprofile, SOAK_PROMOTED) by allocating function and by the
 * nearest frame of the server's own code (dist/server.mjs or server/**), biggest first — what the server allocates
 * that outlives the young generation.
 *
 *   node --import tsx bench/soak/heap-profile.ts /tmp/wj-soak-XXXX/promoted.heapprofile [rows]
 */
import { readFileSync } from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  callFrame: Frame;
  selfSize: number;
  children: ProfileNode[];
}

const OWN = /dist\/server\.mjs|\/server\/|\/schemas\/|\/machines\//;
const at = (f: Frame) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules\/)/, '$1').replace(/^.*\/wt\/[^/]+\//, '')}:${f.lineNumber + 1}`;

export function sumProfile(head: ProfileNode) {
  const self = new Map<string, number>();
  const own = new Map<string, number>();
  let total = 0;
  const walk = (node: ProfileNode, stack: Frame[]) => {
    const path = [...stack, node.callFrame];
    if (node.selfSize) {
      total += node.selfSize;
      const key = at(node.callFrame);
      self.set(key, (self.get(key) ?? 0) + node.selfSize);
      const mine = [...path].reverse().find((f) => OWN.test(f.url));
      const ownKey = mine ? at(mine) : '(no server frame)';
      own.set(ownKey, (own.get(ownKey) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, path);
  };
  walk(head, []);
  return { total, self, own };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, rows = '25'] = process.argv.slice(2);
  if (!file) throw new Error('usage: bench/soak/heap-profile.ts <file.heapprofile> [rows]');
  const { total, self, own } = sumProfile((JSON.parse(readFileSync(file, 'utf8')) as { head: ProfileNode }).head);
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(rows))
      .map(([k, v]) => `  ${(v / 2 ** 20).toFixed(2).padStart(7)} MB ${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  console.log(`sampled ${(total / 2 ** 20).toFixed(1)} MB`);
  console.log('by allocating function:');
  console.log(top(self).join('\n'));
  console.log("by the nearest frame of the server's own code:");
  console.log(top(own).join('\n'));
}
