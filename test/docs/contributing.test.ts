import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// CONTRIBUTING.md is a newcomer's first page: every file it names exists and every command
// it tells them to run is one the repository provides.
const guide = readFileSync('CONTRIBUTING.md', 'utf8');
const scripts = Object.keys(
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
);

/** The commands of the guide: its shell blocks' lines and its inline commands with flags. */
function commandsOf(text: string): string[] {
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/gu)].flatMap((match) =>
    (match[1] ?? '').split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')),
  );
  const inline = [...text.matchAll(/`([a-z][\w-]* [^`]*)`/gu)]
    .map((match) => match[1] ?? '')
    .filter((span) => /^(npm|npx) /u.test(span) || / --?[a-z]/u.test(span));
  return [...blocks, ...inline].flatMap((line) =>
    line.split('&&').map((command) => command.replace(/#.*$/u, '').trim()),
  );
}

function isProvided(command: string): boolean {
  const [tool = '', first = '', second = ''] = command.split(/\s+/u);
  if (tool === 'npm') return first === 'test' || (first === 'run' && scripts.includes(second));
  if (tool === 'npx') return existsSync(`node_modules/.bin/${first}`);
  return false;
}

describe('CONTRIBUTING.md', () => {
  it('names only files and folders that exist', () => {
    const paths = guide.match(/\b(?:src|test|e2e|scripts|bench|proof|docs)\/[\w./-]*\w/gu) ?? [];
    const placeholders = /NNN|<|>/u;
    const missing = paths.filter((path) => !placeholders.test(path) && !existsSync(path));
    expect(missing).toEqual([]);
  });

  it('tells a newcomer to run only npm scripts and tools the repository installs', () => {
    const commands = commandsOf(guide);
    expect(commands.length).toBeGreaterThan(10);
    expect(commands.filter((command) => !isProvided(command))).toEqual([]);
  });
});
