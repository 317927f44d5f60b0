import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { Application } from '../../contract/apps.js';
import {
  OpsApiPaths,
  type OpsApplicationResponse,
  type OpsDeveloperResponse,
} from '../../contract/ops.js';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
let developer: SignedInDeveloper;
let support: TestOperator;

beforeAll(async () => {
  t = await startTestApp();
  developer = await signedInDeveloper(t);
  support = await signedInOperator(t, 'support');
});

afterAll(async () => {
  await t.close();
});

const block = (path: string, blocked: boolean, reason: string) =>
  support.client.json('POST', path, { json: { blocked, reason } });
const consoleApp = async (id: string) =>
  (await support.client.json<OpsApplicationResponse>('GET', OpsApiPaths.application(id))).body;
const consoleDeveloper = async () =>
  (await support.client.json<OpsDeveloperResponse>('GET', OpsApiPaths.developer(developer.id)))
    .body;

describe(`the console's pages show the kill switch (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it("shows an application's own block and its developer's block apart, with reason and time", async () => {
    const id = await createApp(developer.client);
    expect((await consoleApp(id)).application.block).toBeNull();
    expect((await consoleApp(id)).developer.block).toBeNull();

    const appBlockedAt = new Date(t.clock.now()).toISOString();
    expect((await block(OpsApiPaths.applicationBlock(id), true, 'Runaway orders')).status).toBe(
      200,
    );
    t.clock.advance(60_000);
    const developerBlockedAt = new Date(t.clock.now()).toISOString();
    const developerPath = OpsApiPaths.developerBlock(developer.id);
    expect((await block(developerPath, true, 'Unpaid dues')).status).toBe(200);

    const both = await consoleApp(id);
    expect(both.application.block).toEqual({ reason: 'Runaway orders', since: appBlockedAt });
    expect(both.developer.block).toEqual({ reason: 'Unpaid dues', since: developerBlockedAt });
    const page = await consoleDeveloper();
    expect(page.developer.block).toEqual({ reason: 'Unpaid dues', since: developerBlockedAt });
    expect(page.applications.find((app) => app.id === id)?.isBlocked).toBe(true);

    expect((await block(developerPath, false, 'Dues paid')).status).toBe(200);
    expect((await block(OpsApiPaths.applicationBlock(id), false, 'Fixed')).status).toBe(200);
    const lifted = await consoleApp(id);
    expect([lifted.application.block, lifted.developer.block]).toEqual([null, null]);
    const after = await consoleDeveloper();
    expect(after.developer.block).toBeNull();
    expect(after.applications.find((app) => app.id === id)?.isBlocked).toBe(false);
  });

  it("shows a developer-wide block in the developer's own list at once, cached before or not", async () => {
    const id = await createApp(developer.client);
    const list = async () =>
      (await developer.client.json<Application[]>('GET', ApiPaths.apps)).body.find(
        (app) => app.applicationId === id,
      )?.block ?? null;
    expect(await list()).toBeNull();
    const developerPath = OpsApiPaths.developerBlock(developer.id);
    expect((await block(developerPath, true, 'Unpaid dues')).status).toBe(200);
    expect((await list())?.scope).toBe('developer');
    expect((await block(developerPath, false, 'Dues paid')).status).toBe(200);
    expect(await list()).toBeNull();
  });
});
