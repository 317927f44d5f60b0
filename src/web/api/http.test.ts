import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../test/support/brand.js';
import { fakeApi, json, refreshed } from '../../../test/support/fake-api.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { OPS_API_ROOT } from '../../contract/ops-api-root.js';
import { StorageKeys } from '../session/storage.js';
import { Messages } from '../../contract/messages.js';
import { ApiError, call, REFRESH_LOCK } from './http.js';

const OLD_TOKEN = fakeJwt(2_000_000_000);
const NEW_TOKEN = fakeJwt(2_000_000_100);

const alertSpy = vi.fn();
const assignSpy = vi.fn();

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=nonce.signature';
  alertSpy.mockReset();
  assignSpy.mockReset();
  vi.stubGlobal('alert', alertSpy);
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { origin: window.location.origin, assign: assignSpy },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the HTTP client (docs/product.md section 7)', () => {
  it('sends the bearer token on authenticated calls only, and the XSRF header on writes', async () => {
    localStorage.setItem(StorageKeys.accessToken, OLD_TOKEN);
    const seen = fakeApi(() => json(200, { status: 'success', message: 'ok' }));
    await call('get', ApiPaths.apps);
    await call('post', ApiPaths.signin, { json: { email: 'a@b.co', password: 'x' } });
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${OLD_TOKEN}`);
    expect(seen[0]?.headers.has('x-xsrf-token')).toBe(false);
    expect(seen[1]?.headers.has('authorization')).toBe(false);
    expect(seen[1]?.headers.get('x-xsrf-token')).toBe('nonce.signature');
  });

  it('echoes the __Host- cookie the server sets over https, before a plain one', async () => {
    // jsdom runs on http, where a browser keeps no __Host- cookie: stand in for document.cookie.
    const cookies = vi
      .spyOn(Document.prototype, 'cookie', 'get')
      .mockReturnValue('XSRF-TOKEN=planted.value; __Host-XSRF-TOKEN=host.signature');
    const seen = fakeApi(() => json(200, { status: 'success', message: 'ok' }));
    await call('post', ApiPaths.signin, { json: { email: 'a@b.co', password: 'x' } });
    cookies.mockRestore();
    expect(seen[0]?.headers.get('x-xsrf-token')).toBe('host.signature');
  });

  it('refreshes once for concurrent 401s and replays each request with the new token', async () => {
    localStorage.setItem(StorageKeys.accessToken, OLD_TOKEN);
    localStorage.setItem(StorageKeys.refreshToken, 'refresh-1');
    localStorage.setItem(StorageKeys.developerId, 'dev-1');
    const seen = fakeApi((request) => {
      if (request.url === ApiPaths.refresh) return refreshed(NEW_TOKEN, 'refresh-2');
      return request.headers.get('authorization') === `Bearer ${NEW_TOKEN}`
        ? json(200, { path: request.url })
        : json(401, { status: 'error', message: 'Unauthorized' });
    });
    const results = await Promise.all([
      call<{ path: string }>('get', ApiPaths.apps),
      call<{ path: string }>('get', ApiPaths.app('a1')),
      call<{ path: string }>('delete', ApiPaths.app('a2')),
    ]);
    expect(results.map((r) => r.path)).toEqual([
      ApiPaths.apps,
      ApiPaths.app('a1'),
      ApiPaths.app('a2'),
    ]);
    const refreshes = seen.filter((r) => r.url === ApiPaths.refresh);
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(refreshes[0]?.body ?? '')).toEqual({
      refresh_token: 'refresh-1',
      id: 'dev-1',
    });
    expect(localStorage.getItem(StorageKeys.accessToken)).toBe(NEW_TOKEN);
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBe('refresh-2');
  });

  it('goes to /login with 401 Unauthorized when no refresh token is stored', async () => {
    localStorage.setItem(StorageKeys.accessToken, OLD_TOKEN);
    const seen = fakeApi(() => json(401, { status: 'error', message: 'Unauthorized' }));
    const failure = call('get', ApiPaths.apps);
    await expect(failure).rejects.toEqual(new ApiError(401, 'Unauthorized'));
    expect(seen).toHaveLength(1);
    expect(assignSpy).toHaveBeenCalledWith('/login');
  });

  it('sends the console its 401 without the bearer, a refresh or /login', async () => {
    localStorage.setItem(StorageKeys.accessToken, OLD_TOKEN);
    localStorage.setItem(StorageKeys.refreshToken, 'refresh-1');
    const seen = fakeApi(() =>
      json(401, { status: 'error', code: 'unauthorized', message: 'Sign in.' }),
    );
    await expect(call('get', `${OPS_API_ROOT}/session`)).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.has('authorization')).toBe(false);
    expect(assignSpy).not.toHaveBeenCalled();
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBe('refresh-1');
  });

  it('shows a failed refresh in an alert dialog, then goes to /login', async () => {
    localStorage.setItem(StorageKeys.accessToken, OLD_TOKEN);
    localStorage.setItem(StorageKeys.refreshToken, 'stale');
    fakeApi((request) =>
      request.url === ApiPaths.refresh
        ? json(401, { status: 'error', message: 'Your session has expired. Please sign in again.' })
        : json(401, { status: 'error', message: 'Unauthorized' }),
    );
    await expect(call('get', ApiPaths.apps)).rejects.toMatchObject({ status: 401 });
    expect(alertSpy).toHaveBeenCalledWith('Your session has expired. Please sign in again.');
    expect(assignSpy).toHaveBeenCalledWith('/login');
  });

  it('retries a failed read once, then hands the server message to the caller', async () => {
    const seen = fakeApi(() => json(503, { status: 'error', message: 'busy' }));
    await expect(call('get', ApiPaths.apps)).rejects.toMatchObject({
      status: 503,
      message: 'busy',
    });
    expect(seen).toHaveLength(2);
  });

  it('does not repeat a write that failed', async () => {
    const seen = fakeApi(() => json(500, { status: 'error', message: 'oops' }));
    await expect(call('post', ApiPaths.createApp, { json: {} })).rejects.toMatchObject({
      status: 500,
    });
    expect(seen).toHaveLength(1);
  });

  it('replays a write once with the fresh anti-forgery cookie its 403 brought', async () => {
    const seen = fakeApi((request) => {
      if (request.headers.get('x-xsrf-token') === 'fresh.signature') {
        return json(201, { status: 'success', message: 'created' });
      }
      // The browser stores the Set-Cookie of the refusal before the client sees it.
      document.cookie = 'XSRF-TOKEN=fresh.signature';
      return json(403, { status: 'error', message: 'Invalid or missing anti-forgery token' });
    });
    await expect(call('post', ApiPaths.createApp, { json: { a: 1 } })).resolves.toEqual({
      status: 'success',
      message: 'created',
    });
    expect(seen.map((r) => [r.headers.get('x-xsrf-token'), r.body])).toEqual([
      ['nonce.signature', '{"a":1}'],
      ['fresh.signature', '{"a":1}'],
    ]);
  });

  it('passes a 403 that brought no new cookie to the caller without a replay', async () => {
    const seen = fakeApi(() => json(403, { status: 'error', message: 'Forbidden' }));
    await expect(call('put', ApiPaths.app('a1'), { json: {} })).rejects.toMatchObject({
      status: 403,
      message: 'Forbidden',
    });
    expect(seen).toHaveLength(1);
  });

  it('replays at most once when every answer brings another cookie', async () => {
    let issued = 0;
    const seen = fakeApi(() => {
      issued += 1;
      document.cookie = `XSRF-TOKEN=fresh${issued}.signature`;
      return json(403, { status: 'error', message: 'Invalid or missing anti-forgery token' });
    });
    await expect(call('delete', ApiPaths.app('a1'))).rejects.toMatchObject({ status: 403 });
    expect(seen).toHaveLength(2);
  });

  it('passes a 4xx answer to the caller with its body', async () => {
    fakeApi(() => json(409, { status: 'error', message: 'developer exists' }));
    const error = await call('post', ApiPaths.signup, { json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'developer exists',
      body: { status: 'error' },
    });
  });
});

/**
 * Web Locks as a browser grants them, for jsdom, which has none: one holder per name at a
 * time, the others in order. `held` says whether someone holds the lock now.
 */
function installLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const state = { held: false, names: [] as string[] };
  const locks: Pick<LockManager, 'request'> = {
    request: <T>(name: string, callback: () => Promise<T>) => {
      state.names.push(name);
      const run = tail.then(async () => {
        state.held = true;
        try {
          return await callback();
        } finally {
          state.held = false;
        }
      });
      tail = run.catch(() => undefined);
      return run;
    },
  } as Pick<LockManager, 'request'>;
  Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
  return { state, locks };
}

/** Another tab takes the refresh lock and keeps it until `release`. */
function holdLock(locks: Pick<LockManager, 'request'>) {
  const release: (() => void)[] = [];
  const held = locks.request(
    REFRESH_LOCK,
    () => new Promise<void>((resolve) => release.push(resolve)),
  );
  return {
    release: async () => {
      for (const resolve of release) resolve();
      await held;
    },
  };
}

describe('one refresh across tabs', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('refreshes while holding the portal-wide lock', async () => {
    const { state } = installLocks();
    localStorage.setItem(StorageKeys.accessToken, OLD_TOKEN);
    localStorage.setItem(StorageKeys.refreshToken, 'refresh-1');
    let isHeldDuringRefresh = false;
    fakeApi((request) => {
      if (request.url === ApiPaths.refresh) {
        isHeldDuringRefresh = state.held;
        return refreshed(NEW_TOKEN, 'refresh-2');
      }
      return request.headers.get('authorization') === `Bearer ${NEW_TOKEN}`
        ? json(200, { ok: true })
        : json(401, { status: 'error', message: 'Unauthorized' });
    });
    await expect(call('get', ApiPaths.apps)).resolves.toEqual({ ok: true });
    expect(state.names).toEqual([REFRESH_LOCK]);
    expect(isHeldDuringRefresh).toBe(true);
  });

  it('uses the tokens another tab stored while this one waited, without refreshing again', async () => {
    const { locks } = installLocks();
    localStorage.setItem(StorageKeys.accessToken, OLD_TOKEN);
    localStorage.setItem(StorageKeys.refreshToken, 'refresh-1');
    const otherTab = holdLock(locks);
    const seen = fakeApi((request) =>
      request.headers.get('authorization') === `Bearer ${NEW_TOKEN}`
        ? json(200, { ok: true })
        : json(401, { status: 'error', message: 'Unauthorized' }),
    );
    const answer = call('get', ApiPaths.apps);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    // The other tab's refresh lands in the shared storage, then it lets go of the lock.
    localStorage.setItem(StorageKeys.accessToken, NEW_TOKEN);
    localStorage.setItem(StorageKeys.refreshToken, 'refresh-2');
    await otherTab.release();
    await expect(answer).resolves.toEqual({ ok: true });
    expect(seen.map((r) => r.url)).toEqual([ApiPaths.apps, ApiPaths.apps]);
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBe('refresh-2');
  });

  it('goes to /login when another tab logged out while this one waited', async () => {
    const { locks } = installLocks();
    localStorage.setItem(StorageKeys.accessToken, OLD_TOKEN);
    localStorage.setItem(StorageKeys.refreshToken, 'refresh-1');
    const otherTab = holdLock(locks);
    const seen = fakeApi(() => json(401, { status: 'error', message: 'Unauthorized' }));
    const answer = call('get', ApiPaths.apps);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    localStorage.clear();
    await otherTab.release();
    await expect(answer).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
    expect(alertSpy).toHaveBeenCalledWith(Messages.auth.sessionExpired);
    expect(assignSpy).toHaveBeenCalledWith('/login');
  });
});
