import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/**
 * A real SMTP server on loopback for tests: it speaks the protocol, receives what the server
 * sends and keeps every message, parsed. `refuse` makes it answer every message with a
 * temporary failure, as a server that is down for maintenance; `refuseAfter` does so once it
 * has taken a few more.
 */
export async function startSmtpPeer(options: { user?: string; password?: string } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let refusing = false;
  /** Messages past this many received are refused (a server that fails midway). */
  let acceptOnly: number | undefined;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !options.user,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing || (acceptOnly !== undefined && received.length >= acceptOnly)) {
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then((parsed: ParsedMail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            raw: raw.toString('utf8'),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const auth = options.user ? `${options.user}:${options.password}@` : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    port,
    received,
    /** Answers 451 to every message until `accept()`. */
    refuse() {
      refusing = true;
    },
    accept() {
      refusing = false;
      acceptOnly = undefined;
    },
    /** Takes `count` more messages, then answers 451 to every one until `accept()`. */
    refuseAfter(count: number) {
      acceptOnly = received.length + count;
    },
    /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
