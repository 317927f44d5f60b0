import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import {
  flowIdentity as identity,
  postFlowForm,
  tokenFromForm,
} from '../../../test/support/flow.js';
import { XSRF_COOKIE, XSRF_REJECTED } from '../http/xsrf.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

describe(`the embedded hand-off provider (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('shows an accessible form with no inline script or style', async () => {
    const res = await new HttpClient(t.baseUrl).request(
      'GET',
      `${DevPaths.flow}?applicationId=developer-portal`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    for (const [id, label] of [
      ['client_code', 'Client code'],
      ['name', 'Name'],
      ['email', 'E-mail'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toMatch(new RegExp(`<input id="${id}" name="${id}"`));
    }
    expect(html).toContain('<button type="submit">Continue</button>');
    expect(html).toContain('<form method="post" action="/dev/flow"');
    expect(html).toContain('value="developer-portal"');
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
    const css = await new HttpClient(t.baseUrl).request('GET', '/dev/dev.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('escapes the application id it shows', async () => {
    const res = await new HttpClient(t.baseUrl).request(
      'GET',
      `${DevPaths.flow}?applicationId=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
    );
    const html = await res.text();
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('signs a 5-minute RS256 token for the portal and redirects back with it', async () => {
    const who = identity();
    const token = await tokenFromForm(t, who);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    const now = Math.floor(t.clock.now() / 1000);
    expect(claims).toEqual({
      aud: 'developer-portal',
      iss: t.config.publicUrl,
      jti: expect.any(String) as string,
      iat: now,
      exp: now + 300,
      ...who,
      email_verified: true,
    });
  });

  it('vouches for the e-mail only while its checkbox is ticked, as it is at first', async () => {
    const page = await (await new HttpClient(t.baseUrl).request('GET', DevPaths.flow)).text();
    expect(page).toContain(
      '<input id="email_verified" name="email_verified" type="checkbox" value="true" checked>',
    );
    const unticked = identity({ emailVerified: false });
    expect(decodeJwt(await tokenFromForm(t, unticked)).email_verified).toBe(false);
  });

  it.each([
    [
      { client_code: '', name: 'A', email: 'a@example.com' },
      'client_code',
      'Client code is required',
    ],
    [
      { client_code: 'C1', name: ' ', email: 'a@example.com' },
      'name',
      Messages.signup.nameRequired,
    ],
    [
      { client_code: 'C1', name: 'A', email: 'not-an-email' },
      'email',
      Messages.signup.emailInvalid,
    ],
    [{ client_code: 'C1', name: 'A', email: '' }, 'email', Messages.signup.emailRequired],
  ])('answers %o with a 400 page naming the field', async (fields, id, message) => {
    const res = await postFlowForm(t, fields);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`aria-invalid="true" aria-describedby="${id}-error"`);
    expect(html).toContain(`<p id="${id}-error" class="error">${message}`);
    expect(html).toContain('<title>Error: ');
  });

  it('sends back the state it was started with', async () => {
    const browser = new HttpClient(t.baseUrl);
    const page = await (await browser.request('GET', `${DevPaths.flow}?state=s-123`)).text();
    expect(page).toContain('<input type="hidden" name="state" value="s-123">');
    const res = await postFlowForm(t, { ...identity(), state: 's-123' });
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('state')).toBe('s-123');
  });

  it.each([
    ['without the anti-forgery field', (): Record<string, string> => ({})],
    ['with a field that is not the cookie', (cookie: string) => ({ xsrf: `${cookie}x` })],
  ])('refuses a post %s with 403 and no token', async (_case, field) => {
    const browser = new HttpClient(t.baseUrl);
    await browser.request('GET', DevPaths.flow);
    const res = await browser.json('POST', DevPaths.flow, {
      body: new URLSearchParams({
        ...identity(),
        ...field(browser.cookie(XSRF_COOKIE) ?? ''),
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      xsrf: false,
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 'error', code: 'forbidden', message: XSRF_REJECTED });
    expect(res.headers.get('location')).toBeNull();
  });

  it.each([
    ['an empty JSON body', ''],
    ['a field of the wrong type', '{"name":1}'],
  ])('answers %s with the one JSON error body, not a 500', async (_case, body) => {
    const res = await new HttpClient(t.baseUrl).json('POST', DevPaths.flow, {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', message: expect.any(String) as string });
  });
});
