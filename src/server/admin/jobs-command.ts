import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { listJobs, retryFailedJob, type JobRow } from '../jobs/jobs.repository.js';

export interface JobsCommandDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

const LIST_LIMIT = 100;
const USAGE = 'usage: admin jobs list | jobs retry <jobId>';

export type JobState = 'done' | 'failed' | 'running' | 'retrying' | 'queued';

export function jobState(job: JobRow, now: number): JobState {
  if (job.doneAt !== null) return 'done';
  if (job.failedAt !== null) return 'failed';
  if (job.lockedUntil !== null && job.lockedUntil > now) return 'running';
  return job.attempts > 0 ? 'retrying' : 'queued';
}

/** One line a job; never the payload, which may hold a code in clear. */
function describeJob(job: JobRow, now: number): string {
  const state = jobState(job, now);
  const isOpen = state === 'queued' || state === 'retrying';
  return [
    job.id,
    job.kind,
    state,
    `${job.attempts}/${job.maxAttempts}`,
    isOpen ? new Date(job.runAt).toISOString() : '-',
    job.lastError?.replace(/\s+/g, ' ') ?? '-',
  ].join('\t');
}

/** Runs `jobs list|retry`; answers the lines to print and the exit code. */
export async function runJobsCommand(
  deps: JobsCommandDeps,
  args: readonly string[],
): Promise<{ lines: string[]; exitCode: number }> {
  const [group, action, jobId] = args;
  if (group !== 'jobs') return { lines: [USAGE], exitCode: 2 };
  const now = deps.clock.now();
  if (action === 'list' && jobId === undefined) {
    const jobs = await listJobs(deps.db, LIST_LIMIT);
    if (jobs.length === 0) return { lines: ['No jobs.'], exitCode: 0 };
    return {
      lines: [
        ['id', 'kind', 'state', 'attempts', 'next run', 'last error'].join('\t'),
        ...jobs.map((job) => describeJob(job, now)),
      ],
      exitCode: 0,
    };
  }
  if (action === 'retry' && jobId !== undefined) {
    return (await retryFailedJob(deps.db, jobId, now))
      ? { lines: [`Job ${jobId} queued again.`], exitCode: 0 }
      : { lines: [`No failed job ${jobId}.`], exitCode: 1 };
  }
  return { lines: [USAGE], exitCode: 2 };
}
