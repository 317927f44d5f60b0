import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

// README "Behind a load balancer": the block is meant to be copied into an env file, so it
// must be one, and every variable in it must be one the portal reads, with a value it takes.
const readme = readFileSync('README.md', 'utf8');
const section = readme.split('### Behind a load balancer')[1] ?? '';
const block = /```(?:sh|env|dotenv)?\n([\s\S]*?)```/u.exec(section)?.[1] ?? '';
const configSource = readFileSync('src/server/config.ts', 'utf8');

/** The placeholders an operator replaces, as values of the shape the portal takes. */
function filledIn(env: NodeJS.Dict<string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value = '']) => [
      name,
      value === '...' ? `${name.toLowerCase()}-0123456789abcdef0123456789` : value,
    ]),
  );
}

describe("the README's load-balancer block", () => {
  const lines = block.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const env = parseEnv(block);

  it('is an env file: one NAME=value a line, each value a single token, comments on their own', () => {
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9_]*=[^\s#]+$/u);
    expect(Object.keys(env)).toHaveLength(lines.length);
  });

  it('names only variables the configuration reads, with values it accepts', () => {
    for (const name of Object.keys(env)) expect(configSource).toContain(`'${name}'`);
    const config = loadConfig(filledIn(env));
    expect(config.mode).toBe('production');
    expect(config.trustProxy).toBe(1);
    expect(config.metrics.port).toBe(9464);
    expect(config.storage.s3).toMatchObject({ bucket: 'portal-files', region: 'ap-south-1' });
  });
});
