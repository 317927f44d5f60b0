import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/support/fake-api.js';
import { fakeJwt } from '../../../test/support/brand.js';
import { PasskeyMessages } from '../../contract/messages-passkeys.js';
import { StepUpMessages } from '../../contract/messages-step-up.js';
import { PasskeyPaths } from '../../contract/passkey-paths.js';
import { StorageKeys } from '../session/storage.js';
import { StepUpDialog } from './StepUpDialog.js';

const CREDENTIAL = { id: 'a2V5', rawId: 'a2V5', type: 'public-key', response: {} };
let isCancelled = false;

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: () =>
    isCancelled ? Promise.reject(new Error('NotAllowedError')) : Promise.resolve(CREDENTIAL),
}));

function passkeyApi() {
  return fakeApi((request) => {
    if (request.url === PasskeyPaths.stepUpOptions) {
      return json(200, { status: 'success', message: '', options: { challenge: 'c2' } });
    }
    if (request.url === PasskeyPaths.stepUp) {
      return json(200, { status: 'success', message: StepUpMessages.granted, stepUpUntil: '' });
    }
    return json(404, { status: 'error', code: 'not_found', message: 'No such call.' });
  });
}

beforeEach(() => {
  isCancelled = false;
  document.cookie = 'XSRF-TOKEN=nonce.signature';
  localStorage.setItem(StorageKeys.accessToken, fakeJwt(2_000_000_000));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StepUpDialog', () => {
  it('confirms with a passkey when the developer has one: the assertion goes to the step-up', async () => {
    const seen = passkeyApi();
    const onDone = vi.fn();
    render(<StepUpDialog proof="code" withPasskey onDone={onDone} />);
    expect(screen.getByText(StepUpMessages.leadPasskey)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: StepUpMessages.usePasskey }));

    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    const sent = seen.find((request) => request.url === PasskeyPaths.stepUp);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ credential: CREDENTIAL });
  });

  it('says so beside the field when the browser does not use the passkey, and stays open', async () => {
    const seen = passkeyApi();
    isCancelled = true;
    const onDone = vi.fn();
    render(<StepUpDialog proof="code" withPasskey onDone={onDone} />);

    await userEvent.click(screen.getByRole('button', { name: StepUpMessages.usePasskey }));

    expect(await screen.findByText(PasskeyMessages.cancelled)).toBeVisible();
    expect(onDone).not.toHaveBeenCalled();
    expect(seen.filter((request) => request.url === PasskeyPaths.stepUp)).toEqual([]);
  });

  it('offers no passkey to a developer without one', () => {
    passkeyApi();
    render(<StepUpDialog proof="code" withPasskey={false} onDone={vi.fn()} />);
    expect(screen.getByText(StepUpMessages.leadCode)).toBeVisible();
    expect(screen.queryByRole('button', { name: StepUpMessages.usePasskey })).toBeNull();
  });
});
