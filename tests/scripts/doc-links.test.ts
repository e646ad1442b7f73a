import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The project's Markdown points at things that exist: every relative link (inline, reference-style, HTML
// href/src; a leading "/" is the repository root) resolves to a file, every #anchor to a heading of its file,
// and every path it names in the text (`server/services/…`, src/ui/pager.tsx) is still there. Code blocks aside.
const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const markdown = tracked.filter((file) => file.endsWith('.md'));
const TOP_FOLDERS = [...new Set(tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!))];
// Records of their time: the paths they name were true then, and their lines are never edited.
const HISTORY = /^docs\/(decisions[^/]*|benchmarks)\.md$/;

const withoutCode = (text: string) => text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
const textOf = (file: string) => withoutCode(readFileSync(file, 'utf8'));

/** Link targets of one Markdown text: inline links and images, reference definitions, HTML href/src. */
export function linkTargets(text: string): string[] {
  const prose = text.replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)/g)].map((m) => m[1]!.replace(/^<|>$/g, ''));
  const references = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)].map((m) => m[1]!.replace(/^<|>$/g, ''));
  const html = [...prose.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
  return [...inline, ...references, ...html];
}

/** GitHub's anchors for a Markdown text's headings (lower case, punctuation dropped, spaces to "-", repeats numbered). */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = heading!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
}

/** Repository paths named in a Markdown text: words starting with a top folder (`server/…`, `src/…`). */
export function namedPaths(text: string, topFolders: string[]): string[] {
  const folders = topFolders.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const pattern = new RegExp(`(?<![\\w./:@-])((?:${folders})/[\\w./-]*\\w)`, 'g');
  return [...text.matchAll(pattern)].map((m) => m[1]!);
}

const resolve = (from: string, target: string) => (target.startsWith('/') ? target.slice(1) : path.join(path.dirname(from), target));

describe('documentation links', () => {
  it('every relative link in a tracked .md file resolves, anchors included', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      for (const target of linkTargets(textOf(file))) {
        if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target)) continue;
        const [rawPath, anchor] = target.split('#') as [string, string | undefined];
        const local = rawPath ? resolve(file, decodeURIComponent(rawPath)) : file;
        if (!existsSync(local)) broken.push(`${file} → ${target}`);
        else if (anchor && local.endsWith('.md') && !headingAnchors(textOf(local)).has(decodeURIComponent(anchor).toLowerCase())) {
          broken.push(`${file} → ${target} (no such heading)`);
        }
      }
    }
    expect(markdown.length).toBeGreaterThan(5);
    expect(broken).toEqual([]);
  });

  it('every repository path a .md file names exists (from the root or from the file)', () => {
    const broken: string[] = [];
    for (const file of markdown.filter((f) => !HISTORY.test(f))) {
      for (const named of namedPaths(textOf(file), TOP_FOLDERS)) {
        // A bench or script named without its extension (bench/submit) is its .ts file.
        const candidates = [named, path.join(path.dirname(file), named), `${named}.ts`];
        if (!candidates.some((candidate) => existsSync(candidate))) broken.push(`${file} → ${named}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('reads the kinds of links and anchors it checks', () => {
    const text = [
      'See [a](docs/a.md#Part-Two "title"), ![b](<b c.png>), `[not](a-link.md)`',
      '[ref]: ../x.md',
      '<a href="/deploy/y.conf">y</a>',
      '# Part Two',
      '## 导出 `CSV`, PDF!',
      '## Part Two',
    ].join('\n');
    expect(linkTargets(text)).toEqual(['docs/a.md#Part-Two', 'b c.png', '../x.md', '/deploy/y.conf']);
    expect([...headingAnchors(text)]).toEqual(['part-two', '导出-csv-pdf', 'part-two-1']);
    expect(namedPaths('In server/app.ts, `src/ui/pager.tsx`; not http://h/src/x nor pkg/server/y; bench/submit.', ['server', 'src', 'bench'])).toEqual([
      'server/app.ts',
      'src/ui/pager.tsx',
      'bench/submit',
    ]);
  });
});
