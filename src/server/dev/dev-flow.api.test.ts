import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import { CONNECT_PURPOSE, ConnectPaths } from '../../contract/connect.js';
import {
  exchangeInBrowser,
  flowIdentity as identity,
  postFlowForm,
  postSecondStep,
  secondStepOf,
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

/** A client's sign-in for Connect up to its second step: the browser, the step page. */
async function firstStep(state = 'c-1') {
  const browser = new HttpClient(t.baseUrl);
  await browser.request('GET', `${DevPaths.flow}?purpose=${CONNECT_PURPOSE}&state=${state}`);
  const who = identity();
  const res = await browser.request('POST', DevPaths.flow, {
    body: new URLSearchParams({
      ...who,
      applicationId: 'developer-portal',
      state,
      purpose: CONNECT_PURPOSE,
      xsrf: browser.cookie(XSRF_COOKIE) ?? '',
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    xsrf: false,
  });
  return { browser, who, res, html: await res.text() };
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`the embedded provider's second step for Connect (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('asks a connecting client for a 6-digit code before it issues the token', async () => {
    const { browser, who, res, html } = await firstStep('c-42');
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(html).toContain('<form method="post" action="/dev/flow/code"');
    expect(html).toContain('<label for="code">Code (6 digits)</label>');
    expect(html).toContain(`client <strong>${who.client_code}</strong>`);
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
    const { step, code } = secondStepOf(html);
    expect(code).toMatch(/^\d{6}$/);

    const done = await postSecondStep(browser, { step, code });
    expect(done.status).toBe(302);
    const back = new URL(done.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${t.config.publicUrl}${ConnectPaths.callback}`);
    expect(back.searchParams.get('state')).toBe('c-42');
    expect(decodeJwt(back.searchParams.get('auth') ?? '')).toMatchObject({
      aud: 'developer-portal',
      ...who,
      email_verified: true,
    });
  });

  it.each([
    ['a wrong code', otherCode, 'That code is not the one shown on this page.'],
    ['no code', () => '', 'Enter the 6-digit code shown on this page.'],
  ])('marks %s on the field and issues nothing', async (_case, codeOf, message) => {
    const { browser, html } = await firstStep();
    const { step, code } = secondStepOf(html);
    const res = await postSecondStep(browser, { step, code: codeOf(code) });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    const page = await res.text();
    expect(page).toContain('<title>Error: ');
    expect(page).toContain('aria-invalid="true" aria-describedby="code-error"');
    expect(page).toContain(`<p id="code-error" class="error">${message}</p>`);
    expect(secondStepOf(page)).toEqual({ step, code });
  });

  it('refuses a second post without the anti-forgery field with 403 and no token', async () => {
    const { browser, html } = await firstStep();
    const res = await postSecondStep(browser, { ...secondStepOf(html), xsrf: '' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      status: 'error',
      code: 'forbidden',
      message: XSRF_REJECTED,
    });
    expect(res.headers.get('location')).toBeNull();
  });

  it('refuses a step that was altered or is older than 5 minutes, and issues nothing', async () => {
    const { browser, html } = await firstStep();
    const { step, code } = secondStepOf(html);
    const [head, body, signature] = step.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as object;
    const altered = Buffer.from(JSON.stringify({ ...claims, client_code: 'OTHER1' })).toString(
      'base64url',
    );
    for (const forged of [`${head}.${altered}.${signature}`, 'not-a-step']) {
      const res = await postSecondStep(browser, { step: forged, code });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('This sign-in has expired. Please start again.');
    }
    t.clock.advance(5 * 60_000 + 1000);
    const late = await postSecondStep(browser, { step, code });
    expect(late.status).toBe(400);
    expect(late.headers.get('location')).toBeNull();
  });

  it('never takes the second step for a hand-off token', async () => {
    const { html } = await firstStep();
    const res = await exchangeInBrowser(t, secondStepOf(html).step);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      status: 'error',
      code: 'unauthorized',
      message: Messages.auth.flowTokenInvalid,
    });
  });
});
