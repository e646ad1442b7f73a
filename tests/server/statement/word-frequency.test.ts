import { describe, expect, it } from 'vitest';
import { wordFrequency } from '../../../server/services/report/report.service';

/** The count as it was before repeated texts were segmented once: every text's words counted on their own, summed. */
function eachText(texts: readonly string[], top = 50) {
  const counts = new Map<string, number>();
  for (const text of texts) for (const { word, count } of wordFrequency([text], Infinity)) counts.set(word, (counts.get(word) ?? 0) + count);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, top)
    .map(([word, count]) => ({ word, count }));
}

const POOL = [
  '无',
  '没有',
  '很好',
  '价格太贵了',
  '我们的服务很好但是价格太贵了',
  'The service is good',
  '快递 很快',
  '包装破损，客服态度差',
  '123',
  '北京大学生',
];

describe('wordFrequency', () => {
  it('counts a repeated text once per occurrence, as segmenting every text on its own does', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let round = 0; round < 40; round++) {
      const texts = Array.from({ length: 1 + (next() % 60) }, () => POOL[next() % POOL.length]! + (next() % 4 === 0 ? POOL[next() % POOL.length]! : ''));
      expect(wordFrequency(texts, 8), JSON.stringify(texts)).toEqual(eachText(texts, 8));
    }
  });

  it('weighs a text answered by many sheets by their number', () => {
    expect(wordFrequency(['价格太贵了', '价格太贵了', '价格太贵了', '服务很好'])).toEqual(eachText(['价格太贵了', '价格太贵了', '价格太贵了', '服务很好']));
    expect(wordFrequency(['价格太贵了', '价格太贵了', '服务很好'])[0]).toEqual({ word: '价格', count: 2 });
  });
});
