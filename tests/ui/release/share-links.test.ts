import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../../schemas/brands';
import { previewHostKey, shareLinks, shareOrigin } from '../../../src/features/release/share-links';

const at = (href: string) => {
  const u = new URL(href);
  return { protocol: u.protocol, hostname: u.hostname, port: u.port, origin: u.origin };
};

describe('share links', () => {
  it('maps project types to the preview hosts of spec §9', () => {
    expect([1, 2, 4, 5, 6, 7].map(previewHostKey)).toEqual(['survey', 'exam', 'form', 'solitaire', 'solitaire', 'appoint']);
  });

  it('uses the same origin in development', () => {
    expect(shareOrigin(BRANDS.wenjuan, 1, at('http://localhost:5173/x'))).toBe('http://localhost:5173');
    expect(shareOrigin(BRANDS.toupiao, 2, at('http://toupiao.localhost:8080/'))).toBe('http://toupiao.localhost:8080');
    expect(shareOrigin(BRANDS.wenjuan, 1, at('http://10.0.0.5:8080/'))).toBe('http://10.0.0.5:8080');
  });

  it('uses the preview host of the type under the brand domain in production', () => {
    expect(shareOrigin(BRANDS.wenjuan, 2, at('https://www.wenjuan.cn/a'))).toBe('https://exam.wenjuan.cn');
    expect(shareOrigin(BRANDS.jielong, 7, at('https://jielong.example.com/'))).toBe('https://yuyue.jielong.example.com');
    expect(shareOrigin(BRANDS.wenjuan, 1, at('https://surveys.acme.org/'))).toBe('https://surveys.acme.org');
  });

  it('builds the link, the short link, the QR target and the embed snippet', () => {
    const links = shareLinks('https://survey.wenjuan.cn', 'abc_12345');
    expect(links.link).toBe('https://survey.wenjuan.cn/s/abc_12345');
    expect(links.short).toBe('https://survey.wenjuan.cn/x/abc_12345');
    expect(links.qr).toBe('https://survey.wenjuan.cn/s/abc_12345?source=qr');
    expect(links.embed).toContain('<iframe src="https://survey.wenjuan.cn/s/abc_12345?source=embed"');
    expect(links.preview).toBe('/s/abc_12345?preview=1');
  });
});
