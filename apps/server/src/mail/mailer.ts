import nodemailer from 'nodemailer';
import type { OutboxRepository } from './outbox-repository.ts';

/** A mail of the app: invitations, password resets, notifications. Plain text. */
export type Mail = { companyId: string | null; to: string; subject: string; text: string };

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** 'smtp': mails leave the server; 'outbox': they are written to the outbox table (demo, tests). */
  readonly mode: 'smtp' | 'outbox';
};

export type MailerOptions = {
  /** `smtp://user:pass@host:587` or `smtps://…`; without it mails go to the outbox. */
  smtpUrl?: string | undefined;
  /** The sender address (MAIL_FROM). */
  from: string;
  outbox: Pick<OutboxRepository, 'insert'>;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
};

/**
 * Mail for real (issue 42): over SMTP with nodemailer when SMTP_URL is set, else into the outbox as
 * before (the demo shows it in the app). A mail that SMTP refuses throws: the caller's request fails
 * with it rather than pretending the mail left. The mail's text (which may hold a sign-in link) is
 * never logged.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (!options.smtpUrl) {
    return {
      mode: 'outbox',
      async send(mail) {
        await options.outbox.insert({
          companyId: mail.companyId,
          to: mail.to,
          subject: mail.subject,
          body: mail.text,
        });
        options.log.info({ to: mail.to }, 'mail written to the outbox');
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    mode: 'smtp',
    async send(mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      options.log.info({ to: mail.to }, 'mail sent over SMTP');
    },
  };
}
