import type { ComponentType } from 'react';
import { OpsNotFound } from './shell/OpsPages.js';

interface PageModule {
  readonly default: ComponentType;
}

// Every page module there is, each its own chunk, fetched when its route is first entered.
const PAGES = import.meta.glob<PageModule>('./pages/*/*Page.tsx');

/**
 * A route's `lazy` for the page module at `path` (relative to src/ops/, default-exporting
 * its page). The console's pages are written side by side: a route whose module
 * is not written yet shows the not-found page until it is, and the table builds meanwhile.
 */
export function lazyPage(path: `./pages/${string}Page.tsx`) {
  const load = PAGES[path];
  return async (): Promise<{ Component: ComponentType }> => ({
    Component: load === undefined ? OpsNotFound : (await load()).default,
  });
}
