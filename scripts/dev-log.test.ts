import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { prettyLog } from './dev-log.js';

async function shown(lines: readonly string[]): Promise<string> {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const done = once(input, 'end');
  prettyLog(input, output, false);
  input.end(lines.map((line) => `${line}\n`).join(''));
  await done;
  await new Promise<void>((resolve) => setImmediate(resolve));
  return text;
}

describe('the dev loop log', () => {
  it('shows a JSON log line as time, level and message, then its fields', async () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 28, 12, 0, 0),
      pid: 7,
      hostname: 'box',
      reqId: 'r-1',
      msg: 'request completed',
    });
    const text = await shown([line]);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.000\] INFO: request completed\n {4}reqId: "r-1"\n$/u);
    expect(text).not.toContain('{"level"');
    expect(text).not.toContain('hostname');
  });

  it('passes a line that is not JSON as it is', async () => {
    expect(await shown(['[tsx] change in ./src/server/app.ts Rerunning...'])).toBe(
      '[tsx] change in ./src/server/app.ts Rerunning...\n',
    );
  });
});
