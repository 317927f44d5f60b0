import { ApiPaths, DevPaths, LOGOS_PATH } from '../../src/contract/api-paths.js';
import { ConnectPaths } from '../../src/contract/connect.js';
import { isErrorCode } from '../../src/contract/error-codes.js';
import { OpsApiPaths } from '../../src/contract/ops.js';
import { CONNECT_CSS_PATH } from '../../src/server/connect/connect-pages.js';
import type { FuzzRequest } from './fuzz-requests.js';
import type { RawResponse } from './raw-http.js';

function pathOf(target: string): string {
  const query = target.indexOf('?');
  return query < 0 ? target : target.slice(0, query);
}

function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** `{status:'success', message}`, or `{status:'error', code, message}` with a contract code. */
function isStatusBody(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { status, code, message } = value as {
    status?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (typeof message !== 'string') return false;
  return status === 'success' || (status === 'error' && isErrorCode(code));
}

/**
 * Connect's answers are OAuth's (docs/connect.md): JSON objects, an error as RFC 6749 section
 * 5.2's `error`, and its own pages, styled by its own sheet.
 */
function connectProblems(status: number, type: string, body: Buffer): string[] | null {
  if (type.startsWith('text/html')) {
    // A method no Connect route takes falls through to the web app, as any unknown path.
    return body.includes(CONNECT_CSS_PATH) || body.includes('<div id="root">')
      ? []
      : ['HTML that is not a Connect page'];
  }
  if (!type.startsWith('application/json')) return null;
  const json = jsonOf(body);
  if (typeof json !== 'object' || json === null) return ['Connect JSON that is not an object'];
  if (status < 300 || typeof (json as { error?: unknown }).error === 'string') return [];
  return isStatusBody(json) ? [] : [`Connect error without error: ${body.toString('utf8')}`];
}

/** Where the console's calls live: `/api/v1/ops/`. */
const OPS_API = OpsApiPaths.session.replace(/session$/, '');

/** Successful answers that are not `{status, message}` JSON by the contract. */
function isOtherSuccess(path: string, type: string): boolean {
  if (path === ApiPaths.apps || path === DevPaths.mailMessages)
    return type.startsWith('application/json');
  if (path === ApiPaths.activityCsv || path === OpsApiPaths.auditCsv)
    return type.startsWith('text/csv');
  // The console's document viewer gets the proof's own bytes (an image or a PDF).
  if (path === OpsApiPaths.proofDocument) return !type.startsWith('text/html');
  // The console's answers are plain JSON objects (src/contract/ops.ts), its errors as all.
  if (path.startsWith(OPS_API)) return type.startsWith('application/json');
  if (path.startsWith(`${ApiPaths.documents}/`)) return !type.startsWith('text/html');
  return !path.startsWith('/api/');
}

/**
 * What is wrong with an answer, as readable lines (empty when nothing is): no 5xx ever;
 * a well-formed request gets an answer (CONNECT aside); API paths answer `{status, message}` JSON; page
 * paths answer the web app's page.
 */
export function answerProblems(request: FuzzRequest, answer: RawResponse | null): string[] {
  // Node closes a CONNECT nobody listens for without a word (there is no proxy here).
  if (answer === null)
    return request.isWellFormed && request.method !== 'CONNECT' ? ['no answer'] : [];
  if (answer.status >= 500)
    return [`${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`];
  const path = pathOf(request.target);
  const type = answer.headers.get('content-type') ?? '';
  if (
    request.method === 'HEAD' ||
    answer.status === 304 ||
    (answer.status >= 300 && answer.status < 400)
  )
    return [];
  if (path === ConnectPaths.metadata || path.startsWith('/oauth/')) {
    const problems = connectProblems(answer.status, type, answer.body);
    if (problems !== null) return problems;
  }
  if (answer.status < 300 && isOtherSuccess(path, type)) return [];
  if (type.startsWith('application/json')) {
    return isStatusBody(jsonOf(answer.body))
      ? []
      : [
          `JSON without status/message (and code when an error): ${answer.body.toString('utf8').slice(0, 300)}`,
        ];
  }
  if (type.startsWith('text/html') && !path.startsWith('/api/')) {
    const isPage = path.startsWith('/dev/') || answer.body.includes('<div id="root">');
    return isPage ? [] : ['HTML that is not the web app'];
  }
  if (path.startsWith(`${LOGOS_PATH}/`) && answer.status === 200 && type === 'image/png') return [];
  return [`unexpected ${answer.status} ${type}: ${answer.body.toString('utf8').slice(0, 200)}`];
}
