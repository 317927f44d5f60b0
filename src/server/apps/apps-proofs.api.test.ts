import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { ApplicationResponse } from '../../contract/apps.js';
import { Messages } from '../../contract/messages.js';
import { ipFieldName } from '../../contract/rules.js';
import {
  appFields,
  appRow,
  createApp,
  ipRows,
  postApp,
  putApp,
  signedInDeveloper,
  signInAgain,
  storedBlobs,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { makeJpeg, makePdf, makePng } from '../../../test/support/png.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { DOCUMENT_LINK_TTL_MS } from './document-links.js';

let t: TestApp;
let first: SignedInDeveloper;
let second: SignedInDeveloper;

beforeAll(async () => {
  t = await startTestApp();
  first = await signedInDeveloper(t);
  second = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

const engine = process.env.TEST_DB ?? 'sqlite';
const pdf = { bytes: makePdf(), name: 'proof.pdf', type: 'application/pdf' };

async function appCountAll() {
  return (await t.db.kysely.selectFrom('applications').select('id').execute()).length;
}

describe(`duplicate IPs on create (${engine})`, () => {
  it('sees an IPv4-mapped IPv6 address as the IPv4 address it carries', async () => {
    const id = await createApp(first.client, { ipRecords: '1.2.3.4, 0:0:0:0:0:ffff:102:304' });
    expect((await ipRows(t, id)).map((row) => row.ip)).toEqual(['1.2.3.4']);
    const conflict = await postApp(
      second.client,
      appFields({ ipRecords: '0:0:0:0:0:FFFF:0102:0304' }),
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({
      status: 'error',
      code: 'ip_used_by_another_developer',
      message: Messages.ips.usedByAnotherDeveloper,
      duplicateIPs: ['1.2.3.4'],
    });
  });

  it('answers 409 with the duplicates, then needs a document per duplicate', async () => {
    await createApp(first.client, { ipRecords: '20.0.0.1,20.0.0.2' });
    const before = await appCountAll();
    const docs = await storedBlobs(t, 'documents');

    const conflict = await postApp(
      second.client,
      appFields({ ipRecords: '20.0.0.2,20.0.0.1,20.0.0.3' }),
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({
      status: 'error',
      code: 'ip_used_by_another_developer',
      message: Messages.ips.usedByAnotherDeveloper,
      duplicateIPs: ['20.0.0.1', '20.0.0.2'],
    });

    const missing = await postApp(second.client, {
      ...appFields({ ipRecords: '20.0.0.1,20.0.0.2', ipAddressDuplicateSkip: 'true' }),
      [ipFieldName('20.0.0.1')]: pdf,
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      status: 'error',
      code: 'supporting_document_required',
      message: Messages.ips.supportingDocumentRequired('20.0.0.2'),
    });

    const wrongType = await postApp(second.client, {
      ...appFields({ ipRecords: '20.0.0.1', ipAddressDuplicateSkip: 'true' }),
      [ipFieldName('20.0.0.1')]: { bytes: Buffer.from('hello'), name: 'proof.pdf' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({ message: Messages.apps.documentWrongType });

    const tooBig = await postApp(second.client, {
      ...appFields({ ipRecords: '20.0.0.1', ipAddressDuplicateSkip: 'true' }),
      [ipFieldName('20.0.0.1')]: {
        bytes: Buffer.concat([makePdf(), Buffer.alloc(1024 * 1024)]),
        name: 'proof.pdf',
      },
    });
    expect(tooBig.status).toBe(413);

    expect(await appCountAll()).toBe(before);
    expect(await storedBlobs(t, 'documents')).toEqual(docs);
  });

  it('saves duplicates as pending with private documents (a PNG named .pdf counts as PNG)', async () => {
    const res = await postApp(second.client, {
      ...appFields({ ipRecords: '20.0.0.1,20.0.0.2,20.0.0.9', ipAddressDuplicateSkip: 'true' }),
      [ipFieldName('20.0.0.1')]: { bytes: makePng(300, 200), name: 'scan.pdf' },
      [ipFieldName('20.0.0.2')]: { bytes: makeJpeg(), name: 'photo.jpeg' },
    });
    expect(res.status).toBe(201);
    const id = res.body.applicationId as string;
    const rows = await ipRows(t, id);
    expect(rows).toEqual([
      {
        ip: '20.0.0.1',
        familyPending: 1,
        adminAccept: 0,
        documentKey: expect.stringMatching(/\.png$/) as string,
      },
      {
        ip: '20.0.0.2',
        familyPending: 1,
        adminAccept: 0,
        documentKey: expect.stringMatching(/\.jpg$/) as string,
      },
      { ip: '20.0.0.9', familyPending: 0, adminAccept: 0, documentKey: null },
    ]);
    const docs = await storedBlobs(t, 'documents');
    expect(docs).toContain(rows[0]?.documentKey);
    expect(docs).toContain(rows[1]?.documentKey);
    // Documents are never under the public uploads folder.
    const logo = await fetch(`${t.baseUrl}/uploads/logos/${rows[0]?.documentKey ?? ''}`);
    expect(logo.status).toBe(404);

    const app = await second.client.json<ApplicationResponse>('GET', ApiPaths.app(id));
    const records = app.body.ipRecordsWithFamilyPending;
    expect(records.map((r) => [r.ip, r.familyPending, r.adminAccept])).toEqual([
      ['20.0.0.1', true, false],
      ['20.0.0.2', true, false],
      ['20.0.0.9', false, false],
    ]);
    expect(records[2]?.documentUrl).toBeNull();
    const link = records[0]?.documentUrl ?? '';
    expect(link).toMatch(
      new RegExp(
        `^/api/v1/documents/${rows[0]?.documentKey ?? ''}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$`,
      ),
    );

    // The link works without a bearer token, as an attachment in a sandbox.
    const file = await fetch(t.baseUrl + link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(file.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(makePng(300, 200))).toBe(true);

    // Forged: another key, another expiry, another signature.
    const url = new URL(t.baseUrl + link);
    const expires = url.searchParams.get('expires') ?? '';
    const signature = url.searchParams.get('signature') ?? '';
    const otherKey = rows[1]?.documentKey ?? '';
    for (const forged of [
      `/api/v1/documents/${otherKey}?expires=${expires}&signature=${signature}`,
      `${url.pathname}?expires=${Number(expires) + 1000}&signature=${signature}`,
      `${url.pathname}?expires=${expires}&signature=${signature.slice(0, -2)}AA`,
      url.pathname,
    ]) {
      expect((await fetch(t.baseUrl + forged)).status).toBe(403);
    }

    // Expired after 15 minutes.
    t.clock.advance(DOCUMENT_LINK_TTL_MS + 1);
    expect((await fetch(t.baseUrl + link)).status).toBe(403);
    await signInAgain(first);
    await signInAgain(second);
  });
});

describe(`duplicate IPs on update (${engine})`, () => {
  it('answers 409 with the update message, then keeps the proof state of IPs that stay', async () => {
    await createApp(first.client, { ipRecords: '30.0.0.1' });
    const id = await createApp(second.client, { ipRecords: '30.0.0.5' });
    const conflict = await putApp(second.client, id, appFields({ ipRecords: '30.0.0.5,30.0.0.1' }));
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({
      status: 'error',
      code: 'ip_used_by_another_developer',
      message: Messages.ips.associatedWithAnotherApplication,
      duplicateIPs: ['30.0.0.1'],
    });
    expect((await appRow(t, id))?.ipsChangedAt).toBeNull();

    const ok = await putApp(second.client, id, {
      ...appFields({ ipRecords: '30.0.0.5,30.0.0.1', ipAddressDuplicateSkip: 'true' }),
      [ipFieldName('30.0.0.1')]: pdf,
    });
    expect(ok.status).toBe(200);
    const rows = await ipRows(t, id);
    expect(rows.map((r) => [r.ip, r.familyPending, r.adminAccept])).toEqual([
      ['30.0.0.1', 1, 0],
      ['30.0.0.5', 0, 0],
    ]);
    expect(rows[0]?.documentKey).toMatch(/\.pdf$/);
    expect(await storedBlobs(t, 'documents')).toContain(rows[0]?.documentKey);

    // Another save of the same set keeps the record and its document.
    const again = await putApp(second.client, id, appFields({ ipRecords: '30.0.0.1,30.0.0.5' }));
    expect(again.status).toBe(200);
    expect(await ipRows(t, id)).toEqual(rows);
  });

  it('rejects a document field for an IP that is not in the list', async () => {
    const id = await createApp(second.client, { ipRecords: '40.0.0.1' });
    const res = await putApp(second.client, id, {
      ...appFields({ ipRecords: '40.0.0.1' }),
      [ipFieldName('40.0.0.2')]: pdf,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: Messages.apps.unexpectedFile(ipFieldName('40.0.0.2')),
    });
  });

  it('deleting an app removes its documents', async () => {
    await createApp(first.client, { ipRecords: '50.0.0.1' });
    const id = await createApp(second.client, {
      ipRecords: '50.0.0.1',
      ipAddressDuplicateSkip: 'true',
      [ipFieldName('50.0.0.1')]: pdf,
    });
    const key = (await ipRows(t, id))[0]?.documentKey;
    expect(await storedBlobs(t, 'documents')).toContain(key);
    const res = await second.client.json('DELETE', ApiPaths.app(id));
    expect(res.status).toBe(200);
    expect(await storedBlobs(t, 'documents')).not.toContain(key);
  });
});
