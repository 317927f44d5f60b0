import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths, DevPaths } from '../../contract/api-paths.js';
import type { MailboxMessage } from '../../contract/auth.js';
import { primedClient, signupBody, uniqueEmail } from '../../../test/support/accounts.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { codeIn } from '../../../test/support/recording-mailer.js';
import { PRODUCTION_ENV, startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { createMailboxMailer } from '../mail/mailbox-mailer.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

async function signUp(email: string) {
  const client = await primedClient(t);
  const res = await client.json('POST', ApiPaths.signup, { json: signupBody({ email }) });
  expect(res.status).toBe(201);
  // The queue sends the mail after the answer: wait for it, so sending order is mail order.
  await t.drainJobs();
}

function messages(query = '') {
  return new HttpClient(t.baseUrl).json<MailboxMessage[]>(
    'GET',
    `${DevPaths.mailMessages}${query}`,
  );
}

describe(`the embedded mailbox (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  const first = uniqueEmail('first');
  const second = uniqueEmail('second');
  const third = uniqueEmail('third');

  beforeAll(async () => {
    await signUp(first);
    t.clock.advance(1000);
    await signUp(second);
    // Same millisecond as the one before: the order still follows sending.
    await signUp(third);
  });

  it('lists the mail as JSON, newest first, with the code readable from the text', async () => {
    const res = await messages();
    expect(res.status).toBe(200);
    const mine = res.body.filter((m) => [first, second, third].includes(m.to));
    expect(mine.map((m) => m.to)).toEqual([third, second, first]);
    const signupMail = mine[1];
    expect(signupMail).toEqual({
      id: expect.any(String) as string,
      to: second,
      subject: expect.stringMatching(/^\d{6} is your Acme Trade verification code$/) as string,
      text: expect.stringMatching(/^\d{6} is your Acme Trade verification code\.\n/) as string,
      html: expect.stringContaining('<html lang="en">') as string,
      createdAt: new Date(t.clock.now()).toISOString(),
    });
    expect(signupMail?.subject).toContain(codeIn(signupMail?.text ?? ''));
  });

  it('filters by the whole address, ignoring case', async () => {
    const res = await messages(`?to=${encodeURIComponent(first.toUpperCase())}`);
    expect(res.body.map((m) => m.to)).toEqual([first]);
    const partial = await messages(`?to=${encodeURIComponent(first.slice(1))}`);
    expect(partial.body).toEqual([]);
  });

  it('shows a readable page, newest first, escaping the content', async () => {
    const evil = uniqueEmail('evil');
    t.clock.advance(1000);
    await createMailboxMailer(t.db.kysely, t.clock, { info: () => undefined }).send({
      to: evil,
      subject: '<script>alert(1)</script>',
      text: 'line <b>one</b>',
      html: '',
    });
    const res = await new HttpClient(t.baseUrl).request('GET', DevPaths.mail);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toContain('<title>Mailbox | Acme Trade Developers</title>');
    expect(html).toContain('<h2>&lt;script&gt;alert(1)&lt;/script&gt;</h2>');
    expect(html).toContain('line &lt;b&gt;one&lt;/b&gt;');
    expect(html).not.toMatch(/<script|<style|\sstyle=/i);
    expect(html.indexOf(evil)).toBeLessThan(html.indexOf(third));
    expect(html.indexOf(third)).toBeLessThan(html.indexOf(second));
    expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));
    expect(html).toContain(`<time datetime="${new Date(t.clock.now()).toISOString()}">`);
    expect(html).toContain(`<dd>${first}</dd>`);
  });

  it('logs the subject, which carries the code, when it keeps a mail', async () => {
    const lines: [Record<string, unknown>, string][] = [];
    const mailer = createMailboxMailer(t.db.kysely, t.clock, {
      info: (details, message) => lines.push([details, message]),
    });
    await mailer.send({
      to: 'x@example.com',
      subject: '123456 is your code',
      text: 't',
      html: 'h',
    });
    expect(lines).toEqual([
      [
        { to: 'x@example.com', subject: '123456 is your code' },
        'mail kept in the embedded mailbox',
      ],
    ]);
  });
});

describe('production mode', () => {
  let prod: TestApp;

  beforeAll(async () => {
    prod = await startTestApp({ env: PRODUCTION_ENV });
  });

  afterAll(async () => {
    await prod.close();
  });

  it.each([
    ['GET', DevPaths.mail],
    ['GET', DevPaths.mailMessages],
    ['GET', `${DevPaths.flow}?applicationId=developer-portal`],
    ['POST', DevPaths.flow],
    ['GET', DevPaths.postbacks],
    ['GET', DevPaths.postbackRequests],
    ['POST', DevPaths.postbacks],
    ['GET', '/dev/dev.css'],
  ])('has no %s %s', async (method, path) => {
    expect(prod.config.mode).toBe('production');
    const res = await new HttpClient(prod.baseUrl).request(method, path, {
      ...(method === 'POST'
        ? {
            body: 'client_code=C1&name=A&email=a%40example.com',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : {}),
    });
    expect(res.status).toBe(404);
  });

  it('refuses every hand-off token when no provider key is configured', async () => {
    const res = await new HttpClient(prod.baseUrl).json(
      'GET',
      `${ApiPaths.loginWithFlow}?auth=${'x'.repeat(40)}`,
    );
    expect(res.status).toBe(401);
  });

  it('still serves the accounts API', async () => {
    const client = new HttpClient(prod.baseUrl);
    await client.prime();
    const res = await client.json('POST', ApiPaths.sendConfirmation, {
      json: { email: uniqueEmail() },
    });
    expect(res.status).toBe(200);
  });
});
