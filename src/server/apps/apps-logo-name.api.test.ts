import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { ICON_FIELD, type Application } from '../../contract/apps.js';
import { Limits } from '../../contract/limits.js';
import {
  appFields,
  appRow,
  createApp,
  putApp,
  signedInDeveloper,
  uniqueIcon,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
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

async function read(id: string): Promise<Application> {
  const res = await dev.client.json<Application>('GET', ApiPaths.app(id));
  expect(res.status).toBe(200);
  return res.body;
}

async function listed(id: string): Promise<Application | undefined> {
  const res = await dev.client.json<Application[]>('GET', ApiPaths.apps);
  return res.body.find((app) => app.applicationId === id);
}

// docs/product.md section 3: the icon travels as defaultimage.png, so the name the developer
// chose comes beside it as `logoName` (ours), stored cleaned and given back with the app.
describe(`the icon's own name (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('stores the chosen name at create and gives it back in the app read and the list', async () => {
    const id = await createApp(dev.client, { [ICON_FIELD]: uniqueIcon(), logoName: 'my-logo.png' });
    expect((await appRow(t, id))?.logoName).toBe('my-logo.png');
    expect((await read(id)).logoName).toBe('my-logo.png');
    expect((await listed(id))?.logoName).toBe('my-logo.png');
  });

  it('keeps only the last part of a path, without control characters, within its cap', async () => {
    const id = await createApp(dev.client, {
      [ICON_FIELD]: uniqueIcon(),
      logoName: 'C:\\fakepath\\dir/lo\u0007go\u202e.png',
    });
    expect((await read(id)).logoName).toBe('logo.png');

    const long = `${'n'.repeat(300)}.png`;
    await putApp(dev.client, id, {
      ...appFields(),
      isActive: 'true',
      ip_address: '',
      [ICON_FIELD]: uniqueIcon(),
      logoName: long,
    });
    expect((await read(id)).logoName).toBe(long.slice(-Limits.logoNameMax));
  });

  it('has no name for the default icon, for a file sent without one, or once cleared', async () => {
    expect((await read(await createApp(dev.client, { logoName: 'ignored.png' }))).logoName).toBe(
      null,
    );
    const unnamed = await createApp(dev.client, { [ICON_FIELD]: uniqueIcon() });
    expect((await read(unnamed)).logoName).toBe(null);

    const id = await createApp(dev.client, { [ICON_FIELD]: uniqueIcon(), logoName: 'a.png' });
    const res = await putApp(dev.client, id, {
      ...appFields({ logoUrl: t.config.brand.defaultAppIconUrl }),
    });
    expect(res.status).toBe(200);
    expect((await appRow(t, id))?.logoName).toBe(null);
  });

  it('replaces the name with the logo-upload variant and keeps it through a form save', async () => {
    const id = await createApp(dev.client, { [ICON_FIELD]: uniqueIcon(), logoName: 'old.png' });
    const upload = await putApp(dev.client, id, {
      ...appFields(),
      isActive: 'true',
      ip_address: '',
      [ICON_FIELD]: uniqueIcon(),
      logoName: 'new.png',
    });
    expect(upload.status).toBe(200);
    expect((await read(id)).logoName).toBe('new.png');

    const app = await read(id);
    const save = await putApp(dev.client, id, {
      ...appFields({ description: 'Saved again', logoUrl: app.logoUrl }),
    });
    expect(save.status).toBe(200);
    expect((await appRow(t, id))?.logoName).toBe('new.png');
  });
});
