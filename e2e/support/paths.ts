/**
 * Where the specs land. The root stays on the home page only when `loc` names no legacy
 * domain (docs/product.md section 2), so HOME carries such a loc; UNKNOWN is outside docs/product.md section 2.
 */
export const HOME = `/?loc=${encodeURIComponent('https://www.example.org/')}`;
export const UNKNOWN = '/no-such-page';

/** Tagline of docs/product.md section 1, shown by the home page. */
export const TAGLINE =
  'Build trading & investing platforms with our powerful and developer-friendly APIs';

/** A URL predicate for `toHaveURL`: the page is at this path, whatever its query. */
export function isPath(path: string) {
  return (url: URL) => url.pathname === path;
}
