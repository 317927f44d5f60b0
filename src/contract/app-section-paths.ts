import { ApiPaths } from './api-paths.js';

/**
 * Ours: the calls of an application's sections below its form (docs/product.md): the postback
 * log and secret, and the gateway usage. Apart from `ApiPaths` so the first screen a browser
 * loads does not carry them.
 */
export const AppSectionPaths = {
  /** Ours: an application's postback log, newest first (GET, `?status=`). */
  log: (applicationId: string) => `${ApiPaths.app(applicationId)}/postbacks`,
  logPattern: '/api/v1/app/:id/postbacks',
  event: (applicationId: string, eventId: string) =>
    `${ApiPaths.app(applicationId)}/postbacks/${encodeURIComponent(eventId)}`,
  eventPattern: '/api/v1/app/:id/postbacks/:eventId',
  /** Ours: a fresh delivery of a logged event (POST). */
  replay: (applicationId: string, eventId: string) =>
    `${ApiPaths.app(applicationId)}/postbacks/${encodeURIComponent(eventId)}/replay`,
  replayPattern: '/api/v1/app/:id/postbacks/:eventId/replay',
  /** Ours: a sample order update sent to the saved postback URL now (POST). */
  test: (applicationId: string) => `${ApiPaths.app(applicationId)}/postbacks/test`,
  testPattern: '/api/v1/app/:id/postbacks/test',
  /** Ours: the gateway check's counts and last refused addresses of an application (GET, `?window=`). */
  usage: (applicationId: string) => `${ApiPaths.app(applicationId)}/usage`,
  usagePattern: '/api/v1/app/:id/usage',
  /** Ours: the postback signing secret, rolled and revealed like the API key. */
  rollSecret: (applicationId: string) => `${ApiPaths.app(applicationId)}/postback-secret/roll`,
  rollSecretPattern: '/api/v1/app/:id/postback-secret/roll',
  revealSecret: (applicationId: string) => `${ApiPaths.app(applicationId)}/postback-secret/reveal`,
  revealSecretPattern: '/api/v1/app/:id/postback-secret/reveal',
} as const;
