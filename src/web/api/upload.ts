import { call, type Transport } from './http.js';

/** Fraction 0..1 of the request body sent so far. */
export type ProgressListener = (fraction: number) => void;

// Statuses whose answer has no body (the Response constructor refuses one for them).
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A fetch that reports upload progress: XMLHttpRequest, since fetch reports none (a streamed
 * request body needs HTTP/2). It fails as fetch does: a TypeError for a network failure, the
 * signal's reason when aborted.
 */
export function progressTransport(onProgress: ProgressListener): Transport {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = await request.arrayBuffer();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.responseType = 'arraybuffer';
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        const hasBody = !NULL_BODY_STATUSES.has(xhr.status);
        resolve(
          new Response(hasBody ? (xhr.response as ArrayBuffer) : null, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: headersOf(xhr),
          }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.onabort = () => {
        const reason: unknown = request.signal.reason;
        reject(reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError'));
      };
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  };
}

/**
 * A multipart write with upload progress, through the one session client of http.ts (bearer,
 * anti-forgery header, 401 replay, the retry of decision 009, error parsing).
 */
export async function uploadForm<T>(
  method: 'POST' | 'PUT',
  path: string,
  body: FormData,
  onProgress: ProgressListener = () => undefined,
): Promise<T> {
  const answer = await call<T>(method === 'POST' ? 'post' : 'put', path, {
    body,
    transport: progressTransport(onProgress),
  });
  onProgress(1);
  return answer;
}
