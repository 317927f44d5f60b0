import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { mainThreadCpuMicros, statCpuMicros } from './thread-cpu.js';

function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('thread CPU time', () => {
  it('reads utime and stime after a name that holds spaces and parentheses', () => {
    const stat = '4242 (node (a) b) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 30 0 0 20 0';
    expect(statCpuMicros(stat)).toBe((250 + 30) * 10_000);
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => statCpuMicros('no such thing')).toThrow('not a /proc stat line');
  });

  it("counts the main thread's own work and not a busy worker thread's", async () => {
    const worker = new Worker(
      'const until = performance.now() + 400; while (performance.now() < until);',
      { eval: true },
    );
    const workerDone = new Promise((resolve) => worker.once('exit', resolve));
    const before = mainThreadCpuMicros();
    await workerDone;
    const whileWorkerSpun = mainThreadCpuMicros() - before;
    spin(400);
    const whileMainSpun = mainThreadCpuMicros() - before - whileWorkerSpun;
    expect(whileWorkerSpun).toBeLessThan(150_000);
    expect(whileMainSpun).toBeGreaterThan(250_000);
  });
});
