import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../../src/app/route-table';
import { renderPlaceholderSection, STATUS_PATH, updatedStatus } from '../../scripts/status-doc';

describe('docs/status.md', () => {
  it('lists exactly the placeholder screens of the route table (run scripts/status-doc.ts to refresh)', () => {
    const current = readFileSync(STATUS_PATH, 'utf8');
    expect(updatedStatus(current)).toBe(current);
  });

  it('names every placeholder route', () => {
    const section = renderPlaceholderSection();
    for (const entry of ROUTE_TABLE.filter((each) => each.placeholder)) {
      expect(section).toContain(`| \`${entry.path}\` | ${entry.title} |`);
    }
  });
});
