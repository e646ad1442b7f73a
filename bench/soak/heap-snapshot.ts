/**
 * What a heap snapshot holds (the soak's SOAK_SNAPSHOTS): self size by node type and constructor name, biggest first.
 *
 *   node --import tsx bench/soak/heap-snapshot.ts /tmp/wj-soak-XXXX/heap-90s.heapsnapshot [rows]
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export function sumSnapshot(s: Snapshot): { total: number; byName: Map<string, { size: number; count: number }> } {
  const fields = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const byName = new Map<string, { size: number; count: number }>();
  let total = 0;
  for (let i = 0; i < s.nodes.length; i += fields.length) {
    const t = types[s.nodes[i + type]!]!;
    const n = t === 'object' || t === 'closure' || t === 'native' ? s.strings[s.nodes[i + name]!]! : '';
    const key = `${t}${n ? ` ${n.slice(0, 60)}` : ''}`;
    const bytes = s.nodes[i + size]!;
    total += bytes;
    const e = byName.get(key) ?? { size: 0, count: 0 };
    e.size += bytes;
    e.count++;
    byName.set(key, e);
  }
  return { total, byName };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, rows = '30'] = process.argv.slice(2);
  if (!file) throw new Error('usage: bench/soak/heap-snapshot.ts <file.heapsnapshot> [rows]');
  const { total, byName } = sumSnapshot(JSON.parse(readFileSync(file, 'utf8')) as Snapshot);
  console.log(`${(total / 2 ** 20).toFixed(1)} MB in the snapshot`);
  for (const [k, v] of [...byName].sort((a, b) => b[1].size - a[1].size).slice(0, Number(rows)))
    console.log(`  ${(v.size / 2 ** 20).toFixed(2).padStart(7)} MB ${String(v.count).padStart(8)}  ${k}`);
}
