import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 45 item 6: colours are custom properties of one sheet (src/styles/tokens.css), and the project has one spinner
// (`@keyframes wj-spin` there, reached as `animation: var(--animation-spin)`). Recount by hand with
// grep -rhoE '#[0-9a-fA-F]{3,8}\b' src --include=*.css. The phone pages (src/respond, src/vote-page and their base
// sheet src/styles/phone-base.css) are held to the same rule: their palette is a section of the tokens sheet.
const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKENS = 'src/styles/tokens.css';

const HEX = /#[0-9a-fA-F]{3,8}\b/g;
const SPIN_KEYFRAMES = /@keyframes\s+[\w-]*spin\b/g;
const hexColours = (css: string): string[] => css.match(HEX) ?? [];
const spinKeyframes = (css: string): number => (css.match(SPIN_KEYFRAMES) ?? []).length;

function filesUnder(dir: string, ending: RegExp): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
    .filter((file) => ending.test(file));
}
const sheets = filesUnder('src', /\.css$/);
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

describe('one stylesheet of tokens (src/styles/tokens.css)', () => {
  it('counts hex colours and spin keyframes as the grep does', () => {
    expect(hexColours('a { color: #fff; background: #1a2b3c80; border-color: var(--color-border); }')).toEqual(['#fff', '#1a2b3c80']);
    expect(spinKeyframes('@keyframes spin { to {} } @keyframes r-spin { to {} } @keyframes fade { to {} }')).toBe(2);
  });

  it('holds every colour of the app and the phone pages: no hex colour in any other sheet', () => {
    const found = sheets.filter((file) => file !== TOKENS).flatMap((file) => hexColours(read(file)).map((hex) => `${file}: ${hex}`));
    expect(found).toEqual([]);
    expect(hexColours(read(TOKENS)).length).toBeGreaterThan(0);
  });

  it('has the one spinner: a single spin keyframes, in the tokens sheet', () => {
    const defined = sheets.flatMap((file) => Array.from({ length: spinKeyframes(read(file)) }, () => file));
    expect(defined).toEqual([TOKENS]);
    expect(read(TOKENS)).toMatch(/--animation-spin:\s*wj-spin /);
  });

  it('lets no screen import a sheet that a *-styles.ts wraps (it would miss the shared classes joined there)', () => {
    const sources = filesUnder('src', /\.tsx?$/);
    const wrapped = sources
      .filter((file) => file.endsWith('-styles.ts'))
      .flatMap((wrapper) =>
        [...read(wrapper).matchAll(/from '\.\/([\w-]+\.module\.css)'/g)].map((m) => ({ wrapper, sheet: path.posix.join(path.posix.dirname(wrapper), m[1]!) })),
      );
    expect(wrapped.length).toBeGreaterThan(0);
    const direct = sources.flatMap((file) =>
      [...read(file).matchAll(/from '(\.[^']+\.module\.css)'/g)]
        .map((m) => path.posix.join(path.posix.dirname(file), m[1]!))
        .filter((sheet) => wrapped.some((w) => w.sheet === sheet && w.wrapper !== file))
        .map((sheet) => `${file} imports ${sheet}`),
    );
    expect(direct).toEqual([]);
  });
});
