/** `path?name=value&…` of the defined values, or the path alone when none is. */
export function withQuery(
  path: string,
  query: Readonly<Record<string, string | undefined>>,
): string {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return search === '' ? path : `${path}?${search}`;
}
