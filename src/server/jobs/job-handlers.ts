import * as z from 'zod/mini';
import type { JobDefinition, JobPayload, JobTry } from './job-definition.js';

interface Registered {
  readonly isPayloadSecret: boolean;
  readonly retryDelaysMs: readonly number[] | undefined;
  run(payload: unknown, attempt: JobTry): Promise<void>;
}

/** Raised for a payload its kind's schema refuses: trying again cannot help. */
export class BadPayloadError extends Error {
  override readonly name = 'BadPayloadError';
}

/** The handlers of this instance, by kind; each payload checked by its kind's schema. */
export class JobHandlers {
  private readonly byKind = new Map<string, Registered>();

  register<S extends z.ZodMiniType>(
    job: JobDefinition<S>,
    run: (payload: JobPayload<S>, attempt: JobTry) => Promise<void>,
  ): this {
    if (this.byKind.has(job.kind)) throw new Error(`job kind ${job.kind} registered twice`);
    this.byKind.set(job.kind, {
      isPayloadSecret: job.isPayloadSecret,
      retryDelaysMs: job.retryDelaysMs,
      run: (payload, attempt) => {
        const parsed = z.safeParse(job.payload, payload);
        if (!parsed.success) throw new BadPayloadError(`payload of ${job.kind} refused`);
        return run(parsed.data, attempt);
      },
    });
    return this;
  }

  find(kind: string): Registered | undefined {
    return this.byKind.get(kind);
  }
}
