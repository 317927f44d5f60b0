import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProofLimits } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';
import { ipFieldName } from '../../contract/rules.js';
import {
  appCount,
  appFields,
  createApp,
  postApp,
  signedInDeveloper,
  storedBlobs,
  type FormValue,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { makePdfOfPages, makePngHeader } from '../../../test/support/png.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// Proofs are drawn in a reviewer's browser: an image's pixels and a PDF's pages are
// judged before one is stored (docs/product.md section 9).

let t: TestApp;
let owner: SignedInDeveloper;
let sender: SignedInDeveloper;
const IP = '45.0.0.1';

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInDeveloper(t);
  sender = await signedInDeveloper(t);
  await createApp(owner.client, { ipRecords: IP });
});

afterAll(async () => {
  await t.close();
});

function sendProof(document: FormValue) {
  return postApp(sender.client, {
    ...appFields({ ipRecords: IP, ipAddressDuplicateSkip: 'true' }),
    [ipFieldName(IP)]: document,
  });
}

describe(`proof documents a reviewer's browser would draw (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('refuses an image of more pixels than the limit, storing nothing', async () => {
    const side = Math.ceil(Math.sqrt(ProofLimits.imageMaxPixels)) + 1;
    const documents = await storedBlobs(t, 'documents');
    const res = await sendProof({
      bytes: makePngHeader(side, side),
      name: 'p.png',
      type: 'image/png',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 'error',
      code: 'bad_request',
      message: Messages.apps.documentTooManyPixels,
    });
    expect(await appCount(t, sender.id)).toBe(0);
    expect(await storedBlobs(t, 'documents')).toEqual(documents);
  });

  it('refuses a PDF of more pages than the limit, and takes one within it', async () => {
    const pdf = (pages: number) => ({
      bytes: makePdfOfPages(pages),
      name: 'p.pdf',
      type: 'application/pdf',
    });
    const res = await sendProof(pdf(ProofLimits.pdfMaxPages + 1));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 'error',
      code: 'bad_request',
      message: Messages.apps.documentTooManyPages,
    });
    expect(await appCount(t, sender.id)).toBe(0);

    expect((await sendProof(pdf(ProofLimits.pdfMaxPages))).status).toBe(201);
    expect(await appCount(t, sender.id)).toBe(1);
  });

  it("reads a PDF's pages without replacing the server's own JSON and Array functions", async () => {
    // pdf.js's build for Node 20 carries core-js, which replaces JSON.stringify, JSON.parse and
    // Array.prototype.push (and Function.prototype.toString, so they still look native) in the
    // realm that loads it: every answer of the server then ran through the polyfills.
    const res = await sendProof({
      bytes: makePdfOfPages(2),
      name: 'p.pdf',
      type: 'application/pdf',
    });
    expect(res.status).toBe(201);
    expect(Object.hasOwn(globalThis, '__core-js_shared__')).toBe(false);
  });
});
