import type { App } from '../../src/server/app.js';
import { authenticatedDeveloperId } from '../../src/server/auth/authenticate.js';

export const WHOAMI_PATH = '/probe/whoami';

/** A test-only route behind the real `authenticate` preHandler: answers the developer id. */
export function addWhoamiProbe(app: App): void {
  app.get(WHOAMI_PATH, { preHandler: app.authenticate }, (request) => ({
    id: authenticatedDeveloperId(request),
  }));
}
