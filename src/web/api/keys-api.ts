import { ApiPaths } from '../../contract/api-paths.js';
import type { KeyGrace, RevealKeysResponse, RollKeyResponse } from '../../contract/keys.js';
import { call } from './http.js';
import { withStepUp } from './step-up.js';

/** Roll and reveal of an application's API keys, each after a step-up. */
export const keysApi = {
  roll: (applicationId: string, grace: KeyGrace) =>
    withStepUp(() =>
      call<RollKeyResponse>('post', ApiPaths.rollKey(applicationId), { json: { grace } }),
    ),
  reveal: (applicationId: string) =>
    withStepUp(() =>
      call<RevealKeysResponse>('post', ApiPaths.revealKeys(applicationId), { json: {} }),
    ),
};
