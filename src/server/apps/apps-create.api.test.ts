import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { ApplicationListSchema, ApplicationResponseSchema } from '../../contract/apps.js';
import { Messages } from '../../contract/messages.js';
import { maskApiKey } from '../../contract/rules.js';
import {
  appFields,
  appRow,
  createApp,
  form,
  icon,
  iconField,
  ipRows,
  postApp,
  signedInDeveloper,
  storedBlobs,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { currentKeyOf, keyCryptoOf, keyRows } from '../../../test/support/keys.js';
import { makePng } from '../../../test/support/png.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
let dev: SignedInDeveloper;

beforeAll(async () => {
  t = await startTestApp();
  dev = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

async function expectNothingStored(before: number) {
  const rows = await t.db.kysely.selectFrom('applications').select('id').execute();
  expect(rows.length).toBe(before);
  expect(await storedBlobs(t, 'logos')).toEqual(await logosNow);
}
let logosNow: Promise<string[]> = Promise.resolve([]);

async function appTotal() {
  const rows = await t.db.kysely.selectFrom('applications').select('id').execute();
  return rows.length;
}

/** Sends a bad create and asserts the answer and that no row and no file were added. */
async function expectRejected(
  values: Record<string, Parameters<typeof form>[0][string]>,
  status: number,
  body: Record<string, unknown>,
) {
  const before = await appTotal();
  logosNow = storedBlobs(t, 'logos');
  const documentsBefore = await storedBlobs(t, 'documents');
  const res = await postApp(dev.client, values);
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject(body);
  await expectNothingStored(before);
  expect(await storedBlobs(t, 'documents')).toEqual(documentsBefore);
}

describe(`POST ${ApiPaths.createApp} (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('creates an application with an icon and canonical, unique IPs', async () => {
    const res = await postApp(
      dev.client,
      appFields({
        name: '  Spaced Name  ',
        postbackUrl: 'https://example.com/postback',
        ipRecords: ' 10.0.0.1, 2001:DB8:0:0:0:0:0:1 ,,10.0.0.1',
        algo_id: '  algo-7 ',
        ...iconField(),
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status: 'success',
      message: Messages.apps.created,
      applicationId: expect.stringMatching(/^app_[A-Za-z0-9_-]{22}$/) as string,
    });
    const id = res.body.applicationId as string;
    const row = await appRow(t, id);
    expect(row).toMatchObject({
      ownerId: dev.id,
      name: 'Spaced Name',
      algoId: 'algo-7',
      postbackUrl: 'https://example.com/postback',
      isActive: 1,
      ipsChangedAt: null,
      renewalAt: t.clock.now() + 365 * 24 * 3600 * 1000,
    });
    // The key is stored sealed, found by its keyed hash.
    const [stored, ...others] = await keyRows(t, id);
    expect(others).toEqual([]);
    const key = await currentKeyOf(t, id);
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(stored?.sealedKey).not.toContain(key);
    expect(stored?.lookupHash).toBe(keyCryptoOf(t).lookupHash(key));
    expect(row?.logoKey).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(row?.logoUrl).toBe(`/uploads/logos/${row?.logoKey ?? ''}`);
    expect(await storedBlobs(t, 'logos')).toContain(row?.logoKey);
    expect(await ipRows(t, id)).toEqual([
      { ip: '10.0.0.1', familyPending: 0, adminAccept: 0, documentKey: null },
      { ip: '2001:db8:0:0:0:0:0:1', familyPending: 0, adminAccept: 0, documentKey: null },
    ]);

    const logo = await fetch(`${t.baseUrl}/uploads/logos/${row?.logoKey ?? ''}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await logo.arrayBuffer()).equals(makePng(55, 55))).toBe(true);
  });

  it('uses the default icon, stores no postback for the bare https:// and ignores a foreign logoUrl', async () => {
    const id = await createApp(dev.client, { logoUrl: 'https://evil.example/x.png' });
    const row = await appRow(t, id);
    expect(row).toMatchObject({
      logoUrl: t.config.brand.defaultAppIconUrl,
      logoKey: null,
      postbackUrl: null,
      algoId: null,
    });
    expect(await ipRows(t, id)).toEqual([]);
  });

  it('allows http only for the local test host', async () => {
    const id = await createApp(dev.client, { callbackUrl: 'http://127.0.0.1:3000/cb' });
    expect((await appRow(t, id))?.callbackUrl).toBe('http://127.0.0.1:3000/cb');
    await expectRejected(appFields({ callbackUrl: 'http://example.com/cb' }), 400, {
      message: Messages.app.redirectUrlInvalid,
      field: 'callbackUrl',
    });
    await expectRejected(appFields({ postbackUrl: 'http://example.com/pb' }), 400, {
      message: Messages.app.postbackUrlInvalid,
      field: 'postbackUrl',
    });
  });

  it('rejects invalid fields with the schema message and field', async () => {
    await expectRejected(appFields({ name: '   ' }), 400, {
      status: 'error',
      message: Messages.app.appNameRequired,
      field: 'name',
    });
    await expectRejected(appFields({ description: 'x'.repeat(201) }), 400, {
      message: Messages.app.descriptionTooLong,
      field: 'description',
    });
    await expectRejected(appFields({ allowedUsers: '' }), 400, {
      message: Messages.app.clientIdRequired,
    });
    await expectRejected(appFields({ callbackUrl: 'https://' }), 400, {
      message: Messages.app.redirectUrlRequired,
    });
  });

  it('refuses a client id without the client-code shape (accepted before)', async () => {
    for (const allowedUsers of ['any text at all', 'AB-12', 'A'.repeat(21)]) {
      await expectRejected(appFields({ allowedUsers }), 400, {
        status: 'error',
        code: 'bad_request',
        message: Messages.app.clientIdInvalid,
        field: 'allowedUsers',
      });
    }
    const id = await createApp(dev.client, { allowedUsers: ' AB1234 ' });
    expect((await appRow(t, id))?.allowedUsers).toBe('AB1234');
  });

  it('accepts a 200-character description', async () => {
    const id = await createApp(dev.client, { description: 'd'.repeat(200) });
    expect((await appRow(t, id))?.description).toBe('d'.repeat(200));
  });

  // A browser sends a textarea's line breaks as CR LF; each is one character of the 200.
  it('counts and stores each line break of the description as one character', async () => {
    const lines = `${'d'.repeat(98)}\r\n${'e'.repeat(50)}\n${'f'.repeat(50)}`;
    const id = await createApp(dev.client, { description: lines });
    const stored = `${'d'.repeat(98)}\n${'e'.repeat(50)}\n${'f'.repeat(50)}`;
    expect((await appRow(t, id))?.description).toBe(stored);
    const read = await dev.client.json('GET', ApiPaths.app(id));
    expect(read.body).toMatchObject({ description: stored });

    await expectRejected(appFields({ description: `${lines}g` }), 400, {
      message: Messages.app.descriptionTooLong,
      field: 'description',
    });
  });

  it.each(['010.0.0.1', '256.1.1.1', '2001:db8::1'])('rejects the invalid IP %s', async (ip) => {
    await expectRejected(appFields({ ipRecords: `10.0.0.9,${ip}` }), 400, {
      message: Messages.apps.invalidIp(ip),
    });
  });

  it('rejects six unique IPs but accepts five with repeats', async () => {
    const six = ['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4', '1.1.1.5', '1.1.1.6'];
    await expectRejected(appFields({ ipRecords: six.join(',') }), 400, {
      message: Messages.ips.maxIps,
    });
    const id = await createApp(dev.client, {
      ipRecords: [...six.slice(0, 5), '1.1.1.1'].join(','),
    });
    expect(await ipRows(t, id)).toHaveLength(5);
  });

  it('judges the icon by its bytes, size and length', async () => {
    await expectRejected({ ...appFields(), file: icon(56, 55) }, 400, {
      message: Messages.apps.iconWrongSize,
    });
    await expectRejected(
      {
        ...appFields(),
        file: { bytes: Buffer.from('not a png at all'), name: 'icon.png', type: 'image/png' },
      },
      415,
      { message: Messages.apps.iconNotPng },
    );
    const big = Buffer.concat([makePng(55, 55), Buffer.alloc(1024 * 1024)]);
    await expectRejected({ ...appFields(), file: { bytes: big, name: 'icon.png' } }, 413, {
      message: Messages.apps.fileTooLarge,
    });
  });

  it('rejects unknown file fields, malformed multipart and other content types', async () => {
    await expectRejected({ ...appFields(), avatar: icon() }, 400, {
      message: Messages.apps.unexpectedFile('avatar'),
    });
    const before = await appTotal();
    const malformed = await dev.client.json('POST', ApiPaths.createApp, {
      body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc\r\n--xy',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      status: 'error',
      code: 'bad_request',
      message: Messages.apps.malformedUpload,
    });
    const json = await dev.client.json('POST', ApiPaths.createApp, { json: { name: 'x' } });
    expect(json.status).toBe(415);
    expect(await appTotal()).toBe(before);
  });

  it('needs a bearer token', async () => {
    const bearer = dev.client.bearer;
    dev.client.bearer = undefined;
    try {
      const res = await postApp(dev.client, appFields());
      expect(res.status).toBe(401);
    } finally {
      dev.client.bearer = bearer;
    }
  });
});

describe(`GET ${ApiPaths.apps} and one app (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('lists only the developer’s apps, newest first, in the contract shape', async () => {
    const owner = await signedInDeveloper(t);
    const first = await createApp(owner.client, { ipRecords: '10.9.0.2,10.9.0.1' });
    t.clock.advance(1000);
    const second = await createApp(owner.client);
    const res = await owner.client.json<unknown[]>('GET', ApiPaths.apps);
    expect(res.status).toBe(200);
    const list = ApplicationListSchema.parse(res.body);
    const noProof = {
      familyPending: false,
      adminAccept: false,
      documentUrl: null,
      rejectionReason: null,
    };
    expect(list.map((app) => app.applicationId)).toEqual([second, first]);
    const row = await appRow(t, first);
    const secret = await currentKeyOf(t, first);
    expect(list[1]).toEqual({
      applicationId: first,
      applicationName: 'My Trading App',
      logoUrl: t.config.brand.defaultAppIconUrl,
      logoName: null,
      callbackUrl: 'https://example.com/callback',
      postbackUrl: '',
      allowedUsers: 'CLIENT1',
      isActive: true,
      secret,
      keys: [{ id: expect.any(String) as string, masked: maskApiKey(secret), expiresAt: null }],
      description: 'An app',
      algoId: '',
      renewalDate: new Date((row?.createdAt ?? 0) + 365 * 86_400_000).toISOString(),
      ipChangeAllowedAt: null,
      ipRecordsWithFamilyPending: [
        { ...noProof, ip: '10.9.0.1' },
        { ...noProof, ip: '10.9.0.2' },
      ],
      operatorHold: null,
      block: null,
    });

    const one = await owner.client.json('GET', ApiPaths.app(first));
    expect(one.status).toBe(200);
    expect(ApplicationResponseSchema.parse(one.body)).toEqual({
      ...list[1],
      status: 'success',
      message: Messages.apps.found,
    });
  });

  it('answers an empty array for a developer without apps', async () => {
    const fresh = await signedInDeveloper(t);
    const res = await fresh.client.json('GET', ApiPaths.apps);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('serves only stored icon names', async () => {
    for (const name of ['nope.png', '..%2Fportal.db', `${'a'.repeat(64)}.png`]) {
      const res = await fetch(`${t.baseUrl}/uploads/logos/${name}`);
      expect(res.status).toBe(404);
    }
  });
});
