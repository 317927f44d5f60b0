import { readFileSync } from 'node:fs';

/** Linux reports a thread's times in ticks of 1/100 s (USER_HZ, fixed by its ABI). */
const MICROS_PER_TICK = 10_000;

/**
 * A thread's user + system CPU time in microseconds, from its `/proc/.../stat` line. The
 * name in parentheses may hold spaces and parentheses itself, so the fields are counted
 * from the last `)`: utime and stime are the 14th and 15th of the line.
 */
export function statCpuMicros(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  if (!Number.isInteger(utime) || !Number.isInteger(stime)) {
    throw new Error(`not a /proc stat line: ${stat.slice(0, 80)}`);
  }
  return (utime + stime) * MICROS_PER_TICK;
}

/**
 * The CPU time of this process's main thread, the one that runs the event loop (its thread
 * id is the process id): the server's work per request, without its hashing threads'.
 */
export function mainThreadCpuMicros(): number {
  return statCpuMicros(readFileSync(`/proc/self/task/${String(process.pid)}/stat`, 'utf8'));
}
