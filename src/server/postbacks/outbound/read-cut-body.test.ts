import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCutBody } from './read-cut-body.js';

/** An answer arriving in the given chunks, as a socket would hand them over. */
function answer(chunks: readonly Buffer[]): IncomingMessage {
  const stream = new PassThrough();
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  return stream as unknown as IncomingMessage;
}

describe('readCutBody', () => {
  it('ends on a whole character when the limit falls inside one', async () => {
    const euro = Buffer.from('ab€€', 'utf8');
    expect(await readCutBody(answer([euro]), 4)).toBe('ab');
    expect(await readCutBody(answer([euro]), 5)).toBe('ab€');
  });

  it('joins a character split across chunks and cuts the last one whole', async () => {
    const bytes = Buffer.from('a😀😀', 'utf8');
    const chunks = [bytes.subarray(0, 3), bytes.subarray(3, 6), bytes.subarray(6)];
    const text = await readCutBody(answer(chunks), 8);
    expect(text).toBe('a😀');
    expect(text).not.toContain('\uFFFD');
  });

  it('keeps a short answer whole', async () => {
    expect(await readCutBody(answer([Buffer.from('ñé€😀', 'utf8')]), 4096)).toBe('ñé€😀');
  });
});
