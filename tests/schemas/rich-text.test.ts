// @vitest-environment jsdom
// Every payload of a list of XSS vectors is stripped by both sanitisers (sanitize-html on the server,
// DOMPurify in the browser), which share one allow-list. DOMPurify runs on this file's jsdom window.
import createDOMPurify from 'dompurify';
import { describe, expect, test } from 'vitest';
import { ALLOWED_TAGS, isAllowedAttribute, isSafeUrl } from '../../schemas/rich-text/allow-list';
import { sanitizeRichText as sanitizeInBrowser } from '../../schemas/rich-text/sanitize-browser';
import { sanitizeLabel, sanitizeRichText as sanitizeOnServer, sanitizeSubjectRichText } from '../../schemas/rich-text/sanitize-server';
import { createSubject } from '../../schemas/subjects/registry';

const purify = createDOMPurify(window);

/** Parses HTML without running it (a template's content is inert). */
function fragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

const XSS_VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)" data-x="1" id="x" class="y">x</div>',
  '<a href="#" onclick="alert(1)">x</a>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><set attributeName="href" to="javascript:alert(1)"/></svg>',
  '<svg><use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCc+PC9zdmc+#x"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">x</math>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<p style="color:red;background-image:url(data:image/png;base64,AAA)">x</p>',
  '<p style="color: red; behavior: url(x.htc)">x</p>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:/">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<a href="https://ok.example" target="_top" rel="opener">x</a>',
  '<table background="javascript:alert(1)"><tr><td background="javascript:alert(1)">x</td></tr></table>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<x onclick=alert(1)>custom</x>',
];

/** What is left after sanitising must be inert: only allowed tags and attributes, safe URLs and styles. */
function expectInert(html: string) {
  const parsed = fragment(html);
  for (const element of parsed.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    expect(ALLOWED_TAGS as readonly string[]).toContain(tag);
    for (const { name, value } of [...element.attributes]) {
      expect(name.startsWith('on'), `${tag}[${name}]`).toBe(false);
      expect(isAllowedAttribute(tag, name) || (tag === 'a' && name === 'rel'), `${tag}[${name}]`).toBe(true);
      if (name === 'href' || name === 'src') {
        expect(isSafeUrl(value), value).toBe(true);
        expect(value.replace(/\s+/g, '').toLowerCase()).not.toMatch(/^(javascript|data|vbscript):/);
      }
      if (name === 'style') expect(value).not.toMatch(/url\(|expression|behavior|javascript/i);
      if (name === 'target') expect(value).toBe('_blank');
    }
  }
}

describe.each([
  ['server (sanitize-html)', (h: string) => sanitizeOnServer(h)],
  ['browser (DOMPurify)', (h: string) => sanitizeInBrowser(h, purify)],
])('%s', (_name, sanitize) => {
  test.each(XSS_VECTORS)('strips %s', (payload) => {
    const out = sanitize(payload);
    expectInert(out);
    expect(out).not.toMatch(/<script|<iframe|<svg|<math|<object|<embed|<style|<link|<meta|<base|<form|onerror|onload|javascript:/i);
  });

  test('keeps the formatting the editor produces', () => {
    const html =
      '<p style="text-align:center"><strong>粗体</strong> <em>斜体</em> <u>下划线</u> <span style="color:#e60012;font-size:16px">红字</span></p>' +
      '<ul><li>一</li></ul><a href="https://www.example.cn/x?a=1&amp;b=2" target="_blank">链接</a><img src="/uploads/a.png" alt="图">';
    const out = sanitize(html);
    expectInert(out);
    const f = fragment(out);
    expect(f.querySelector('strong')?.textContent).toBe('粗体');
    expect(f.querySelector('span')?.getAttribute('style')).toBe('color:#e60012;font-size:16px');
    expect(f.querySelector('p')?.getAttribute('style')).toBe('text-align:center');
    expect(f.querySelector('a')?.getAttribute('href')).toBe('https://www.example.cn/x?a=1&b=2');
    expect(f.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(f.querySelector('img')?.getAttribute('src')).toBe('/uploads/a.png');
  });

  test("drops remote images (tracking beacons) and keeps this site's own", () => {
    const remote = [
      'https://tracker.example/p.gif?u=1',
      'http://tracker.example/p.gif',
      'HTTPS://tracker.example/p.gif',
      '//tracker.example/p.gif',
      '/\\tracker.example/p.gif',
      '/\t/tracker.example/p.gif',
      ' https://tracker.example/a.png',
    ];
    for (const src of remote) {
      const out = sanitize(`<p>文字<img src="${src}" alt="x"></p>`);
      expect(out, src).not.toMatch(/<img/i);
      expect(out).toContain('文字');
    }
    for (const src of ['/uploads/b.png', 'uploads/c.png', '/covers/blue-waves.svg']) {
      expect(
        fragment(sanitize(`<img src="${src}">`))
          .querySelector('img')
          ?.getAttribute('src'),
      ).toBe(src);
    }
  });

  test('keeps text of removed wrappers but not of scripts', () => {
    const f = fragment(sanitize('<section><font color="red">保留文字</font></section><script>丢弃()</script>'));
    expect(f.textContent).toBe('保留文字');
  });
});

test('both sanitisers read the same allow-list and agree on editor output', () => {
  const samples = [
    '<p><strong>a</strong><br><a href="mailto:a@b.cn">mail</a><a href="tel:10086">tel</a></p>',
    '<table><thead><tr><th colspan="2">表头</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
    '<h2 style="font-weight:bold">标题</h2><blockquote>引用</blockquote><hr>',
  ];
  for (const html of samples) {
    const server = fragment(sanitizeOnServer(html));
    const browser = fragment(sanitizeInBrowser(html, purify));
    const wrap = (f: DocumentFragment) => {
      const div = document.createElement('div');
      div.append(f);
      return div.innerHTML;
    };
    expect(wrap(server)).toBe(wrap(browser));
  }
});

test('the browser sanitiser leaves no hooks behind on the DOMPurify it was given', () => {
  sanitizeInBrowser('<a href="javascript:x">x</a>', purify);
  expect(purify.sanitize('<img src="data:image/png;base64,AA">')).toContain('data:');
});

test('a subject is saved with its title, description and analysis sanitised, piping kept', () => {
  const subject = {
    ...createSubject(1, { uuid: 'q1', indexSort: 1 }),
    title: '<b>您好</b>{{Q2}}<img src=x onerror=alert(1)>',
    description: '<script>alert(1)</script>说明',
    answerAnalysis: '<a href="javascript:alert(1)">解析</a>',
  };
  const saved = sanitizeSubjectRichText(subject);
  expect(saved.title).toBe('<b>您好</b>{{Q2}}<img src="x" />');
  expect(saved.description).toBe('说明');
  expect(saved.answerAnalysis).toBe('<a>解析</a>');
  expect(saved.options).toBe(subject.options);
});

test('option, row, column and item labels lose every XSS vector; plain labels are kept as typed', () => {
  for (const vector of XSS_VECTORS) {
    const label = sanitizeLabel(`甲${vector}`);
    const root = fragment(label);
    for (const element of root.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.name, `${vector} → ${label}`).not.toMatch(/^on/i);
      expect(['script', 'iframe', 'svg', 'object', 'embed', 'style']).not.toContain(element.localName);
    }
    expect(label).not.toMatch(/javascript:/i);
  }
  for (const plain of ['A&B', '年龄<18岁', '5 > 3', '"引号"', "it's", '&amp; 原样']) expect(sanitizeLabel(plain)).toBe(plain);
});

test('a subject saved with markup in its labels keeps the text and drops the script', () => {
  const matrix = createSubject(11, {
    uuid: 'm1',
    indexSort: 1,
    newId: (() => {
      let n = 0;
      return () => `p${++n}`;
    })(),
  }) as ReturnType<typeof createSubject> & {
    rows: Array<{ uuid: string; title: string }>;
    columns: Array<{ uuid: string; title: string }>;
  };
  matrix.rows[0]!.title = '<b>服务</b><img src=x onerror=alert(1)>';
  matrix.columns[0]!.title = '<a href="javascript:alert(1)">满意</a>';
  const saved = sanitizeSubjectRichText(matrix);
  expect(saved.rows[0]!.title).toBe('<b>服务</b><img src="x" />');
  expect(saved.columns[0]!.title).toBe('<a>满意</a>');
  expect(saved.rows[1]).toBe(matrix.rows[1]);
  expect(matrix.rows[0]!.title).toContain('onerror');
});
