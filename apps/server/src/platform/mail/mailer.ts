import { and, eq, isNotNull, lt } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import type { JobQueue } from '../jobs/queue';
import { openSecret, sealSecret } from '../secrets';
import { MAIL_SEND_JOB } from './mail.jobs';

/**
 * `carriesSecret`: the mail holds a one-time code or a link token (OTP, reset, welcome, e-mail confirmation). Its body
 * is never shown in the outbox, is kept only sealed until delivered and is redacted right after.
 */
export type OutgoingMail = { subscriberId?: number | null; to: string; subject: string; text: string; carriesSecret: boolean };

/** What the outbox keeps and shows of a mail that carries a one-time code or link. */
export const WITHHELD_TEXT = 'Content withheld: carries a one-time code or link.';

/** A secret mail not delivered within a day is given up: its code or link has expired by then. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

export type Mailer = {
  /** Records the mail and queues its delivery; returns the outbox id. Never inside a transaction (see jobs/queue). */
  send: (mail: OutgoingMail) => Promise<number>;
  /** The job handler: deliver one mail by SMTP, or leave it in the outbox when no SMTP server is configured. */
  deliver: (mailId: number) => Promise<void>;
  /** Re-queues mails left Queued by a crash between recording and queueing; redacts secret mails never delivered. */
  sweep: () => Promise<void>;
};

/**
 * Mail goes through SMTP when configured. Without SMTP every mail is kept in the outbox, which an administrator
 * reads in the app (/mail-outbox), except mails that carry a one-time code or link: those cannot wait in the
 * outbox (whoever reads it would take the account), so they are redacted and need SMTP to reach anyone.
 */
export const createMailer = (
  db: Db,
  queue: JobQueue,
  options: { smtpUrl?: string | undefined; from: string; secretKey: Buffer },
): Mailer => {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  const deliver = async (mailId: number): Promise<void> => {
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    if (!mail || mail.status !== 'Queued') return;
    if (!transport) {
      await db.update(mailOutbox).set({ status: 'Outbox', sealedText: null }).where(eq(mailOutbox.id, mailId));
      return;
    }
    if (mail.carriesSecret && mail.sealedText === null) {
      await db.update(mailOutbox).set({ status: 'Failed', error: 'redacted before delivery' }).where(eq(mailOutbox.id, mailId));
      return;
    }
    const text = mail.carriesSecret && mail.sealedText !== null ? openSecret(options.secretKey, mail.sealedText) : mail.text;
    try {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text });
      await db
        .update(mailOutbox)
        .set({ status: 'Sent', sentAt: new Date(), error: null, sealedText: null })
        .where(eq(mailOutbox.id, mailId));
    } catch (error) {
      await db
        .update(mailOutbox)
        .set({ error: (error as Error).message })
        .where(eq(mailOutbox.id, mailId));
      throw error; // the job retries; after its last attempt the mail stays in the outbox (a secret one redacted by the sweep)
    }
  };

  return {
    send: async (mail) => {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          subscriberId: mail.subscriberId ?? null,
          to: mail.to,
          subject: mail.subject,
          text: mail.carriesSecret ? WITHHELD_TEXT : mail.text,
          carriesSecret: mail.carriesSecret,
          sealedText: mail.carriesSecret ? sealSecret(options.secretKey, mail.text) : null,
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('mail outbox insert returned no row');
      await queue.send(MAIL_SEND_JOB, { mailId: row.id });
      return row.id;
    },
    deliver,
    sweep: async () => {
      const now = Date.now();
      await db
        .update(mailOutbox)
        .set({ status: 'Failed', sealedText: null })
        .where(and(isNotNull(mailOutbox.sealedText), lt(mailOutbox.createdAt, new Date(now - GIVE_UP_AFTER_MS))));
      const stale = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'Queued'), lt(mailOutbox.createdAt, new Date(now - 60_000))));
      for (const { id } of stale) await queue.send(MAIL_SEND_JOB, { mailId: id });
    },
  };
};
