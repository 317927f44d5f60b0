import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/performance.md and docs/reliability.md give the method and the current figures
// only, each block written by the command that makes it (scripts/figures/).
const blocks = {
  'docs/performance.md': ['lighthouse', 'bench', 'drain', 'gateway', 'connect', 'growth'],
  'docs/reliability.md': ['crash'],
} as const;

describe.each(Object.entries(blocks))('%s', (file, names) => {
  const doc = readFileSync(file, 'utf8');

  it('stays under 200 lines', () => {
    expect(doc.split('\n').length).toBeLessThan(200);
  });

  it.each(names)('holds the markers the %s figures are written between, once', (name) => {
    expect(doc.split(`<!-- figures:${name} -->`)).toHaveLength(2);
    expect(doc.split(`<!-- /figures:${name} -->`)).toHaveLength(2);
  });

  it('has no figures outside the blocks the commands write', () => {
    const outside = names.reduce(
      (rest, name) =>
        rest.replace(
          new RegExp(`<!-- figures:${name} -->[\\s\\S]*<!-- /figures:${name} -->`, 'u'),
          '',
        ),
      doc,
    );
    expect(outside).not.toMatch(/^Made by /mu);
    expect(outside).not.toMatch(/\b20\d\d-\d\d-\d\d\b/u);
  });
});
