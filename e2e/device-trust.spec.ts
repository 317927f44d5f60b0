import { ApiPaths } from '../src/contract/api-paths.js';
import { createVerifiedDeveloper, postJson } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { expectNotice } from './support/notices.js';
import { isPath } from './support/paths.js';
import { signInWithForm } from './support/screens.js';

// Decision 010: wrong passwords lock untrusted clients and the sign-in page
// shows the server's wait; a browser that signed in before keeps its way in.

test('a locked sign-in shows the wait, while the browser used before still signs in', async ({
  page,
  browser,
  request,
  allowFailedResponse,
}) => {
  allowFailedResponse(ApiPaths.signin, 429);
  const developer = await createVerifiedDeveloper(request);
  await page.goto('/login');
  await signInWithForm(page, developer.email, developer.password);
  await expect(page).toHaveURL(isPath('/create-new-app'));

  // Three wrong passwords from this address by a client without the device cookie.
  for (let i = 0; i < 3; i++) {
    const answer = await postJson(request, ApiPaths.signin, {
      email: developer.email,
      password: 'Wrong-Pass99',
    });
    expect(answer.status()).toBe(401);
  }

  const stranger = await browser.newPage();
  await stranger.goto(new URL('/login', page.url()).toString());
  await signInWithForm(stranger, developer.email, developer.password);
  await expectNotice(
    stranger,
    /^Too many failed sign-ins\. Please try again in \d+ seconds\.$/,
    'error',
  );
  await expect(stranger).toHaveURL(isPath('/login'));
  await stranger.close();

  await page.evaluate(() => {
    localStorage.clear();
  });
  await page.goto('/login');
  await signInWithForm(page, developer.email, developer.password);
  await expect(page).toHaveURL(isPath('/create-new-app'));
});
