import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** One argon2id call, run on a pool thread. */
export type HashTask =
  | { readonly op: 'hash'; readonly password: string }
  | { readonly op: 'verify'; readonly hash: string; readonly password: string };

type HashResult<T extends HashTask> = T['op'] extends 'hash' ? string : boolean;

export interface HashPoolOptions {
  /** Threads hashing at once. */
  readonly threads: number;
  /** Tasks that may wait for a thread; one more is refused at once. */
  readonly maxWaiting: number;
  /** A task not started within this many ms is refused. */
  readonly maxWaitMs: number;
  /** argon2 options, the same for every task. */
  readonly argon2: Readonly<Record<string, number>>;
}

/** Refused because the pool is full or the task waited too long: the caller answers 503. */
export class HashPoolBusyError extends Error {
  override readonly name = 'HashPoolBusyError';
}

/**
 * The threads lower their own priority (Linux keeps a nice value per thread), so request
 * handling on the main thread always goes first and hashing takes the CPU left over: a
 * storm of sign-ins cannot slow down every other route (docs/decisions/020-hashing-pool.md).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { setPriority } = require('node:os');
const argon2 = require(workerData.argon2Path);
try { setPriority(0, workerData.nice); } catch {}
parentPort.on('message', (task) => {
  try {
    const value = task.op === 'hash'
      ? argon2.hashSync(task.password, workerData.options)
      : argon2.verifySync(task.hash, task.password);
    parentPort.postMessage({ ok: true, value });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error) });
  }
});
`;

const NICE = 10;

interface Pending {
  readonly task: HashTask;
  readonly resolve: (value: string | boolean) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

interface Reply {
  readonly ok: boolean;
  readonly value?: string | boolean;
  readonly error?: string;
}

/**
 * Tasks handed to a thread at once: the one it hashes and the next, so that a thread never
 * idles while the event loop is busy (a database commit, say) before it can hand it more.
 */
const DEPTH = 2;

interface Thread {
  readonly worker: Worker;
  /** Handed to the thread, oldest (the one hashing) first. */
  readonly tasks: Pending[];
}

/** A place in the pool held for one task: run it, or give the place back. */
export interface Reservation {
  run<T extends HashTask>(task: T): Promise<HashResult<T>>;
  release(): void;
}

/** A fixed set of argon2 threads with a bounded, deadline-checked wait queue. */
export function createHashPool(options: HashPoolOptions) {
  const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const threads: Thread[] = [];
  const waiting: Pending[] = [];
  let closed = false;

  function spawn(): Thread {
    const thread: Thread = {
      worker: new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { argon2Path, options: options.argon2, nice: NICE },
      }),
      tasks: [],
    };
    threads.push(thread);
    thread.worker.on('message', (reply: Reply) => {
      const pending = thread.tasks.shift();
      if (reply.ok && reply.value !== undefined) pending?.resolve(reply.value);
      else pending?.reject(new Error(reply.error ?? 'argon2 failed'));
      refill(thread);
    });
    // A thread that dies takes only its own tasks with it; the next task starts a new one.
    thread.worker.on('error', (error) => {
      threads.splice(threads.indexOf(thread), 1);
      for (const pending of thread.tasks.splice(0)) pending.reject(error);
    });
    return thread;
  }

  /** An idle thread, else a new one while there may be more, else one with room. */
  function pick(): Thread | undefined {
    const idle = threads.find((thread) => thread.tasks.length === 0);
    if (idle !== undefined) return idle;
    if (threads.length < options.threads) return spawn();
    return threads.find((thread) => thread.tasks.length < DEPTH);
  }

  function start(thread: Thread, pending: Pending): void {
    clearTimeout(pending.timer);
    thread.tasks.push(pending);
    thread.worker.ref();
    thread.worker.postMessage(pending.task);
  }

  function refill(thread: Thread): void {
    while (!closed && thread.tasks.length < DEPTH) {
      const next = waiting.shift();
      if (next === undefined) break;
      start(thread, next);
    }
    if (thread.tasks.length > 0) return;
    // An idle thread must not keep a finished process (a CLI, a test) alive.
    thread.worker.unref();
    if (closed) void thread.worker.terminate();
  }

  /** Places taken by tasks handed out or waiting, and by reservations not yet run. */
  let reserved = 0;
  const used = () =>
    threads.reduce((sum, thread) => sum + thread.tasks.length, 0) + waiting.length + reserved;

  function enter<T extends HashTask>(task: T): Promise<HashResult<T>> {
    return new Promise((resolve, reject) => {
      const thread = pick();
      const pending: Pending = {
        task,
        resolve: resolve as (value: string | boolean) => void,
        reject,
        timer: setTimeout(() => {
          const index = waiting.indexOf(pending);
          if (index === -1) return;
          waiting.splice(index, 1);
          reject(new HashPoolBusyError('waited too long for a hashing thread'));
        }, options.maxWaitMs).unref(),
      };
      if (thread !== undefined) start(thread, pending);
      else waiting.push(pending);
    });
  }

  /**
   * Holds a place for one task to come, or refuses at once when every thread and the queue
   * are taken: a caller that must do something first (count a sign-in try) learns before
   * that whether its check can run.
   */
  function reserve(): Reservation {
    if (closed || used() >= options.threads * DEPTH + options.maxWaiting) {
      throw new HashPoolBusyError('every hashing thread is busy and the queue is full');
    }
    reserved += 1;
    let isHeld = true;
    const release = () => {
      if (isHeld) reserved -= 1;
      isHeld = false;
    };
    return {
      run: (task) => {
        if (!isHeld) return Promise.reject(new HashPoolBusyError('the place was given back'));
        release();
        return enter(task);
      },
      release,
    };
  }

  return {
    reserve,

    async run<T extends HashTask>(task: T): Promise<HashResult<T>> {
      return reserve().run(task);
    },

    /** Tasks waiting for a thread now. */
    get waiting(): number {
      return waiting.length;
    },

    async close(): Promise<void> {
      closed = true;
      for (const pending of waiting.splice(0)) {
        clearTimeout(pending.timer);
        pending.reject(new HashPoolBusyError('closed'));
      }
      const idle = threads.filter((thread) => thread.tasks.length === 0);
      await Promise.all(idle.map((thread) => thread.worker.terminate()));
    },
  };
}

export type HashPool = ReturnType<typeof createHashPool>;
