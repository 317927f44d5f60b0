import { ApiPaths } from '../../contract/api-paths.js';
import type { KeyGrace, RevealKeysResponse, RollKeyResponse } from '../../contract/keys.js';
import { call } from './http.js';

/** Roll and reveal of an application's API keys. */
export const keysApi = {
  roll: (applicationId: string, grace: KeyGrace) =>
    call<RollKeyResponse>('post', ApiPaths.rollKey(applicationId), { json: { grace } }),
  reveal: (applicationId: string, password: string) =>
    call<RevealKeysResponse>('post', ApiPaths.revealKeys(applicationId), { json: { password } }),
};
