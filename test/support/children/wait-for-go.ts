import { once } from 'node:events';

/** Tells the parent (start-together.ts) this process is loaded, then waits for its signal. */
export async function waitForGo(): Promise<void> {
  process.stdout.write('ready\n');
  await once(process.stdin, 'data');
  process.stdin.destroy();
}
