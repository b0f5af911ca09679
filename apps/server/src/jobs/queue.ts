import PgBoss from 'pg-boss';
import type { Database } from '../db/database';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export type JobQueue = {
  send: (name: string, data: Record<string, unknown>) => Promise<void>;
  /** Registers a durable queue and its worker; `cron` also runs it on a schedule. */
  register: (name: string, handler: JobHandler, options?: { cron?: string; retryLimit?: number }) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Durable background jobs on pg-boss, on both engines: through its own connection on PostgreSQL, and through
 * the PGlite adapter of db/database.ts in embedded mode. On PGlite, queue work only outside a transaction:
 * the embedded engine has one connection, which an open transaction holds.
 */
export const startJobQueue = async (database: Database, options: { pollSeconds: number }): Promise<JobQueue> => {
  const boss = 'connectionString' in database.boss
    ? new PgBoss({ connectionString: database.boss.connectionString, max: 4 })
    : new PgBoss({ db: database.boss.db as PgBoss.Db, supervise: true, schedule: true });
  boss.on('error', (error) => console.error('[jobs]', error.message));
  await boss.start();
  return {
    send: async (name, data) => {
      await boss.send(name, data);
    },
    register: async (name, handler, registerOptions = {}) => {
      await boss.createQueue(name, { name, retryLimit: registerOptions.retryLimit ?? 3, retryDelay: 5, retryBackoff: true });
      await boss.work<Record<string, unknown>>(name, { pollingIntervalSeconds: options.pollSeconds }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
      if (registerOptions.cron) await boss.schedule(name, registerOptions.cron);
    },
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
};
