import type { StatusResponse } from '../../contract/auth.js';
import type { ConnectSessionsResponse } from '../../contract/connect-sessions.js';
import { call } from './http.js';
import { ConnectSessionPaths } from '../../contract/connect-session-paths.js';

/** An application's Connect sessions of today, and ending one (docs/connect.md, "Sessions"). */
export const connectSessionsApi = {
  list: (applicationId: string) =>
    call<ConnectSessionsResponse>('get', ConnectSessionPaths.list(applicationId)),
  end: (applicationId: string, sessionId: string) =>
    call<StatusResponse>('delete', ConnectSessionPaths.one(applicationId, sessionId)),
};

export const connectSessionKeys = {
  of: (applicationId: string) => ['connect-sessions', applicationId] as const,
};
