import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from './route-preloads.js';

// The server's list of each route's modules must follow the web app's route table: a screen
// moved or renamed there and not here would lose its preload without any page failing.

/** The modules routes.tsx imports on demand, named by their source file (`.tsx` or `.ts`). */
async function lazyModules(): Promise<string[]> {
  const routes = await readFile(path.resolve('src/web/routes.tsx'), 'utf8');
  return [...routes.matchAll(/import\('\.\/([^']+)\.js'\)/g)].map((match) => {
    const name = match[1] ?? '';
    return existsSync(path.resolve('src/web', `${name}.tsx`)) ? `${name}.tsx` : `${name}.ts`;
  });
}

describe('ROUTE_MODULES', () => {
  it('names only modules that src/web/routes.tsx loads on demand', async () => {
    const lazy = new Set(await lazyModules());
    for (const modules of Object.values(ROUTE_MODULES)) {
      for (const module of modules) expect(lazy, module).toContain(module);
    }
  });

  it("names every screen's module that the route table loads on demand", async () => {
    const lazy = await lazyModules();
    const named = new Set(Object.values(ROUTE_MODULES).flat());
    expect(lazy.filter((module) => !named.has(module))).toEqual([]);
  });
});
