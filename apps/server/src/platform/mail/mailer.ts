import { and, eq, lt } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import type { JobQueue } from '../jobs/queue';
import { MAIL_SEND_JOB } from './mail.jobs';

export type OutgoingMail = { subscriberId?: number | null; to: string; subject: string; text: string };

export type Mailer = {
  /** Records the mail and queues its delivery; returns the outbox id. Never inside a transaction (see jobs/queue). */
  send: (mail: OutgoingMail) => Promise<number>;
  /** The job handler: deliver one mail by SMTP, or leave it in the outbox when no SMTP server is configured. */
  deliver: (mailId: number) => Promise<void>;
  /** Re-queues mails left Queued by a crash between recording and queueing. */
  sweep: () => Promise<void>;
};

/**
 * Mail goes through SMTP when configured. Without SMTP every mail is kept in the outbox, which an administrator
 * reads in the app (/mail-outbox), so OTPs and reset links are never silently lost.
 */
export const createMailer = (db: Db, queue: JobQueue, options: { smtpUrl?: string | undefined; from: string }): Mailer => {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  const deliver = async (mailId: number): Promise<void> => {
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    if (!mail || mail.status !== 'Queued') return;
    if (!transport) {
      await db.update(mailOutbox).set({ status: 'Outbox' }).where(eq(mailOutbox.id, mailId));
      return;
    }
    try {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      await db.update(mailOutbox).set({ status: 'Sent', sentAt: new Date(), error: null }).where(eq(mailOutbox.id, mailId));
    } catch (error) {
      await db
        .update(mailOutbox)
        .set({ error: (error as Error).message })
        .where(eq(mailOutbox.id, mailId));
      throw error; // the job retries; after its last attempt the mail stays readable in the outbox
    }
  };

  return {
    send: async (mail) => {
      const [row] = await db
        .insert(mailOutbox)
        .values({ subscriberId: mail.subscriberId ?? null, to: mail.to, subject: mail.subject, text: mail.text })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('mail outbox insert returned no row');
      await queue.send(MAIL_SEND_JOB, { mailId: row.id });
      return row.id;
    },
    deliver,
    sweep: async () => {
      const stale = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'Queued'), lt(mailOutbox.createdAt, new Date(Date.now() - 60_000))));
      for (const { id } of stale) await queue.send(MAIL_SEND_JOB, { mailId: id });
    },
  };
};
