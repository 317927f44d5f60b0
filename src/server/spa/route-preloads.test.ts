import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from './route-preloads.js';

// The server's list of each route's modules must follow the web app's route table: a screen
// moved or renamed there and not here would lose its preload without any page failing.

describe('ROUTE_MODULES', () => {
  it('names only modules that src/web/routes.tsx loads on demand', async () => {
    const routes = await readFile(path.resolve('src/web/routes.tsx'), 'utf8');
    const lazy = new Set(
      [...routes.matchAll(/import\('\.\/([^']+)\.js'\)/g)].map((match) => `${match[1] ?? ''}.tsx`),
    );
    for (const modules of Object.values(ROUTE_MODULES)) {
      for (const module of modules) expect(lazy, module).toContain(module);
    }
  });

  it("names every screen's module that the route table loads on demand", async () => {
    const routes = await readFile(path.resolve('src/web/routes.tsx'), 'utf8');
    const lazy = [...routes.matchAll(/import\('\.\/([^']+)\.js'\)/g)].map(
      (match) => `${match[1] ?? ''}.tsx`,
    );
    const named = new Set(Object.values(ROUTE_MODULES).flat());
    expect(lazy.filter((module) => !named.has(module))).toEqual([]);
  });
});
