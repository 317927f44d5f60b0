import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import { PASSWORD, signIn, signUpRecorded } from '../../../test/support/accounts.js';
import { appFields, createApp, postApp, signedInDeveloper } from '../../../test/support/apps.js';
import { RecordingMailer } from '../../../test/support/recording-mailer.js';
import { PRODUCTION_ENV, startTestApp, type TestApp } from '../../../test/support/test-app.js';

// The embedded receiver's URL (http on the local test host) is a postback URL in
// embedded mode only; in production a postback goes to a public https address, so the save
// says so at once instead of every delivery failing later.

const DB = process.env.TEST_DB ?? 'sqlite';
const LOOPBACK_RECEIVER = 'http://127.0.0.1:8080/dev/postbacks';

let embedded: TestApp;
let production: TestApp;
const mailer = new RecordingMailer();

beforeAll(async () => {
  embedded = await startTestApp();
  production = await startTestApp({ mailer, env: PRODUCTION_ENV });
});

afterAll(async () => {
  await Promise.all([embedded.close(), production.close()]);
});

describe(`a postback URL on the local test host (${DB})`, () => {
  it('is saved in embedded mode', async () => {
    const dev = await signedInDeveloper(embedded);
    const id = await createApp(dev.client, { postbackUrl: LOOPBACK_RECEIVER });
    const app = await dev.client.json('GET', ApiPaths.app(id));
    expect(app.body).toMatchObject({ postbackUrl: LOOPBACK_RECEIVER });
  });

  it('is refused with 400 in production, while the redirect URL may still use that host', async () => {
    const signedUp = await signUpRecorded(production, mailer);
    const confirm = await signedUp.client.json('POST', ApiPaths.confirm, {
      json: { email: signedUp.email, code: signedUp.code },
    });
    expect(confirm.status).toBe(200);
    const signin = await signIn(signedUp.client, signedUp.email, PASSWORD);
    signedUp.client.bearer = signin.body.user_status.AuthenticationResult.AccessToken;

    const refused = await postApp(
      signedUp.client,
      appFields({ callbackUrl: 'http://127.0.0.1/callback', postbackUrl: LOOPBACK_RECEIVER }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      status: 'error',
      code: 'bad_request',
      message: Messages.app.postbackUrlInvalid,
      field: 'postbackUrl',
    });
    const apps = await signedUp.client.json<unknown[]>('GET', ApiPaths.apps);
    expect(apps.body).toEqual([]);

    const saved = await postApp(
      signedUp.client,
      appFields({
        callbackUrl: 'http://127.0.0.1/callback',
        postbackUrl: 'https://hooks.example.com/pb',
      }),
    );
    expect(saved.status).toBe(201);
  });
});
