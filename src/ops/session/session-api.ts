import {
  OpsApiPaths,
  type Operator,
  type OpsSessionResponse,
  type OpsSignInRequest,
} from '../../contract/ops.js';
import { hasErrorCode, opsCall } from '../api/ops-call.js';

/** The signed-in operator, or null without a live console session. */
export async function fetchOperator(): Promise<Operator | null> {
  try {
    return (await opsCall<OpsSessionResponse>('get', OpsApiPaths.session)).operator;
  } catch (error) {
    if (hasErrorCode(error, 'unauthorized')) return null;
    throw error;
  }
}

export async function signIn(request: OpsSignInRequest): Promise<Operator> {
  return (await opsCall<OpsSessionResponse>('post', OpsApiPaths.session, { json: request }))
    .operator;
}

export async function signOut(): Promise<void> {
  await opsCall<unknown>('delete', OpsApiPaths.session);
}
