import type { IncomingHttpHeaders } from 'node:http';

/** Node's headers with each repeated header joined into one value, as HTTP allows. */
export function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
