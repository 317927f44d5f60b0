import { useMatches } from 'react-router';
import { RouteMetas, type RouteMeta } from '../contract/routes.js';

/** What each route of routes.tsx carries in its `handle`. */
export interface RouteHandle {
  readonly meta: RouteMeta;
  /** docs/product.md section 2: the login page's layout margins differ from the other pages. */
  readonly layout?: 'login';
  /** docs/product.md section 2: the update screen shows the header on desktop widths only. */
  readonly header?: 'desktopOnly';
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return value !== null && typeof value === 'object' && 'meta' in value;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return { meta: RouteMetas.notFound };
}
