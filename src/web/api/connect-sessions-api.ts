import { ApiPaths } from '../../contract/api-paths.js';
import type { StatusResponse } from '../../contract/auth.js';
import type { ConnectSessionsResponse } from '../../contract/connect-sessions.js';
import { call } from './http.js';

/** An application's Connect sessions of today, and ending one (docs/connect.md, "Sessions"). */
export const connectSessionsApi = {
  list: (applicationId: string) =>
    call<ConnectSessionsResponse>('get', ApiPaths.connectSessions(applicationId)),
  end: (applicationId: string, sessionId: string) =>
    call<StatusResponse>('delete', ApiPaths.connectSession(applicationId, sessionId)),
};

export const connectSessionKeys = {
  of: (applicationId: string) => ['connect-sessions', applicationId] as const,
};
