import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (`List-Unsubscribe` of a mail to buyers). */
  headers?: Record<string, string>;
}

/** Where mail goes: an SMTP server, or files in the outbox folder when none is configured. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/**
 * A nodemailer transporter made when the first message is sent: nodemailer (about sixty modules)
 * loads then, not with the server, which may start and stop without sending any.
 */
function madeOnFirstSend<T extends Transporter>(make: (mailer: typeof import('nodemailer')) => T) {
  let made: Promise<T> | undefined;
  let transporter: T | undefined;
  return {
    get: () => {
      made ??= import('nodemailer').then((module) => {
        transporter = make(module.default);
        return transporter;
      });
      return made;
    },
    close: () => transporter?.close(),
  };
}

/** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = madeOnFirstSend((mailer) => mailer.createTransport(url));
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await (await transporter.get()).sendMail({ from, ...mail });
      return { messageId: info.messageId };
    },
    close: transporter.close,
  };
}

const linkPattern = /https?:\/\/[^\s"<>]+/g;

/**
 * Without an SMTP server (`npm start` alone), each message is written as an `.eml` file under
 * `directory`, and its subject and links are logged, so that a reset link can still be followed.
 */
export function createOutboxTransport(
  directory: string,
  from: string,
  log: Pick<FastifyBaseLogger, 'info'>,
): MailTransport {
  const transporter = madeOnFirstSend((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true }),
  );
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await (await transporter.get()).sendMail({ from, ...mail });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const temp = path.join(directory, `.${name}.tmp`);
      await writeFile(temp, info.message as Buffer, { mode: 0o600 });
      await rename(temp, path.join(directory, name));
      log.info(
        {
          to: mail.to,
          subject: mail.subject,
          links: mail.text.match(linkPattern) ?? [],
          file: name,
        },
        'mail written to the outbox (no SMTP_URL)',
      );
      return { messageId: info.messageId };
    },
    close: transporter.close,
  };
}
