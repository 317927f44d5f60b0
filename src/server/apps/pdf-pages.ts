import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * pdf.js runs on a thread of its own. Its build for Node 20 (`legacy`) carries core-js, which
 * replaces JSON.stringify, JSON.parse and Array.prototype.push in the realm that loads it;
 * loaded on the main thread it slowed every answer of the server. The thread also keeps its
 * first load and the parse off the event loop (docs/decisions/071-pdf-pages-thread.md).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const loading = import(workerData.pdfjsUrl);
parentPort.on('message', async ({ id, bytes }) => {
  let pages = null;
  try {
    const { getDocument } = await loading;
    const task = getDocument({
      data: bytes,
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
    });
    try {
      pages = (await task.promise).numPages;
    } finally {
      await task.destroy();
    }
  } catch {
    pages = null;
  }
  parentPort.postMessage({ id, pages });
});
`;

interface Reply {
  readonly id: number;
  readonly pages: number | null;
}

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, (pages: number | null) => void>();

function settleAll(): void {
  for (const resolve of waiting.values()) resolve(null);
  waiting.clear();
}

function thread(): Worker {
  if (worker !== undefined) return worker;
  const pdfjsPath = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs');
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { pdfjsUrl: pathToFileURL(pdfjsPath).href },
  });
  started.on('message', ({ id, pages }: Reply) => {
    waiting.get(id)?.(pages);
    waiting.delete(id);
    // An idle thread must not keep a finished process (a CLI, a test) alive.
    if (waiting.size === 0) started.unref();
  });
  // A thread that dies answers its files as unreadable (as a parse failure is answered);
  // the next file starts a new one.
  const forget = () => {
    if (worker === started) worker = undefined;
    settleAll();
  };
  started.on('error', forget);
  started.on('exit', forget);
  worker = started;
  return started;
}

/**
 * The pages of a PDF as the reviewer's viewer (pdf.js, the same library) reads them; null
 * when it cannot open the file, which the viewer then cannot draw either.
 */
export function pdfPages(bytes: Buffer): Promise<number | null> {
  const id = nextId++;
  const reader = thread();
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    reader.ref();
    reader.postMessage({ id, bytes: new Uint8Array(bytes) });
  });
}
