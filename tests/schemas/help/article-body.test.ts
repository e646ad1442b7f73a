import { describe, expect, it } from 'vitest';
import { bodyRoutes, bodyText, parseBody, parseInline } from '../../../schemas/help/article-body';
import { mark, searchArticles } from '../../../schemas/help/search';

// An article's markup becomes blocks the page draws as elements: headings, steps, points, tips, bold, code and links
// to the app's own routes; anything else stays text.
describe('article body', () => {
  it('parses headings, numbered steps, points and tips', () => {
    const blocks = parseBody('## 步骤\n1. 打开**发布**\n2. 复制`链接`\n\n- 一点\n> 小提示');
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'steps', 'points', 'tip']);
    expect(blocks[1]).toEqual({
      kind: 'steps',
      items: [
        [
          { kind: 'text', text: '打开' },
          { kind: 'bold', text: '发布' },
        ],
        [
          { kind: 'text', text: '复制' },
          { kind: 'code', text: '链接' },
        ],
      ],
    });
  });

  it('links only to paths of this site; other targets and markup stay text', () => {
    expect(parseInline('[登录](/login)')).toEqual([{ kind: 'link', text: '登录', href: '/login' }]);
    for (const line of ['[x](javascript:alert(1))', '[x](https://evil.example/)', '<img src=x onerror=alert(1)>']) {
      expect(parseInline(line).every((part) => part.kind === 'text')).toBe(true);
    }
    expect(bodyRoutes('见[发布](/questionnaire/release.html?questionId=1)')).toEqual(['/questionnaire/release.html']);
  });

  it('reads as plain text for search, one line per block or item', () => {
    expect(bodyText('## 标题\n1. 第一步**加粗**\n2. 第二步')).toBe('标题\n第一步加粗\n第二步');
  });
});

describe('search marks', () => {
  it('marks every occurrence, any case, and cuts the rest into plain runs', () => {
    expect(mark('Excel 导出 excel', ['excel'])).toEqual([
      { text: 'Excel', hit: true },
      { text: ' 导出 ', hit: false },
      { text: 'excel', hit: true },
    ]);
  });

  it('pages the hits after ranking them, counting all', () => {
    const docs = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, title: `导出${i}`, summary: '', text: '导出'.repeat(i + 1), readCount: 0 }));
    const page = searchArticles(docs, '导出', { offset: 1, limit: 2 });
    expect(page.total).toBe(5);
    expect(page.hits.map((hit) => hit.id)).toEqual([4, 3]);
  });
});
