import type { KeyGrace } from '../../contract/keys.js';
import type * as z from 'zod/mini';
import type {
  PostbackEventResponse,
  PostbackListResponse,
  PostbackReplayResponseSchema,
  PostbackState,
  PostbackTestResponse,
  RevealPostbackSecretResponseSchema,
  RollPostbackSecretResponseSchema,
} from '../../contract/postbacks.js';
import { call } from './http.js';
import { withStepUp } from './step-up.js';
import { AppSectionPaths } from '../../contract/app-section-paths.js';

export type RollPostbackSecretResponse = z.infer<typeof RollPostbackSecretResponseSchema>;
export type RevealPostbackSecretResponse = z.infer<typeof RevealPostbackSecretResponseSchema>;
type PostbackReplayResponse = z.infer<typeof PostbackReplayResponseSchema>;

/** An application's postback log, test send, replay and signing secret. */
export const postbacksApi = {
  list: (applicationId: string, status: PostbackState | undefined) =>
    call<PostbackListResponse>(
      'get',
      status === undefined
        ? AppSectionPaths.log(applicationId)
        : `${AppSectionPaths.log(applicationId)}?${new URLSearchParams({ status }).toString()}`,
    ),
  event: (applicationId: string, eventId: string) =>
    call<PostbackEventResponse>('get', AppSectionPaths.event(applicationId, eventId)),
  replay: (applicationId: string, eventId: string) =>
    call<PostbackReplayResponse>('post', AppSectionPaths.replay(applicationId, eventId)),
  test: (applicationId: string) =>
    call<PostbackTestResponse>('post', AppSectionPaths.test(applicationId)),
  rollSecret: (applicationId: string, grace: KeyGrace) =>
    withStepUp(() =>
      call<RollPostbackSecretResponse>('post', AppSectionPaths.rollSecret(applicationId), {
        json: { grace },
      }),
    ),
  revealSecret: (applicationId: string) =>
    withStepUp(() =>
      call<RevealPostbackSecretResponse>('post', AppSectionPaths.revealSecret(applicationId), {
        json: {},
      }),
    ),
};

export const postbackKeys = {
  all: (applicationId: string) => ['postbacks', applicationId] as const,
  list: (applicationId: string, status: PostbackState | undefined) =>
    ['postbacks', applicationId, 'list', status ?? 'all'] as const,
  event: (applicationId: string, eventId: string) =>
    ['postbacks', applicationId, 'event', eventId] as const,
};
