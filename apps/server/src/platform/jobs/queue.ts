import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { JobDefinition, JobEnvelope, JobWorker } from './job';

export type JobQueue = {
  /** Queues one run of the job; the payload is checked against the job's schema here, before it is stored. */
  send: <S extends z.ZodType>(job: JobDefinition<S>, payload: z.input<S>) => Promise<void>;
  /** Creates the job's durable queue, runs its recovery step, then starts its worker; a cron job is also scheduled. */
  work: (worker: JobWorker) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Durable background jobs on pg-boss, on both engines: through its own connection on PostgreSQL, and through
 * the PGlite adapter of db/database.ts in embedded mode. On PGlite, queue work only outside a transaction:
 * the embedded engine has one connection, which an open transaction holds.
 */
export const startJobQueue = async (database: Database, options: { pollSeconds: number }): Promise<JobQueue> => {
  const boss =
    'connectionString' in database.boss
      ? new PgBoss({ connectionString: database.boss.connectionString, max: 4 })
      : new PgBoss({ db: database.boss.db as PgBoss.Db, supervise: true, schedule: true });
  boss.on('error', (error) => console.error('[jobs]', error.message));
  await boss.start();
  return {
    send: async (job, payload) => {
      const envelope: JobEnvelope = { version: job.version, payload: job.payload.parse(payload) };
      await boss.send(job.name, envelope);
    },
    work: async ({ job, handle, recover }) => {
      await boss.createQueue(job.name, { name: job.name, retryLimit: job.retryLimit ?? 3, retryDelay: 5, retryBackoff: true });
      if (recover) await recover();
      await boss.work<JobEnvelope>(job.name, { pollingIntervalSeconds: options.pollSeconds }, async (runs) => {
        for (const run of runs) await handle(run.data);
      });
      // A scheduled run carries no payload: the envelope of an empty one.
      if (job.cron) await boss.schedule(job.name, job.cron, { version: job.version, payload: {} } satisfies JobEnvelope);
    },
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
};
