import { ApiPaths } from '../../contract/api-paths.js';
import type { StatusResponse } from '../../contract/auth.js';
import type { SessionsResponse, SignOutOthersResponse } from '../../contract/sessions.js';
import { call } from './http.js';

/** The account screen's sessions calls (docs/decisions/021-sessions.md), one function each. */
export const sessionsApi = {
  list: () => call<SessionsResponse>('get', ApiPaths.sessions),
  signOut: (sessionId: string) => call<StatusResponse>('delete', ApiPaths.session(sessionId)),
  signOutOthers: () => call<SignOutOthersResponse>('post', ApiPaths.signOutOtherSessions),
};

export const sessionKeys = {
  all: ['sessions'] as const,
};

/** The signed-in devices' query, as the account screen and its route's loader ask it. */
export const sessionsQuery = { queryKey: sessionKeys.all, queryFn: sessionsApi.list };
