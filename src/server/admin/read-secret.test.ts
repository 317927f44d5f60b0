import { PassThrough, Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSecretLine } from './read-secret.js';

/** A writable that keeps what is written to it, as a terminal's screen shows it. */
function screen() {
  let text = '';
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      text += chunk.toString();
      done();
    },
  });
  return { stream, shown: () => text };
}

describe('readSecretLine', () => {
  it('reads the first line of a pipe, trimmed, with no prompt', async () => {
    const out = screen();
    const line = await readSecretLine(
      Readable.from(['  key-123  \nsecond\n']),
      out.stream,
      'Key: ',
    );
    expect(line).toBe('key-123');
    expect(out.shown()).toBe('');
  });

  it('answers empty when the input ends without a line', async () => {
    expect(await readSecretLine(Readable.from([]), screen().stream, 'Key: ')).toBe('');
  });

  it('on a terminal prompts, and what is typed never reaches the screen', async () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true });
    const out = screen();
    const read = readSecretLine(terminal, out.stream, 'API key: ');
    expect(out.shown()).toBe('API key: ');
    terminal.write('typed-secret\r');
    expect(await read).toBe('typed-secret');
    expect(out.shown()).toBe('API key: \n');
  });

  it('on a terminal, Ctrl-C gives up with an empty answer', async () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true });
    const read = readSecretLine(terminal, screen().stream, 'API key: ');
    terminal.write('half\u0003');
    expect(await read).toBe('');
  });
});
