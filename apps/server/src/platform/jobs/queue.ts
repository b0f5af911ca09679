import PgBoss from 'pg-boss';
import postgres from 'postgres';
import type { z } from 'zod';
import { withStartupLock, type Database } from '../../db/database';
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
  // pg-boss creates its schema at the first start: processes starting together on one PostgreSQL take turns.
  await withStartupLock('connectionString' in database.boss ? database.boss.connectionString : undefined, () => boss.start());
  // pg-boss 10 keeps a job only in an existing queue. A server that runs no jobs (RUN_JOBS=false) never calls `work`,
  // so the first send of each job creates its queue (idempotent: the worker may have created it already).
  const created = new Set<string>();
  const createQueue = async (job: JobDefinition<z.ZodType>): Promise<void> => {
    if (created.has(job.name)) return;
    await boss.createQueue(job.name, { name: job.name, retryLimit: job.retryLimit ?? 3, retryDelay: 5, retryBackoff: true });
    created.add(job.name);
  };
  return {
    send: async (job, payload) => {
      const envelope: JobEnvelope = { version: job.version, payload: job.payload.parse(payload) };
      await createQueue(job);
      await boss.send(job.name, envelope);
    },
    work: async ({ job, handle, recover }) => {
      await createQueue(job);
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

/**
 * The one process that runs the jobs of a PostgreSQL database: the recovery steps at start (an import or a generation
 * still in progress belonged to a process that died) hold only while a single process works the queues. It keeps a
 * session advisory lock on a connection of its own for its lifetime; a second one is refused with what to do.
 * The embedded database has one process by its folder lock. Answers the release.
 */
export const claimJobRunner = async (database: Database): Promise<() => Promise<void>> => {
  if (!('connectionString' in database.boss)) return async () => {};
  const lock = postgres(database.boss.connectionString, { max: 1, onnotice: () => {} });
  const rows = await lock.unsafe<{ ok: boolean }[]>('select pg_try_advisory_lock(7246813002) as ok');
  if (rows[0]?.ok !== true) {
    await lock.end({ timeout: 5 });
    throw new Error(
      'Another process already runs the background jobs of this database (the worker, or a server without RUN_JOBS=false). ' +
        'Run one worker (`npm run worker`) and start every server with RUN_JOBS=false.',
    );
  }
  return () => lock.end({ timeout: 5 });
};
