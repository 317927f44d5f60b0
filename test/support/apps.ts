import { randomBytes } from 'node:crypto';
import { ApiPaths } from '../../src/contract/api-paths.js';
import { ICON_FIELD, ICON_UPLOAD_NAME } from '../../src/contract/apps.js';
import { createBlobStore } from '../../src/server/storage/create-blob-store.js';
import type { BlobKind, BlobStore } from '../../src/server/storage/blob-store.js';
import { createDeveloper, primedClient, signIn, type TestDeveloper } from './accounts.js';
import type { HttpClient, JsonResponse } from './http-client.js';
import { makePng } from './png.js';
import type { TestApp } from './test-app.js';

export interface SignedInDeveloper extends TestDeveloper {
  readonly client: HttpClient;
}

/** A verified developer with a client holding the XSRF cookie and a bearer token. */
export async function signedInDeveloper(t: TestApp): Promise<SignedInDeveloper> {
  const dev = await createDeveloper(t);
  const client = await primedClient(t);
  const res = await signIn(client, dev.email, dev.password);
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  client.bearer = res.body.user_status.AuthenticationResult.AccessToken;
  client.stepUpProof = { password: dev.password };
  return { ...dev, client };
}

export type FormValue = string | { bytes: Buffer; name: string; type?: string };

/** A multipart body: strings as text fields, `{bytes, name}` as files. */
export function form(values: Record<string, FormValue>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') body.append(name, value);
    else {
      const blob = new Blob([new Uint8Array(value.bytes)], {
        type: value.type ?? 'application/octet-stream',
      });
      body.append(name, blob, value.name);
    }
  }
  return body;
}

/** The create form's required fields, valid. */
export function appFields(overrides: Record<string, FormValue> = {}): Record<string, FormValue> {
  return {
    name: 'My Trading App',
    callbackUrl: 'https://example.com/callback',
    postbackUrl: 'https://',
    allowedUsers: 'CLIENT1',
    description: 'An app',
    ipAddressDuplicateSkip: 'false',
    ...overrides,
  };
}

export function icon(width = 55, height = 55): FormValue {
  return { bytes: makePng(width, height), name: ICON_UPLOAD_NAME, type: 'image/png' };
}

/** A valid icon whose bytes (and so whose content-addressed name) no other test shares. */
export function uniqueIcon(): FormValue {
  const [r = 0, g = 0, b = 0] = randomBytes(3);
  return { bytes: makePng(55, 55, [r, g, b]), name: ICON_UPLOAD_NAME, type: 'image/png' };
}

export function iconField(width = 55, height = 55): Record<string, FormValue> {
  return { [ICON_FIELD]: icon(width, height) };
}

export function postApp(
  client: HttpClient,
  values: Record<string, FormValue>,
): Promise<JsonResponse> {
  return client.json('POST', ApiPaths.createApp, { body: form(values) });
}

export function putApp(
  client: HttpClient,
  id: string,
  values: Record<string, FormValue>,
): Promise<JsonResponse> {
  return client.json('PUT', ApiPaths.app(id), { body: form(values) });
}

/** Creates an application through the API and answers its id. */
export async function createApp(
  client: HttpClient,
  overrides: Record<string, FormValue> = {},
): Promise<string> {
  const res = await postApp(client, appFields(overrides));
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.applicationId as string;
}

export function appRow(t: TestApp, id: string) {
  return t.db.kysely.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
}

export function ipRows(t: TestApp, id: string) {
  return t.db.kysely
    .selectFrom('ipRecords')
    .select(['ip', 'familyPending', 'adminAccept', 'documentKey'])
    .where('applicationId', '=', id)
    .orderBy('ip')
    .execute();
}

export function appCount(t: TestApp, ownerId: string) {
  return t.db.kysely
    .selectFrom('applications')
    .select('id')
    .where('ownerId', '=', ownerId)
    .execute()
    .then((rows) => rows.length);
}

/** A store like the app's own: same configuration, database and clock. */
export function testBlobStore(t: TestApp): BlobStore {
  return createBlobStore(t.config, t.db, t.clock, { warn: () => undefined });
}

/** Keys of the blobs of a kind in the app's configured store, sorted. */
export async function storedBlobs(t: TestApp, kind: BlobKind): Promise<string[]> {
  return (await testBlobStore(t).keysStoredBefore(kind, Number.MAX_SAFE_INTEGER)).sort();
}

/** A fresh access token (after the test clock moved past the old one's expiry). */
export async function signInAgain(dev: SignedInDeveloper): Promise<void> {
  const res = await signIn(dev.client, dev.email, dev.password);
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  dev.client.bearer = res.body.user_status.AuthenticationResult.AccessToken;
}
