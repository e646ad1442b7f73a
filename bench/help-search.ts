/**
 * bench/help-search: the help centre's search (schemas/help/search.ts) over our own seeded guides, and over the same
 * guides copied 10× and 50× (what a help centre that grows for years might hold), for a set of Chinese queries:
 * exact phrases, words out of order (found by their two-character pieces), two terms, Latin letters and a miss.
 * Figures: articles, characters scanned, median and 95th-percentile time per search, hits of each query on our own
 * guides. The search call also reads the brand's rows from the database; that read is a plain select of every
 * article of a brand (bench it with the server's other reads if it ever matters).
 *   node --import tsx bench/help-search.ts   (BENCH_RUNS per query and size, default 200)
 */
import { bodyText } from '../schemas/help/article-body';
import { searchArticles, type TSearchDoc } from '../schemas/help/search';
import { HELP_ARTICLES } from '../server/seed/help/seed-help';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const QUERIES = ['随机抽题', '下载二维码', '抽题随机', '候补 导出', '会员等级上限', 'excel', '区块链钱包'];

const ours: TSearchDoc[] = HELP_ARTICLES.map((a, i) => ({ id: i + 1, title: a.title, summary: a.summary, text: bodyText(a.body), readCount: 0 }));
const copies = (n: number): TSearchDoc[] => Array.from({ length: n }, (_, k) => ours.map((d) => ({ ...d, id: k * ours.length + d.id }))).flat();

function time(docs: TSearchDoc[], query: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    searchArticles(docs, query, { offset: 0, limit: 10 });
    out.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return out.sort((a, b) => a - b);
}

const at = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

for (const [label, docs] of [
  ['ours', ours],
  ['10x', copies(10)],
  ['50x', copies(50)],
] as const) {
  const chars = docs.reduce((sum, d) => sum + d.title.length + d.summary.length + d.text.length, 0);
  const all = QUERIES.flatMap((q) => time(docs, q)).sort((a, b) => a - b);
  console.log(
    `${label.padEnd(4)} ${String(docs.length).padStart(5)} articles ${String(chars).padStart(7)} chars  median ${at(all, 0.5).toFixed(3)} ms  p95 ${at(all, 0.95).toFixed(3)} ms`,
  );
}
for (const query of QUERIES) console.log(`  "${query}": ${searchArticles(ours, query).total} hits`);
