import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string; subject: string; text: string };

/**
 * A real SMTP server on loopback: the app sends through nodemailer, the tests read what arrived (here, or through
 * `onMail`: the browser journeys write each mail to a file for their worker processes).
 */
export const startSmtp = async (
  onMail: (mail: ReceivedMail) => void = () => {},
): Promise<{
  url: string;
  mails: ReceivedMail[];
  waitFor: (to: string, subject: RegExp, after?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}> => {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
        const subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
        const text = body
          .join('\n\n')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        for (const rcpt of session.envelope.rcptTo) {
          const mail = { to: rcpt.address, subject, text };
          mails.push(mail);
          onMail(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const waitFor = async (to: string, subject: RegExp, after = 0): Promise<ReceivedMail> => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const found = mails.slice(after).find((m) => m.to === to && subject.test(m.subject));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${to} matching ${subject} (got ${mails.length} mails)`);
  };
  return { url: `smtp://127.0.0.1:${port}`, mails, waitFor, close: () => new Promise((resolve) => server.close(() => resolve())) };
};

export const otpIn = (mail: ReceivedMail): string => {
  const otp = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!otp) throw new Error(`no OTP in mail: ${mail.text}`);
  return otp;
};

export const linkIn = (mail: ReceivedMail): URL => {
  const link = /(https?:\/\/\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no link in mail: ${mail.text}`);
  return new URL(link);
};
