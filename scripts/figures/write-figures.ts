import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { format, resolveConfig } from 'prettier';
import { figuresBlock, replaceFigures, type Figures } from './figures-block.js';

/** The checked-out commit, marked when the work tree has changes the figures include. */
export function currentCommit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--short', 'HEAD');
  return git('status', '--porcelain', '--untracked-files=no') === '' ? commit : `${commit}+changes`;
}

/**
 * Writes the figures into `file` between NAME's markers, stamped with now and the commit
 * measured (a long run takes the one it started at), and formats the doc as `npm run lint`
 * expects it.
 */
export async function writeFigures(
  file: string,
  name: string,
  figures: Figures,
  commit = currentCommit(),
): Promise<void> {
  const doc = await readFile(file, 'utf8');
  const block = figuresBlock(figures, {
    at: new Date(),
    commit,
    load: loadavg()[0] ?? 0,
    cores: availableParallelism(),
  });
  const options = { ...(await resolveConfig(file)), filepath: file };
  await writeFile(file, await format(replaceFigures(doc, name, block), options));
}
