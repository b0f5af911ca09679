import type { z } from 'zod';

/**
 * A background job declared once, in its module's `*.jobs.ts`: the queue's name, the payload's zod schema and the
 * queue's policy. Services send it with `jobs.send(JOB, payload)` (checked by the schema); the module's worker
 * (`workerOf`) receives the parsed payload. `version` is bumped when the payload's shape changes: a worker refuses a
 * payload written for another version instead of misreading it.
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  readonly name: string;
  readonly version: number;
  readonly payload: S;
  /** Attempts after a failure (pg-boss retries with backoff); 0 when a failure is recorded for the user instead. */
  readonly retryLimit?: number;
  /** Also runs on this schedule (cron, server time). */
  readonly cron?: string;
};

export const defineJob = <S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> => job;

/** What travels in the queue: the payload and the version it was written for. */
export type JobEnvelope = { version: number; payload: unknown };

/** A job with its handler, as a module lists it. `recover` runs once at start (its queue exists), before the worker takes work. */
export type JobWorker = {
  readonly job: JobDefinition;
  readonly handle: (payload: unknown) => Promise<void>;
  readonly recover?: () => Promise<void>;
};

export const workerOf = <S extends z.ZodType>(
  job: JobDefinition<S>,
  handle: (payload: z.infer<S>) => Promise<void>,
  recover?: () => Promise<void>,
): JobWorker => ({
  job,
  handle: async (envelope) => {
    const { version, payload } = (envelope ?? {}) as Partial<JobEnvelope>;
    if (version !== job.version)
      throw new Error(`Job ${job.name}: a payload of version ${String(version)} reached a worker of version ${job.version}.`);
    await handle(job.payload.parse(payload));
  },
  ...(recover ? { recover } : {}),
});
