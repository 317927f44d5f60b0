import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { mainThreadCpuMicros, statCpuMicros } from './thread-cpu.js';

/** The process's CPU time (all threads) since `since`, in microseconds. */
const cpuSince = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return user + system;
};

// Spins by CPU time, not by the clock: on a busy machine a clock-timed spin may get
// little of a core. While one thread spins the other waits, so the process's time is the
// spinning thread's.
const SPIN_US = 400_000;
const WORKER_SPIN = `
const since = process.cpuUsage();
const spent = () => { const { user, system } = process.cpuUsage(since); return user + system; };
while (spent() < ${String(SPIN_US)});
`;

describe('thread CPU time', () => {
  it('reads utime and stime after a name that holds spaces and parentheses', () => {
    const stat = '4242 (node (a) b) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 30 0 0 20 0';
    expect(statCpuMicros(stat)).toBe((250 + 30) * 10_000);
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => statCpuMicros('no such thing')).toThrow('not a /proc stat line');
  });

  it("counts the main thread's own work and not a busy worker thread's", async () => {
    const processBefore = process.cpuUsage();
    const mainBefore = mainThreadCpuMicros();
    const worker = new Worker(WORKER_SPIN, { eval: true });
    await new Promise((resolve) => worker.once('exit', resolve));
    const whileWorkerSpun = mainThreadCpuMicros() - mainBefore;
    expect(cpuSince(processBefore)).toBeGreaterThanOrEqual(SPIN_US);
    expect(whileWorkerSpun).toBeLessThan(150_000);

    const spinStart = process.cpuUsage();
    while (cpuSince(spinStart) < SPIN_US);
    const whileMainSpun = mainThreadCpuMicros() - mainBefore - whileWorkerSpun;
    expect(whileMainSpun).toBeGreaterThan(300_000);
  });
});
