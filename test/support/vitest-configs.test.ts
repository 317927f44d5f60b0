import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestProjectConfiguration } from 'vitest/config';
import benchConfig from '../../vitest.bench.config.js';
import config from '../../vitest.config.js';
import { FIXED_FUZZ_SEED, fuzzSeed } from './fuzz-seed.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FUZZER = 'src/server/fuzz/routes.fuzz.api.test.ts';

function project(projects: TestProjectConfiguration[] | undefined, name: string) {
  const found = projects?.find(
    (entry) => typeof entry === 'object' && !('then' in entry) && entry.test?.name === name,
  );
  if (found === undefined || typeof found !== 'object' || 'then' in found) {
    throw new Error(`no project ${name}`);
  }
  return found.test ?? {};
}

describe('the test runs', () => {
  it('refuse a `.only` left in a file, in `vitest run` and in the bench', () => {
    expect(config.test?.allowOnly).toBe(false);
    expect(benchConfig.test?.allowOnly).toBe(false);
  });

  it('fuzz with a fixed seed unless asked for another, so CI replays the same requests', () => {
    expect(fuzzSeed({}, 123)).toBe(FIXED_FUZZ_SEED);
    expect(fuzzSeed({ CI: 'true' }, 123)).toBe(FIXED_FUZZ_SEED);
    expect(fuzzSeed({ FUZZ_SEED: '42' }, 123)).toBe(42);
    expect(fuzzSeed({ FUZZ_RANDOM_SEED: 'true' }, 2 ** 31 + 5)).toBe(5);
    const api = project(config.test?.projects, 'api-sqlite');
    expect(api.env?.FUZZ_RANDOM_SEED).toBeUndefined();
  });

  it('leave the fresh fuzz seed and the wall-clock ratios to `npm run bench`', async () => {
    const budgets = project(benchConfig.test?.projects, 'budgets');
    expect(budgets.include).toEqual(expect.arrayContaining(['bench/timing.bench.ts', FUZZER]));
    expect(budgets.env?.FUZZ_RANDOM_SEED).toBe('true');
    const files = await readdir(path.join(ROOT, 'src'), { recursive: true });
    const timed: string[] = [];
    for (const file of files.filter((name) => name.endsWith('.api.test.ts'))) {
      const text = await readFile(path.join(ROOT, 'src', file), 'utf8');
      if (text.includes('performance.now(')) timed.push(file);
    }
    expect(timed).toEqual([]);
  });
});
