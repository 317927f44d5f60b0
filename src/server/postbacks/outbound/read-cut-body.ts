import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';

/**
 * Reads at most `limitBytes` of an answer, then lets go of the rest. The text ends at the
 * last whole UTF-8 character, so a cut never leaves half a character behind.
 */
export function readCutBody(response: IncomingMessage, limitBytes: number): Promise<string> {
  return new Promise((resolve) => {
    const decoder = new StringDecoder('utf8');
    let text = '';
    let taken = 0;
    const finish = () => {
      response.removeAllListeners('data');
      resolve(text);
    };
    response.on('data', (chunk: Buffer) => {
      const part = chunk.subarray(0, limitBytes - taken);
      taken += part.length;
      text += decoder.write(part);
      if (taken >= limitBytes) {
        finish();
        response.destroy();
      }
    });
    response.once('end', finish);
    response.once('error', finish);
    response.once('close', finish);
  });
}
