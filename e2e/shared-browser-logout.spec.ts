import { ApiPaths } from '../src/contract/api-paths.js';
import { ClientPaths } from '../src/contract/routes.js';
import { createVerifiedDeveloper, postJson, readStorage, uniqueEmail } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { isPath } from './support/paths.js';
import { flowProviderScreen, loginScreen } from './support/screens.js';

// On a shared browser, Logout leaves nothing of the developer who leaves. Developer A
// came by the hand-off login with a client code; developer B signs in after A logged out and
// must not find A's client code pre-filled and locked on Create.

test("after A's logout, B's Create shows no client code of A, and A's refresh token is dead", async ({
  page,
  request,
}) => {
  const clientCode = `AB${Date.now().toString(36).toUpperCase()}`;
  await page.goto(ClientPaths.login);
  await loginScreen(page).flowLogin.click();
  const provider = flowProviderScreen(page);
  await provider.clientCode.fill(clientCode);
  await provider.name.fill('Ravi Kumar');
  await provider.email.fill(uniqueEmail('a'));
  await provider.continue.click();
  await expect(page).toHaveURL(isPath(ClientPaths.myApps));
  const signedInA = await readStorage(page);
  expect(signedInA.clientCode).toBe(clientCode);

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(isPath(ClientPaths.login));
  expect(await readStorage(page)).toEqual({
    email: null,
    accessToken: null,
    refreshToken: null,
    developerId: null,
    clientCode: null,
    developer: null,
  });
  const reused = await postJson(request, ApiPaths.refresh, {
    refresh_token: signedInA.refreshToken,
    id: signedInA.developerId,
  });
  expect(reused.status()).toBe(401);

  const b = await createVerifiedDeveloper(request);
  const login = loginScreen(page);
  await login.email.fill(b.email);
  await login.password.fill(b.password);
  await login.signIn.click();
  await expect(page).toHaveURL(isPath(ClientPaths.myApps));
  await page.goto(ClientPaths.createApp);
  const clientId = page.getByRole('textbox', { name: /Client ID/ });
  await expect(clientId).toHaveValue('');
  await expect(clientId).toBeEnabled();
});
