import { z } from 'zod';
import { defineJob, workerOf, type JobWorker } from '../jobs/job';
import type { Mailer } from './mailer';

/** Delivers one mail of the outbox; retried, after which the mail stays readable in the outbox. */
export const MAIL_SEND_JOB = defineJob({
  name: 'mail.send',
  version: 1,
  payload: z.object({ mailId: z.number().int().positive() }),
  retryLimit: 5,
});
/** Every minute: mails left Queued by a crash between recording and queueing are queued again. */
export const MAIL_SWEEP_JOB = defineJob({ name: 'mail.sweep', version: 1, payload: z.object({}), cron: '* * * * *' });

export const mailWorkers = (mailer: Mailer): JobWorker[] => [
  workerOf(MAIL_SEND_JOB, ({ mailId }) => mailer.deliver(mailId)),
  workerOf(MAIL_SWEEP_JOB, () => mailer.sweep()),
];
