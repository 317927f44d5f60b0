import { describe, expect, it } from 'vitest';
import { figuresBlock, replaceFigures } from './figures-block.js';

const figures = {
  command: 'npm run proof:crash',
  columns: ['engine', 'kills', 'findings'],
  rows: [
    ['SQLite', '30', '0'],
    ['PostgreSQL | S3', '30', '0'],
  ],
};
const made = {
  at: new Date(Date.UTC(2026, 10, 28, 16, 5, 42)),
  commit: 'abc1234',
  load: 3.14,
  cores: 2,
};

describe('the figures block', () => {
  it('says what made the figures, when, on which commit and machine, then the table', () => {
    expect(figuresBlock(figures, made)).toBe(
      [
        'Made by `npm run proof:crash` on 2026-11-28 16:05 UTC at commit `abc1234`, 2 cores, load average 3.1.',
        '',
        '| engine | kills | findings |',
        '| --- | --- | --- |',
        '| SQLite | 30 | 0 |',
        '| PostgreSQL \\| S3 | 30 | 0 |',
      ].join('\n'),
    );
  });

  it('replaces only what stands between its own markers, again and again', () => {
    const doc = [
      '# Doc',
      '<!-- figures:crash -->',
      'old figures',
      '<!-- /figures:crash -->',
      '<!-- figures:other -->',
      'kept',
      '<!-- /figures:other -->',
      'tail',
    ].join('\n');
    const once = replaceFigures(doc, 'crash', 'new figures');
    expect(once).toBe(
      [
        '# Doc',
        '<!-- figures:crash -->',
        '',
        'new figures',
        '',
        '<!-- /figures:crash -->',
        '<!-- figures:other -->',
        'kept',
        '<!-- /figures:other -->',
        'tail',
      ].join('\n'),
    );
    expect(replaceFigures(once, 'crash', 'new figures')).toBe(once);
  });

  it('refuses a doc without the markers rather than losing the figures', () => {
    expect(() => replaceFigures('# Doc\n', 'crash', 'x')).toThrow(
      'no <!-- figures:crash --> ... <!-- /figures:crash --> markers in the doc',
    );
  });
});
