import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/support/fake-api.js';
import { OpsApiPaths, OpsClientPaths } from '../../contract/ops.js';
import { loginPathWith } from '../session/login-notice.js';
import { opsCall } from './ops-call.js';

const assignSpy = vi.fn();
const unauthorized = () =>
  json(401, { status: 'error', code: 'unauthorized', message: 'Sign in.' });

function at(pathname: string) {
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { origin: window.location.origin, pathname, assign: assignSpy },
  });
}

beforeEach(() => {
  assignSpy.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('opsCall', () => {
  it('sends the operator whose session ended to the sign-in page, saying why', async () => {
    at(OpsClientPaths.proofs);
    fakeApi(unauthorized);
    await expect(opsCall('get', OpsApiPaths.proofs)).rejects.toMatchObject({ status: 401 });
    expect(assignSpy).toHaveBeenCalledWith(loginPathWith('ended'));
  });

  it('leaves the 401 of the session check, and any on the sign-in page, to the caller', async () => {
    at(OpsClientPaths.login);
    fakeApi(unauthorized);
    await expect(opsCall('get', OpsApiPaths.session)).rejects.toMatchObject({ status: 401 });
    await expect(opsCall('post', OpsApiPaths.proofs)).rejects.toMatchObject({ status: 401 });
    expect(assignSpy).not.toHaveBeenCalled();
  });

  it('passes a refusal for the role on as it is', async () => {
    at(OpsClientPaths.proofs);
    fakeApi(() => json(403, { status: 'error', code: 'forbidden', message: 'Not for you.' }));
    await expect(opsCall('get', OpsApiPaths.search)).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Not for you.',
    });
    expect(assignSpy).not.toHaveBeenCalled();
  });
});
