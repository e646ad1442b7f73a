import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every relative link in the project's Markdown points at a file that exists (code blocks aside).
const markdown = execFileSync('git', ['ls-files', '*.md'], { encoding: 'utf8' }).split('\n').filter(Boolean);

describe('documentation links', () => {
  it('every relative link in a tracked .md file resolves', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target!)) continue;
        const local = decodeURIComponent(target!.split('#')[0]!);
        if (local && !existsSync(path.join(path.dirname(file), local))) broken.push(`${file} → ${target}`);
      }
    }
    expect(markdown.length).toBeGreaterThan(5);
    expect(broken).toEqual([]);
  });
});
