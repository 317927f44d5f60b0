import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../contract/messages.js';
import type { SignInChallenge } from '../../contract/two-factor.js';
import { createDeveloper, primedClient } from '../../../test/support/accounts.js';
import { exchangeInBrowser } from '../../../test/support/flow.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import {
  enrollTotp,
  secondStep,
  signedInClient,
  totpCode,
} from '../../../test/support/two-factor.js';
import { FLOW_KEY_FILE } from '../dev/flow-provider.js';

let t: TestApp;
let providerKey: KeyObject;
let counter = 0;

beforeAll(async () => {
  t = await startTestApp();
  providerKey = createPrivateKey(await readFile(path.join(t.dataDir, FLOW_KEY_FILE), 'utf8'));
});

afterAll(async () => {
  await t.close();
});

/** A hand-off token of the embedded provider for `email`, with the login methods `amr`. */
function handOffToken(email: string, amr?: string[]) {
  const now = Math.floor(t.clock.now() / 1000);
  counter += 1;
  return new SignJWT({
    // One client code per e-mail: the first hand-off links it to the account.
    client_code: `TF${Buffer.from(email).toString('hex').slice(0, 18)}`,
    name: 'Ravi Kumar',
    email,
    email_verified: true,
    ...(amr === undefined ? {} : { amr }),
  })
    .setProtectedHeader({ alg: 'RS256' })
    .setAudience(t.config.flow.audience)
    .setIssuer(t.config.publicUrl)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .setJti(`tf-${String(counter)}`)
    .sign(providerKey);
}

describe(`hand-off login with a second factor (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it("asks the code unless the provider's amr names a second factor", async () => {
    const dev = await createDeveloper(t);
    const { secret } = await enrollTotp(t, await signedInClient(t, dev));

    const browser = new HttpClient(t.baseUrl);
    const asked = await exchangeInBrowser(t, await handOffToken(dev.email, ['pwd']), browser);
    expect(asked.status).toBe(200);
    const challenge = asked.body as unknown as SignInChallenge;
    expect(challenge.user_status.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    await browser.prime();
    const done = await secondStep(
      browser,
      challenge.user_status.Session,
      totpCode(secret, t.clock.now()),
    );
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(Messages.login.success);

    const twoFactors = await exchangeInBrowser(t, await handOffToken(dev.email, ['pwd', 'otp']));
    expect(twoFactors.status).toBe(200);
    expect(twoFactors.body.user_status.AuthenticationResult.TokenType).toBe('Bearer');
    const mfa = await exchangeInBrowser(t, await handOffToken(dev.email, ['mfa']));
    expect(mfa.body.user_status.AuthenticationResult.TokenType).toBe('Bearer');
  });

  it('signs in a developer without a factor as before', async () => {
    const dev = await createDeveloper(t);
    await primedClient(t);
    const res = await exchangeInBrowser(t, await handOffToken(dev.email));
    expect(res.status).toBe(200);
    expect(res.body.user_status.AuthenticationResult.TokenType).toBe('Bearer');
  });
});
