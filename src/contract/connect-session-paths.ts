import { ApiPaths } from './api-paths.js';

/**
 * Ours: an application's Connect sessions of today (GET), and one ended (DELETE)
 * (docs/connect.md, "Sessions"). Apart from `ApiPaths` so the first screen a browser loads
 * does not carry them.
 */
export const ConnectSessionPaths = {
  list: (applicationId: string) => `${ApiPaths.app(applicationId)}/connect-sessions`,
  listPattern: '/api/v1/app/:id/connect-sessions',
  one: (applicationId: string, sessionId: string) =>
    `${ApiPaths.app(applicationId)}/connect-sessions/${encodeURIComponent(sessionId)}`,
  onePattern: '/api/v1/app/:id/connect-sessions/:sessionId',
} as const;
