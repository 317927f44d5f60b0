import type { ApplicationResponse } from '../../src/contract/apps.js';
import { Messages } from '../../src/contract/messages.js';
import { maskApiKey } from '../../src/contract/rules.js';

/** An application as its GET answers it, for the web app's screen tests: one current key. */
export function appResponse(
  applicationId: string,
  secret: string,
  overrides: Partial<ApplicationResponse> = {},
): ApplicationResponse {
  return {
    status: 'success',
    message: Messages.apps.found,
    applicationId,
    applicationName: 'Momentum bot',
    logoUrl: '/default-app-icon.png',
    logoName: null,
    callbackUrl: 'https://bot.example.com/cb',
    postbackUrl: '',
    allowedUsers: 'AB1234',
    isActive: true,
    secret,
    keys: [{ id: 'k-old', masked: maskApiKey(secret), expiresAt: null }],
    description: '',
    algoId: '',
    renewalDate: '2027-11-26T00:00:00.000Z',
    ipChangeAllowedAt: null,
    ipRecordsWithFamilyPending: [],
    operatorHold: null,
    block: null,
    ...overrides,
  };
}
