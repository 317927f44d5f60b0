import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// CONTRIBUTING.md, house rules: comments and docs cite what a reader of the repository can
// open (a docs/product.md section, a decision record), never a tracker's issue number.
const FOLDERS = ['src', 'test', 'e2e', 'bench', 'proof', 'scripts', 'docs'];
const FILES = ['README.md', 'CONTRIBUTING.md'];
const TEXT = /\.(?:ts|tsx|js|mjs|md|css|html)$/u;
const CITATION = /\bissues? #?\d/iu;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return TEXT.test(entry.name) ? [full] : [];
  });
}

describe('comments and docs', () => {
  it('cite no issue number', () => {
    const citing = [...FOLDERS.flatMap(filesUnder), ...FILES].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (CITATION.test(line) ? [`${file}:${String(index + 1)}`] : [])),
    );
    expect(citing).toEqual([]);
  });
});
