import { StorageKeys } from '../session/storage.js';
import {
  ApiError,
  hasFreshXsrfCookie,
  readXsrfCookie,
  renewAccessToken,
  XSRF_HEADER,
} from './http.js';
import { startLoading } from './loading.js';

/** Fraction 0..1 of the request body sent so far. */
export type ProgressListener = (fraction: number) => void;

function send(method: 'POST' | 'PUT', url: string, body: FormData, onProgress: ProgressListener) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    const token = localStorage.getItem(StorageKeys.accessToken);
    if (token !== null) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = readXsrfCookie();
    if (xsrf !== null) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      const record =
        parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
      resolve({ status: xhr.status, body: record });
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'The portal could not be reached. Check your connection and try again.'),
      );
    xhr.send(body);
  });
}

/**
 * A multipart write with upload progress: XMLHttpRequest, since fetch reports none. The
 * session concerns match the HTTP client's: bearer, anti-forgery header (one replay with a
 * fresh cookie), 401 refresh-replay.
 */
export async function uploadForm<T>(
  method: 'POST' | 'PUT',
  path: string,
  body: FormData,
  onProgress: ProgressListener = () => undefined,
): Promise<T> {
  const done = startLoading();
  try {
    const sentXsrf = readXsrfCookie();
    let sentToken = localStorage.getItem(StorageKeys.accessToken);
    let answer = await send(method, path, body, onProgress);
    if (answer.status === 403 && hasFreshXsrfCookie(sentXsrf)) {
      sentToken = localStorage.getItem(StorageKeys.accessToken);
      answer = await send(method, path, body, onProgress);
    }
    if (answer.status === 401) {
      await renewAccessToken(sentToken);
      answer = await send(method, path, body, onProgress);
    }
    if (answer.status < 200 || answer.status >= 300) {
      const message =
        typeof answer.body.message === 'string'
          ? answer.body.message
          : `Request failed (${answer.status})`;
      throw new ApiError(answer.status, message, answer.body);
    }
    onProgress(1);
    return answer.body as T;
  } finally {
    done();
  }
}
