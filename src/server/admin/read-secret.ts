import { createInterface } from 'node:readline';
import { Writable, type Readable } from 'node:stream';

/** Where a secret comes from: standard input, a terminal (isTTY) or a pipe. */
export type SecretSource = Readable & { readonly isTTY?: boolean };

/** Swallows readline's echo of what is typed. */
function silent(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

/**
 * Reads one line holding a secret, so it never stands on a command line (and so in shell
 * history or the process list): from a pipe as it comes, or from a terminal after `prompt`
 * (written to `promptTo`) with nothing typed echoed. Answers it trimmed, or '' when the
 * input ends first or Ctrl-C is pressed.
 */
export async function readSecretLine(
  input: SecretSource,
  promptTo: Writable,
  prompt: string,
): Promise<string> {
  const isTerminal = input.isTTY === true;
  if (isTerminal) promptTo.write(prompt);
  const lines = createInterface({ input, output: silent(), terminal: isTerminal });
  lines.on('SIGINT', () => lines.close());
  try {
    for await (const line of lines) return line.trim();
    return '';
  } finally {
    lines.close();
    if (isTerminal) promptTo.write('\n');
  }
}
