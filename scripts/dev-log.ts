import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { prettyFactory } from 'pino-pretty';

/**
 * `npm run dev` only: the server's JSON log lines as readable ones (time, level, message,
 * then the fields); lines that are not JSON, such as tsx watch's, pass as they are. The
 * portal itself always logs JSON, so production's collectors get what they parse.
 */
export function prettyLog(input: Readable, output: Writable, colorize: boolean): void {
  const pretty = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
  createInterface({ input, crlfDelay: Infinity }).on('line', (line) => {
    output.write(pretty(line));
  });
}
