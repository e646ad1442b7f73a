import { readFileSync } from 'node:fs';
import { minVersion, satisfies } from 'semver';
import { describe, expect, it } from 'vitest';

// `npm install` warns (EBADENGINE) for every installed package whose engines exclude the running Node; the
// README states the oldest Node we support (package.json engines), so nothing installed may require more.
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('Node engines', () => {
  it('every package npm installs accepts the oldest Node the README states', () => {
    const oldest = minVersion(pkg.engines.node)!.version;
    const refused = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && !entry.optional && !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !satisfies(oldest, (entry.engines as { node: string }).node))
      .map(([name, entry]) => `${name} (${(entry.engines as { node: string }).node})`);
    expect(refused).toEqual([]);
  });

  it('the README names the same Node version as package.json', () => {
    expect(readFileSync('README.md', 'utf8')).toContain(`Node.js ${minVersion(pkg.engines.node)!.major}`);
  });
});
